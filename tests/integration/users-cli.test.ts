import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startServer, type TestServer } from './helpers.ts';

const run = promisify(execFile);

/** `npm run users -- …` as an operator runs it, next to the running server, on its database. */
async function users(server: TestServer, ...args: string[]): Promise<{ code: number; out: string }> {
  const env = { ...process.env, DATA_DIR: server.config.dataDir, ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}) };
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/users.ts'), ...args], { env, cwd: ROOT });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('npm run users', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, { runJobs: false });
  });
  afterAll(() => server.close());

  it('adds, lists, disables, enables and resets the password of an account the server then honours', async () => {
    const added = await users(server, 'add', 'campo@example.com', '--password', 'clave-campo-1', '--name', 'Agente');
    expect(added).toMatchObject({ code: 0, out: expect.stringContaining('Usuario creado: campo@example.com (user)') });
    await expect(server.login('campo@example.com', 'clave-campo-1')).resolves.toEqual(expect.any(String));

    expect((await users(server, 'list')).out).toMatch(/campo@example\.com\tAgente\tuser\tactivo/);
    expect((await users(server, 'add', 'campo@example.com', '--password', 'otra-clave-1')).code).toBe(1);

    await users(server, 'disable', 'campo@example.com');
    const refused = await server.api('/api/auth/login', { method: 'POST', json: { email: 'campo@example.com', password: 'clave-campo-1' } });
    expect(refused.status).toBe(401);

    await users(server, 'enable', 'campo@example.com');
    const reset = await users(server, 'reset-password', 'campo@example.com');
    const fresh = /cambiada: (\S+)\./.exec(reset.out)?.[1];
    expect(fresh).toBeDefined();
    await expect(server.login('campo@example.com', 'clave-campo-1')).rejects.toThrow(/401/);
    await expect(server.login('campo@example.com', fresh)).resolves.toEqual(expect.any(String));
  });

  it('refuses unknown commands and accounts with a Spanish message', async () => {
    expect(await users(server, 'disable', 'nadie@example.com')).toMatchObject({ code: 1, out: expect.stringContaining('No existe el usuario') });
    expect(await users(server, 'frobnicate')).toMatchObject({ code: 1, out: expect.stringContaining('Uso:') });
  });
});
