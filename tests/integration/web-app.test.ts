import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tempDir, type TestServer } from './helpers.ts';

let s: TestServer;

beforeAll(async () => {
  // A stand-in for Vite's output: the server only needs the files and their names.
  const dist = tempDir();
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Sistema de Extracción PDF</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Sistema de Extracción PDF"}');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
  // Vite's hashes mix cases; the router ignores case (auth), file names must not.
  fs.writeFileSync(path.join(dist, 'assets', 'Mixed-AbC9.js'), 'console.log(2);');
  // What a careless deploy leaves in the web root (a copy made with its dotfiles, an editor's file).
  fs.writeFileSync(path.join(dist, '.env'), 'DATABASE_URL=postgres://secret');
  fs.mkdirSync(path.join(dist, '.git'));
  fs.writeFileSync(path.join(dist, '.git', 'config'), '[remote "origin"] url = secret');
  fs.writeFileSync(path.join(dist, 'assets', '.index-abc123.js.swp'), 'secret');
  s = await startServer({ DIST_DIR: dist }, { runJobs: false });
});
afterAll(() => s.close());

describe('serving the web app', () => {
  it('serves index.html, sw.js and the manifest with no-cache and hashed assets long-cached', async () => {
    for (const file of ['/', '/sw.js', '/manifest.webmanifest']) {
      const res = await fetch(`${s.url}${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
    }
    const asset = await fetch(`${s.url}/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const mixed = await fetch(`${s.url}/assets/Mixed-AbC9.js`);
    expect(mixed.status).toBe(200);
    expect(await mixed.text()).toBe('console.log(2);');
  });

  it('falls back to the app shell for client routes, never for /api', async () => {
    const page = await fetch(`${s.url}/dashboard/data?table=CostosDirectos`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sistema de Extracción PDF');
    // An API path asks for a session first (issue 8), then says it does not exist.
    expect((await fetch(`${s.url}/api/does-not-exist`)).status).toBe(401);
    const api = await fetch(`${s.url}/api/does-not-exist`, { headers: { authorization: `Bearer ${await s.login()}` } });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
    expect((await fetch(`${s.url}/dashboard`, { method: 'POST' })).status).toBe(404);
  });

  it('never serves a dotfile or a file in a dot folder, however the path is spelled', async () => {
    for (const file of ['/.env', '/%2eenv', '/assets/../.env', '/.git/config', '/%2Egit/config', '/assets/.index-abc123.js.swp', '/.ENV']) {
      const res = await fetch(`${s.url}${file}`);
      const text = await res.text();
      expect(text, file).not.toContain('secret');
    }
  });

  it('sends a CSP that allows the app, its service worker and its API, and nothing else', async () => {
    const csp = (await fetch(`${s.url}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });
});
