import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, fixture, freshDatabaseUrl, loginTo, ROOT, runServerToExit, serverEnv, spawnServer, tempDir, upload, waitForDocument } from './helpers.ts';
import { nodeTooOld } from '../../src/server/node-version.ts';

describe('start-up a person can follow', () => {
  let busy: net.Server;
  let port: number;
  beforeAll(async () => {
    busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    port = (busy.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  it.each(['src/server/main.ts', 'src/server/start.ts', 'scripts/run-built.mjs server'])('%s on a busy port says so in one Spanish line and creates nothing', async (entry) => {
    const dataDir = tempDir();
    const { code, output } = await runServerToExit({ PORT: String(port), LOG_LEVEL: 'warn', DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'no-dist') }, { entry });
    expect(code).toBe(4);
    expect(output).toContain(`El puerto ${port} ya está en uso`);
    expect(output).toContain('PORT=');
    expect(output).not.toMatch(/\n\s+at /); // no stack trace
    expect(output).not.toContain('Administrador creado');
    expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(false);
  });

  it('prints the first administrator last, after the address, and the password works', async () => {
    const dataDir = tempDir();
    const databaseUrl = await freshDatabaseUrl();
    const env: Record<string, string> = { DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'no-dist'), ADMIN_EMAIL: '', ADMIN_PASSWORD: '', LOG_LEVEL: 'warn' };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    const server = await spawnServer(env);
    try {
      const until = Date.now() + 5000;
      while (!server.output().includes('Administrador creado') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const lines = server.output().trim().split('\n');
      expect(lines.at(-1)).toMatch(/^Administrador creado: admin@localhost con la contraseña \S+/);
      expect(lines.findIndex((l) => l.startsWith('Servidor escuchando'))).toBeLessThan(lines.length - 1);
      const password = /contraseña (\S+)/.exec(lines.at(-1)!)![1];
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@localhost', password }),
      });
      expect(res.status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
    }
  });
});

describe('the compiled server npm start runs (build/server.mjs)', () => {
  it('starts, serves /api/health and runs a job in the compiled engine child beside it', async () => {
    // tests/global-setup.ts built it (scripts/build.ts), as `npm start` does when stale.
    const server = await spawnServer(await serverEnv(tempDir(), { LOG_LEVEL: 'warn' }), [path.join(ROOT, 'build/server.mjs')]);
    try {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      const api = clientFor(server.url);
      const token = await loginTo(api);
      // A damaged file is refused by the upload check's child; a real one is extracted by the job's.
      expect((await upload({ api }, token, [{ name: 'dañado.pdf', bytes: fixture('qpdf-issue-148-bad-flate.pdf') }])).status).toBe(415);
      const res = await upload({ api }, token, [{ name: 'grid.pdf', bytes: fixture('grid-1001.pdf') }]);
      expect(res.status).toBe(201);
      const id = (await res.json()).documents[0].id as number;
      expect(await waitForDocument({ api }, token, id, 60_000)).toEqual({ status: 'processed', progress: 100 });
    } finally {
      server.child.kill('SIGTERM');
    }
  }, 90_000);
});

describe('nodeTooOld', () => {
  it('accepts the supported Node and names the one that is too old', () => {
    expect(nodeTooOld('20.19.0')).toBeUndefined();
    expect(nodeTooOld('22.1.0')).toBeUndefined();
    expect(nodeTooOld('20.18.3')).toMatch(/Se necesita Node 20\.19 o posterior; este es Node 20\.18\.3/);
    expect(nodeTooOld('18.20.0')).toBeDefined();
  });
});
