import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startServer, tinyPdf, upload, type TestServer } from './helpers.ts';

// Issue 8: login attempts are reserved atomically before the password is checked, hashing has a
// bounded share of the thread pool, and addresses (behind a trusted proxy, the client's) are limited.
const login = (s: Pick<TestServer, 'api'>, email: string, password: string, headers: Record<string, string> = {}) =>
  s.api('/api/auth/login', { method: 'POST', json: { email, password }, headers });

describe('per-account attempts', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ LOGIN_MAX_FAILURES: '3' }, { runJobs: false });
    await s.createUser('clear@example.com');
  });
  afterAll(() => s.close());

  it('checks at most LOGIN_MAX_FAILURES of 40 concurrent wrong passwords; the rest answer 429', async () => {
    const statuses = await Promise.all(Array.from({ length: 40 }, () => login(s, ADMIN.email, 'wrong-password-1').then((r) => r.status)));
    // A 401 means the password was verified; a 429 means it never was.
    expect(statuses.filter((x) => x === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThanOrEqual(37);
    expect(statuses.every((x) => x === 401 || x === 429)).toBe(true);
    // The account stays blocked for this address, even with the right password.
    expect((await login(s, ADMIN.email, ADMIN.password)).status).toBe(429);
  });

  it('a success clears the account count', async () => {
    for (let i = 0; i < 2; i++) expect((await login(s, 'clear@example.com', 'wrong-pass-9')).status).toBe(401);
    expect((await login(s, 'clear@example.com', 'user-pass-123')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(s, 'clear@example.com', 'wrong-pass-9')).status).toBe(401);
    expect((await login(s, 'clear@example.com', 'wrong-pass-9')).status).toBe(429);
  });
});

describe('per-address attempts and the trusted proxy', () => {
  it('limits failures from one address across accounts (LOGIN_MAX_FAILURES_PER_ADDRESS)', async () => {
    const s = await startServer({ LOGIN_MAX_FAILURES_PER_ADDRESS: '4' }, { runJobs: false });
    try {
      for (let i = 0; i < 4; i++) expect((await login(s, `nobody${i}@example.com`, 'whatever-1')).status).toBe(401);
      const res = await login(s, 'nobody-else@example.com', 'whatever-1');
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({ code: 'TOO_MANY_LOGIN_ATTEMPTS', error: 'Demasiados intentos de inicio de sesión. Espera unos minutos e intenta de nuevo.' });
    } finally {
      await s.close();
    }
  });

  it('with TRUST_PROXY=true two X-Forwarded-For addresses count separately; without it they share one', async () => {
    const env = { LOGIN_MAX_FAILURES_PER_ADDRESS: '2' };
    const trusting = await startServer({ ...env, TRUST_PROXY: 'true' }, { runJobs: false });
    const plain = await startServer(env, { runJobs: false });
    try {
      for (const s of [trusting, plain]) {
        for (let i = 0; i < 2; i++) expect((await login(s, `a${i}@example.com`, 'whatever-1', { 'X-Forwarded-For': '203.0.113.7' })).status).toBe(401);
        expect((await login(s, 'a9@example.com', 'whatever-1', { 'X-Forwarded-For': '203.0.113.7' })).status).toBe(429);
      }
      expect((await login(trusting, 'b@example.com', 'whatever-1', { 'X-Forwarded-For': '198.51.100.9' })).status).toBe(401);
      expect((await login(plain, 'b@example.com', 'whatever-1', { 'X-Forwarded-For': '198.51.100.9' })).status).toBe(429);
    } finally {
      await trusting.close();
      await plain.close();
    }
  });
});

// Second attacker's audit: an IPv6 client holds a whole /64 (2^64 addresses); counted per address,
// each new one got LOGIN_MAX_FAILURES more guesses at the same account, without end.
describe('IPv6 clients are counted by their /64', () => {
  it('a new address in the same /64 gets no new guesses, at the account or across accounts', async () => {
    const s = await startServer({ TRUST_PROXY: 'true', LOGIN_MAX_FAILURES: '2', LOGIN_MAX_FAILURES_PER_ADDRESS: '4' }, { runJobs: false });
    const from = (host: string) => ({ 'X-Forwarded-For': `2001:db8:1:2::${host}` });
    try {
      for (const host of ['1', '2']) expect((await login(s, ADMIN.email, 'wrong-password-1', from(host))).status).toBe(401);
      expect((await login(s, ADMIN.email, 'wrong-password-1', from('3'))).status).toBe(429);
      expect((await login(s, ADMIN.email, 'wrong-password-1', { 'X-Forwarded-For': '2001:db8:1:2:abcd:ef01:2345:6789' })).status).toBe(429);
      for (const host of ['4', '5']) expect((await login(s, `n${host}@example.com`, 'whatever-1', from(host))).status).toBe(401);
      expect((await login(s, 'n6@example.com', 'whatever-1', from('6'))).status).toBe(429);
      // Another /64 is another client; an IPv4 address written as IPv6 is that IPv4 address.
      expect((await login(s, ADMIN.email, 'wrong-password-1', { 'X-Forwarded-For': '2001:db8:1:3::1' })).status).toBe(401);
      for (let i = 0; i < 2; i++) expect((await login(s, ADMIN.email, 'wrong-password-1', { 'X-Forwarded-For': '::ffff:203.0.113.5' })).status).toBe(401);
      expect((await login(s, ADMIN.email, 'wrong-password-1', { 'X-Forwarded-For': '203.0.113.5' })).status).toBe(429);
    } finally {
      await s.close();
    }
  });
});

