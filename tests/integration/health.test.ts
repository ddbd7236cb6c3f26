import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

describe('GET /api/health', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({}, { runJobs: false });
  });
  afterAll(() => s.close());

  it('answers {status:"ok"} without a token and is never cached', async () => {
    const res = await s.api('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('is not rate-limited: a burst of probes all answer ok', async () => {
    const all = await Promise.all(Array.from({ length: 50 }, () => s.api('/api/health')));
    expect(all.map((r) => r.status)).toEqual(Array(50).fill(200));
  });

  it('ignores a bad token (the probe sends none, but a stale one must not make it fail)', async () => {
    const res = await s.api('/api/health', { token: 'not-a-token' });
    expect(res.status).toBe(200);
  });
});
