import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, tempDir } from './helpers.ts';
import { runExtract } from './run-extract.ts';

describe('npm run extract', () => {
  it('prints one document as JSON: request number, header and its catalogue tables', async () => {
    const { code, stdout } = await runExtract(path.join(FIXTURES, 'grid-1001.pdf'));
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as { nosolicitud: string; tables: Record<string, unknown[]> };
    expect(out.nosolicitud).toBe('009176');
    expect(Object.keys(out.tables)).toEqual(expect.arrayContaining(['CultivoProyecto', 'CostosDirectos', 'PlanAmortizacionDetalle']));
    expect(out.tables.CostosDirectos!.length).toBeGreaterThan(3);
  });

  it('prints every raw table with --raw, and one JSON line per file of a folder', async () => {
    const dir = tempDir();
    fs.copyFileSync(path.join(FIXTURES, 'grid-1001.pdf'), path.join(dir, 'a.pdf'));
    fs.copyFileSync(path.join(FIXTURES, 'qpdf-bad1-5bytes.pdf'), path.join(dir, 'b.pdf'));
    const { code, stdout, stderr } = await runExtract(dir, '--raw');
    // One damaged file makes the run fail, and says so in Spanish, without hiding the others.
    expect(code).toBe(1);
    const lines = stdout.trim().split('\n').map((l) => JSON.parse(l) as { file: string; tables?: { page: number; rows: string[][] }[]; status?: string });
    expect(lines.map((l) => l.file)).toEqual(['a.pdf', 'b.pdf']);
    expect(lines[0]!.tables!.length).toBeGreaterThan(3);
    expect(lines[0]!.tables![0]!.rows[0]!.length).toBeGreaterThan(1);
    expect(lines[1]!.status).toBe('invalid');
    expect(stderr).toMatch(/b\.pdf: .*(dañado|no se puede leer|no es un PDF)/i);
  });

  it('explains its usage and a missing file in Spanish', async () => {
    expect(await runExtract()).toMatchObject({ code: 2, stderr: expect.stringContaining('Uso: npm run extract') });
    expect(await runExtract('/no/such/file.pdf')).toMatchObject({ code: 1, stderr: expect.stringContaining('no existe') });
  });
});
