import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/x', ...env });

describe('loadConfig: abuse limits', () => {
  it('defaults: no proxy trusted, 20 failures per address, 60 logins and 120 uploads per minute', () => {
    expect(load({})).toMatchObject({ trustProxy: false, loginMaxFailuresPerAddress: 20, loginRatePerMinute: 60, uploadRatePerMinute: 120 });
  });

  it('reads TRUST_PROXY as a boolean, a hop count or a list of addresses/CIDRs', () => {
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: 'FALSE' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(load({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses a TRUST_PROXY it cannot read, naming the variable', () => {
    for (const bad of ['maybe', '10.0.0.1,', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', 'proxy.example.com', '1000']) {
      expect(() => load({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => load({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('validates the per-address and rate limits', () => {
    expect(load({ LOGIN_MAX_FAILURES_PER_ADDRESS: '50', LOGIN_RATE_PER_MINUTE: '5', UPLOAD_RATE_PER_MINUTE: '7' })).toMatchObject({
      loginMaxFailuresPerAddress: 50,
      loginRatePerMinute: 5,
      uploadRatePerMinute: 7,
    });
    for (const name of ['LOGIN_MAX_FAILURES_PER_ADDRESS', 'LOGIN_RATE_PER_MINUTE', 'UPLOAD_RATE_PER_MINUTE']) {
      expect(() => load({ [name]: '0' }), name).toThrow(new RegExp(name));
      expect(() => load({ [name]: 'lots' }), name).toThrow(new RegExp(name));
    }
  });
});

describe('loadConfig: roles (issue 13)', () => {
  it('defaults to the all-in-one process; api and worker with PostgreSQL', () => {
    expect(load({})).toMatchObject({ role: 'all', healthPort: 8081, drainSeconds: 60 });
    const pg = { DATABASE_URL: 'postgres://u@h/db' };
    expect(load({ ...pg, ROLE: 'api' }).role).toBe('api');
    expect(load({ ...pg, ROLE: 'Worker', HEALTH_PORT: '9000', DRAIN_SECONDS: '5' })).toMatchObject({ role: 'worker', healthPort: 9000, drainSeconds: 5 });
  });

  it('refuses a worker or an API node without PostgreSQL, naming DATABASE_URL', () => {
    for (const r of ['worker', 'api']) {
      expect(() => load({ ROLE: r }), r).toThrow(ConfigError);
      expect(() => load({ ROLE: r }), r).toThrow(/DATABASE_URL .*ROLE=/);
    }
    expect(() => load({ ROLE: 'boss' })).toThrow(/ROLE/);
    expect(() => load({ HEALTH_PORT: 'x' })).toThrow(/HEALTH_PORT/);
  });
});
