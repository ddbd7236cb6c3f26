import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fixture, freshDatabaseUrl, ROOT, startServer, tempDir, upload, waitForDocument, ADMIN } from './helpers.ts';

const run = promisify(execFile);

async function script(name: 'backup' | 'restore', env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, `scripts/${name}.ts`), ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('npm run backup / restore', () => {
  it('copies a running server and restores it into an empty folder where the document reads back', async () => {
    const original = await startServer();
    const dbEnv = (url: string | undefined): Record<string, string> => (url ? { DATABASE_URL: url } : {});
    const archive = path.join(tempDir(), 'copia.tar.gz');
    const pdf = fixture('grid-1001.pdf');
    let id: number;
    let rows: unknown;
    try {
      const token = await original.login();
      const res = await upload(original, token, [{ name: 'solicitud.pdf', bytes: pdf }]);
      id = ((await res.json()) as { documents: { id: number }[] }).documents[0]!.id;
      expect((await waitForDocument(original, token, id)).status).toBe('processed');
      rows = await (await original.api('/api/tables/CostosDirectos?page_size=100', { token })).json();

      // While the server runs.
      const made = await script('backup', { DATA_DIR: original.config.dataDir, ...dbEnv(original.config.databaseUrl) }, archive);
      expect(made.out).toMatch(/Copia de seguridad escrita .* 1 documentos, 1 archivos PDF/);
      expect(made.code).toBe(0);
      expect((await script('backup', { DATA_DIR: original.config.dataDir, ...dbEnv(original.config.databaseUrl) }, archive)).out).toContain('ya existe');
    } finally {
      await original.close();
    }

    // Refused into a folder that holds something.
    const occupied = tempDir();
    fs.writeFileSync(path.join(occupied, 'algo.txt'), 'x');
    expect(await script('restore', { DATA_DIR: occupied, ...dbEnv(await freshDatabaseUrl()) }, archive)).toMatchObject({ code: 1, out: expect.stringContaining('no está vacía') });

    const dataDir = path.join(tempDir(), 'restaurado');
    const databaseUrl = await freshDatabaseUrl();
    const restored = await script('restore', { DATA_DIR: dataDir, ...dbEnv(databaseUrl) }, archive);
    expect(restored).toMatchObject({ code: 0, out: expect.stringContaining('1 documentos') });

    const again = await startServer({ ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, { dataDir, runJobs: false });
    try {
      const token = await again.login(ADMIN.email, ADMIN.password);
      const doc = (await (await again.api(`/api/documents/${id}`, { token })).json()) as { data: { status: string; nosolicitud: string; original_filename: string } };
      expect(doc.data).toMatchObject({ status: 'processed', nosolicitud: '009176' });
      const file = await again.api(`/api/documents/${id}/file`, { token });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
      expect(await (await again.api('/api/tables/CostosDirectos?page_size=100', { token })).json()).toEqual(rows);
    } finally {
      await again.close();
    }
  }, 120_000);
});
