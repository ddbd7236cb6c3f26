import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAuth, type RouteAccess } from '../../src/server/plugins/auth.ts';
import { isApiPath } from '../../src/server/plugins/canonical-url.ts';
import type { AppContext } from '../../src/server/context.ts';
import { startServer, tempDir, type TestServer } from './helpers.ts';

/**
 * Every route Fastify registered, called as a stranger and as a plain user, on the plain path and
 * on the spellings that once walked around the check (issue 8: `/%61pi/users` listed every account).
 */
let s: TestServer;
let userToken: string;

beforeAll(async () => {
  // With the web app's files present, so its public routes are in the walk too.
  const dist = tempDir();
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  s = await startServer({ DIST_DIR: dist }, { runJobs: false });
  userToken = await s.createUser('plain@example.com');
});
afterAll(() => s.close());

/** A concrete path for a route pattern. */
function concrete(url: string): string {
  return url.replace(':id', '1').replace(':tableType', 'CultivoProyecto').replace('*', 'x');
}

/** The odd spellings of one API path; each must meet the same route. */
function spellings(p: string): string[] {
  const rest = p.slice('/api'.length);
  return [
    p,
    `/%61pi${rest}`,
    `/a%70i${rest}`,
    `/%61%70%69${rest}`,
    `/%41%50%49${rest}`,
    `//api${rest}`,
    `/api/${rest}`,
    `/api/.${rest}`,
    `/api/%2e${rest}`,
    `/x/..${p}`,
    `/x/%2e%2e${p}`,
    `/x/y/../..${p}`,
    p.toUpperCase(),
    `/Api${rest}`,
    `${p}/`,
    `/api%2f${rest.slice(1)}`,
    `/api%2F${rest.slice(1)}`,
    `${p}?page=1`,
  ];
}

/** A raw request: fetch would normalise the path before sending it. */
function raw(method: string, target: string, token?: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname, port, method, path: target, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-length': '0' } },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const apiRoutes = () => s.routes.filter((r) => isApiPath(r.url));
const protectedRoutes = () => apiRoutes().filter((r) => !r.public);
const label = (r: RouteAccess, target: string) => `${r.method} ${target} (route ${r.url})`;

describe('access is decided by the matched route', () => {
  it('knows every route, and only login, health and the API reference are public under /api', () => {
    expect(protectedRoutes().length).toBeGreaterThanOrEqual(12);
    const publicApi = apiRoutes()
      .filter((r) => r.public)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    // The reference (issue 9): the OpenAPI document and the Swagger UI page, its files and its copies of the document.
    const reference = [
      'GET /api/docs',
      'GET /api/docs/json',
      'GET /api/docs/static/*',
      'GET /api/docs/static/index.html',
      'GET /api/docs/static/swagger-initializer.js',
      'GET /api/docs/yaml',
      'GET /api/openapi.json',
    ].flatMap((r) => [r, r.replace('GET', 'HEAD')]);
    expect(publicApi).toEqual([...reference, 'GET /api/health', 'HEAD /api/health', 'POST /api/auth/login'].sort());
    // The web app's own files are public, and nothing else outside /api exists.
    expect(s.routes.filter((r) => !isApiPath(r.url)).every((r) => r.public)).toBe(true);
  });

  it('answers 401 without a token on every protected route, however the path is spelled', async () => {
    let checked = 0;
    for (const route of protectedRoutes()) {
      for (const target of spellings(concrete(route.url))) {
        const res = await raw(route.method, target);
        expect(res.status, label(route, target)).toBe(401);
        if (route.method !== 'HEAD') expect(JSON.parse(res.body).code, label(route, target)).toBe('UNAUTHENTICATED');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('answers 403 to a plain user on every admin route, however the path is spelled', async () => {
    const admin = protectedRoutes().filter((r) => r.permissions?.includes('admin'));
    expect(admin.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/users', 'PATCH /api/users/:id', 'POST /api/auth/register', 'DELETE /api/documents/:id', 'POST /api/documents/:id/reprocess']),
    );
    for (const route of admin) {
      for (const target of spellings(concrete(route.url))) {
        const res = await raw(route.method, target, userToken);
        expect(res.status, label(route, target)).toBe(403);
      }
    }
  });

  it('answers 403 to a plain user on every review route (issue 12), however the path is spelled', async () => {
    const review = protectedRoutes().filter((r) => r.permissions?.includes('review'));
    expect(review.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['PUT /api/tables/:tableType/rows/:rowId/cells/:column', 'DELETE /api/tables/:tableType/rows/:rowId/cells/:column', 'GET /api/corrections/export', 'POST /api/corrections/:id/dismiss']),
    );
    for (const route of review) {
      for (const target of spellings(concrete(route.url).replace(':rowId', '1').replace(':column', 'concepto'))) {
        const res = await raw(route.method, target, userToken);
        expect(res.status, label(route, target)).toBe(403);
      }
    }
  });

  it('lets a plain user through the routes that need only a session', async () => {
    const res = await raw('GET', '/%61pi/users/me', userToken);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).data.email).toBe('plain@example.com');
  });

  it('asks for a session before saying an API path does not exist', async () => {
    for (const target of ['/api/nope', '/%61pi/nope', '/API/NOPE', '/api']) {
      expect((await raw('GET', target)).status, target).toBe(401);
      expect((await raw('GET', target, userToken)).status, target).toBe(404);
    }
    // Outside /api the app shell is served to anyone.
    expect((await raw('GET', '/dashboard/data')).status).toBe(200);
  });
});

describe('a route that declares no access', () => {
  it('stops the server at start-up instead of being open', async () => {
    const app = Fastify();
    // The hook is not called before start-up fails; no database is needed.
    registerAuth(app, {} as AppContext);
    app.get('/api/forgotten', async () => ({ secret: true }));
    app.get('/api/declared', { config: { permissions: [] } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten/);
    await app.close().catch(() => undefined);
  });
});
