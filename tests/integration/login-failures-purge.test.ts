import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

/**
 * Attacker's audit (decision 036): every login with a new email wrote a `login_failures` row, refused
 * ones too, and nothing ever deleted them, so one address could grow the table by a row per guess,
 * forever. Rows whose window is over are now purged once a window.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ LOGIN_WINDOW_MS: '1000', LOGIN_MAX_FAILURES_PER_ADDRESS: '5' }, { runJobs: false });
});
afterAll(() => s.close());

const rows = async () => Number((await s.ctx.db.selectFrom('login_failures').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

it('keys of failed logins whose window is over are deleted by the server itself', async () => {
  for (let i = 0; i < 12; i++) {
    const res = await s.api('/api/auth/login', { method: 'POST', json: { email: `guess${i}@example.com`, password: 'wrong' } });
    expect([401, 429]).toContain(res.status);
  }
  // One row per email guessed (refused ones included) and one for the address; the 1 s window's
  // purge may already have taken the oldest.
  expect(await rows()).toBeGreaterThan(0);
  const until = Date.now() + 15_000;
  while ((await rows()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
  expect(await rows()).toBe(0);
  // Logins still count and work after the purge.
  expect((await s.api('/api/auth/login', { method: 'POST', json: { email: 'admin@example.com', password: 'admin-pass-123' } })).status).toBe(200);
}, 30_000);