describe('request rate limits on login and upload', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ LOGIN_RATE_PER_MINUTE: '3', UPLOAD_RATE_PER_MINUTE: '2' }, { runJobs: false });
  });
  afterAll(() => s.close());

  it('answers 429 with our Spanish body once a route’s rate is spent; other routes are not limited', async () => {
    const token = await s.login();
    expect((await login(s, ADMIN.email, ADMIN.password)).status).toBe(200);
    expect((await login(s, ADMIN.email, ADMIN.password)).status).toBe(200);
    const limited = await login(s, ADMIN.email, ADMIN.password);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.json()).toMatchObject({ error: 'Demasiadas solicitudes. Intenta de nuevo en unos momentos.', code: 'TOO_MANY_REQUESTS' });

    for (let i = 0; i < 2; i++) expect((await upload(s, token, [{ name: `r${i}.pdf`, bytes: tinyPdf(`rate ${i}`) }])).status).toBe(201);
    const up = await upload(s, token, [{ name: 'r9.pdf', bytes: tinyPdf('rate 9') }]);
    expect(up.status).toBe(429);
    expect(await up.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    for (let i = 0; i < 5; i++) expect((await s.api('/api/users/me', { token })).status).toBe(200);
  });
});

describe('password hashing does not starve the server', () => {
  let s: TestServer;
  let token: string;
  let fileId: number;
  beforeAll(async () => {
    s = await startServer({}, { runJobs: false });
    token = await s.login();
    const res = await upload(s, token, [{ name: 'leer.pdf', bytes: tinyPdf('read me') }]);
    fileId = ((await res.json()) as { documents: { id: number }[] }).documents[0]!.id;
  });
  afterAll(() => s.close());

  async function timed(pathname: string): Promise<{ status: number; ms: number }> {
    const start = performance.now();
    const res = await s.api(pathname, { token });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - start };
  }

  // Unbounded, the storm's hashes held libuv's 4 threads and the file read waited for all of them:
  // the reads ended at 0.9 of the storm's time (1.5-1.7 s of 1.9-2.1 s here; 8-10 s before the
  // per-address limit). Bounded, they end at 0.1-0.15 of it. Absolute budgets failed on a loaded CI
  // machine (a bounded read took 1.5 s there, stop 27), so the test compares the two in one run:
  // load stretches both alike. Both routes are read once first: a server's first read is slower.
  it('keeps /api/health and a file read answering early during 50 concurrent unknown-email logins', async () => {
    for (const warm of ['/api/health', `/api/documents/${fileId}/file`]) expect((await timed(warm)).status).toBe(200);
    const started = performance.now();
    const storm = Promise.all(Array.from({ length: 50 }, (_, i) => login(s, `ghost${i}@example.com`, 'guess-123').then((r) => r.status)));
    // Let the storm reach the server and fill the hashing before measuring.
    await new Promise((r) => setTimeout(r, 150));
    const reads: { status: number; ms: number }[] = [];
    for (let i = 0; i < 3; i++) {
      reads.push(await timed('/api/health'));
      reads.push(await timed(`/api/documents/${fileId}/file`));
    }
    const readsEnded = performance.now() - started;
    const statuses = await storm;
    const stormEnded = performance.now() - started;
    expect(reads.every((r) => r.status === 200)).toBe(true);
    expect(readsEnded / stormEnded, JSON.stringify({ reads, stormEnded })).toBeLessThan(0.5);
    // The default per-address limit (20) answered most of the storm without hashing.
    expect(statuses.filter((x) => x === 401).length).toBeLessThanOrEqual(20);
    expect(statuses.every((x) => x === 401 || x === 429 || x === 503)).toBe(true);
  });
});
