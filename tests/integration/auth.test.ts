import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ LOGIN_MAX_FAILURES: '3' }, { runJobs: false });
});
afterAll(() => s.close());

describe('auth', () => {
  it('logs in with both token readings and the user decided by the server', async () => {
    const res = await s.api('/api/auth/login', { method: 'POST', json: ADMIN });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.token_type).toBe('bearer');
    expect(body.access_token).toMatch(/^[\w-]{43}$/);
    expect(body.accessToken).toBe(body.access_token);
    expect(body.user).toMatchObject({ email: ADMIN.email, name: 'admin', role: 'admin', permissions: ['read', 'upload', 'admin', 'review'] });
  });

  it('answers 401 in Spanish for wrong credentials and 429 after repeated failures per account+address', async () => {
    const bad = { email: 'victim@example.com', password: 'nope-nope' };
    for (let i = 0; i < 3; i++) {
      const res = await s.api('/api/auth/login', { method: 'POST', json: bad });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Credenciales inválidas. Intenta de nuevo.', detail: 'invalid email or password', code: 'INVALID_CREDENTIALS' });
    }
    const limited = await s.api('/api/auth/login', { method: 'POST', json: bad });
    expect(limited.status).toBe(429);
    expect((await limited.json()).error).toMatch(/Demasiados intentos/);
    // Another account from the same address is not punished.
    expect((await s.api('/api/auth/login', { method: 'POST', json: ADMIN })).status).toBe(200);
  });

  it('rejects unknown fields and missing ones', async () => {
    expect((await s.api('/api/auth/login', { method: 'POST', json: { ...ADMIN, extra: 1 } })).status).toBe(400);
    const res = await s.api('/api/auth/login', { method: 'POST', json: { email: ADMIN.email } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION', error: 'La solicitud no es válida.' });
  });

  it('users/me answers the role and permissions; a user is not an admin whatever the email says', async () => {
    const token = await s.createUser('admin.lookalike@example.com');
    const res = await s.api('/api/users/me', { token });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ email: 'admin.lookalike@example.com', role: 'user', permissions: ['read', 'upload'] });
  });

  it('logout revokes the token on the spot', async () => {
    const token = await s.login();
    expect((await s.api('/api/users/me', { token })).status).toBe(200);
    expect((await s.api('/api/auth/logout', { method: 'POST', token })).status).toBe(200);
    const after = await s.api('/api/users/me', { token });
    expect(after.status).toBe(401);
    expect((await after.json()).code).toBe('UNAUTHENTICATED');
  });

  it('401 without or with a bad token on every protected route', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/users/me'],
      ['GET', '/api/users'],
      ['PATCH', '/api/users/1'],
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/documents'],
      ['POST', '/api/documents/upload'],
      ['GET', '/api/documents/1'],
      ['GET', '/api/documents/1/progress'],
      ['GET', '/api/documents/1/file'],
      ['DELETE', '/api/documents/1'],
      ['POST', '/api/documents/1/reprocess'],
      ['GET', '/api/tables'],
      ['GET', '/api/tables/CostosDirectos'],
      ['GET', '/api/tables/CostosDirectos/export'],
    ];
    for (const [method, url] of routes) {
      const none = await s.api(url, { method });
      expect(none.status, `${method} ${url}`).toBe(401);
      expect(await none.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect((await s.api(url, { method, token: 'forged-token' })).status, `${method} ${url}`).toBe(401);
    }
  });

  it('403 for a user on admin routes', async () => {
    const token = await s.createUser('plain@example.com');
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/users'],
      ['PATCH', '/api/users/1', { role: 'user' }],
      ['POST', '/api/auth/register', { email: 'x@example.com', password: 'whatever-123' }],
      ['DELETE', '/api/documents/1'],
      ['POST', '/api/documents/1/reprocess'],
    ];
    for (const [method, url, json] of routes) {
      const res = await s.api(url, { method, token, json });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'FORBIDDEN', error: 'No tienes permisos para realizar esta acción.' });
    }
  });

  it('admins register, list, demote, disable and reset users; the last admin stays', async () => {
    const admin = await s.login();
    const reg = await s.api('/api/auth/register', { method: 'POST', token: admin, json: { email: 'New.Person@Example.com', password: 'first-pass-1', name: 'Nueva' } });
    expect(reg.status).toBe(201);
    const created = (await reg.json()).data;
    expect(created).toMatchObject({ email: 'new.person@example.com', name: 'Nueva', role: 'user', active: true });
    expect((await s.api('/api/auth/register', { method: 'POST', token: admin, json: { email: 'new.person@example.com', password: 'first-pass-1' } })).status).toBe(409);

    const userToken = await s.login('new.person@example.com', 'first-pass-1');
    const list = await s.api('/api/users', { token: admin });
    expect((await list.json()).data.map((u: { email: string }) => u.email)).toContain('new.person@example.com');

    const promoted = await s.api(`/api/users/${created.id}`, { method: 'PATCH', token: admin, json: { role: 'admin' } });
    expect((await promoted.json()).data.permissions).toEqual(['read', 'upload', 'admin', 'review']);

    const reset = await s.api(`/api/users/${created.id}`, { method: 'PATCH', token: admin, json: { password: 'second-pass-2' } });
    expect(reset.status).toBe(200);
    expect((await s.api('/api/users/me', { token: userToken })).status).toBe(401);
    expect((await s.api('/api/auth/login', { method: 'POST', json: { email: 'new.person@example.com', password: 'first-pass-1' } })).status).toBe(401);
    const newToken = await s.login('new.person@example.com', 'second-pass-2');

    const disabled = await s.api(`/api/users/${created.id}`, { method: 'PATCH', token: admin, json: { active: false } });
    expect((await disabled.json()).data.active).toBe(false);
    expect((await s.api('/api/users/me', { token: newToken })).status).toBe(401);
    expect((await s.api('/api/auth/login', { method: 'POST', json: { email: 'new.person@example.com', password: 'second-pass-2' } })).status).toBe(401);

    const me = (await (await s.api('/api/users/me', { token: admin })).json()).data;
    const last = await s.api(`/api/users/${me.id}`, { method: 'PATCH', token: admin, json: { active: false } });
    expect(last.status).toBe(409);
    expect((await s.api('/api/users/9999', { method: 'PATCH', token: admin, json: { active: true } })).status).toBe(404);
    expect((await s.api(`/api/users/${created.id}`, { method: 'PATCH', token: admin, json: {} })).status).toBe(400);
  });

  it('validates the timezone-offset header', async () => {
    const token = await s.login();
    expect((await s.api('/api/users/me', { token, headers: { 'X-Timezone-Offset': '300' } })).status).toBe(200);
    expect((await s.api('/api/users/me', { token, headers: { 'X-Timezone-Offset': '-120' } })).status).toBe(200);
    const bad = await s.api('/api/users/me', { token, headers: { 'X-Timezone-Offset': 'abc' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('INVALID_TIMEZONE_OFFSET');
  });

  it('answers unknown API routes with a JSON 404, to a signed-in caller only', async () => {
    expect((await s.api('/api/nothing-here')).status).toBe(401);
    const res = await s.api('/api/nothing-here', { token: await s.login() });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
