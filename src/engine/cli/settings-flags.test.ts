import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { gridSpec, makePdf } from '../../../tests/fixtures/engine/make-pdf.ts';
import { DEFAULT_SETTINGS } from '../settings.ts';
import { takeSettingsFlags } from './settings-flags.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

/** `npm run extract -- …` as built (scripts/run-built.mjs): exit code and both outputs. */
async function extractCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/run-built.mjs', 'extract-cli', ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const dir = mkdtempSync(join(tmpdir(), 'settings-flags-'));

describe('takeSettingsFlags', () => {
  it('takes --settings and each --set out of the arguments, the --set values last', async () => {
    const file = join(dir, 'ajustes.json');
    writeFileSync(file, JSON.stringify({ stream: { regionGapEm: 3, minTableRows: 4 } }));
    const flags = await takeSettingsFlags(['a.pdf', '--set', 'stream.regionGapEm=4', '--settings', file, '--raw', '--set', 'lattice.useFillEdges=true']);
    expect(flags.args).toEqual(['a.pdf', '--raw']);
    expect(flags.settings).toEqual({ stream: { regionGapEm: 4, minTableRows: 4 }, lattice: { useFillEdges: true } });
    expect(flags.resolved.stream).toEqual({ ...DEFAULT_SETTINGS.stream, regionGapEm: 4, minTableRows: 4 });
  });

  it('gives the defaults without flags', async () => {
    expect(await takeSettingsFlags(['a.pdf'])).toEqual({ args: ['a.pdf'], settings: {}, resolved: DEFAULT_SETTINGS });
  });

  it('refuses, in Spanish, what it cannot read', async () => {
    await expect(takeSettingsFlags(['--set'])).rejects.toThrow('Falta el ajuste después de --set');
    await expect(takeSettingsFlags(['--set', 'regionGapEm=3'])).rejects.toThrow('Ajuste mal escrito: regionGapEm=3');
    await expect(takeSettingsFlags(['--set', 'stream.regionGapEm=tres'])).rejects.toThrow('Ajuste stream.regionGapEm: debe ser un número mayor o igual que 0 (se recibió "tres").');
    await expect(takeSettingsFlags(['--set', 'stream.regionGapEm='])).rejects.toThrow('(se recibió "")');
    await expect(takeSettingsFlags(['--settings', join(dir, 'no-such.json')])).rejects.toThrow('No se pudo leer el archivo de ajustes');
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ stream: ');
    await expect(takeSettingsFlags(['--settings', bad])).rejects.toThrow('no es JSON válido');
  });
});

describe('npm run extract with settings', () => {
  it('refuses an unknown or out-of-range setting in Spanish with exit code 2, reading no file', async () => {
    expect(await extractCli('/no/such/file.pdf', '--set', 'stream.foo=4')).toEqual({ code: 2, stdout: '', stderr: 'Ajuste desconocido: stream.foo\n' });
    const negative = await extractCli('/no/such/file.pdf', '--set', 'lattice.snapTolerancePt=-1');
    expect(negative).toMatchObject({ code: 2, stdout: '' });
    expect(negative.stderr).toContain('Ajuste lattice.snapTolerancePt: debe ser un número mayor o igual que 0 (se recibió -1).');
  });

  it('carries the settings to the engine child: a two-row grid is left out with lattice.minRows=3', async () => {
    const pdf = join(dir, 'two-rows.pdf');
    writeFileSync(pdf, await makePdf([gridSpec([50, 150, 250], [100, 120, 140], [['Cultivo', 'Área'], ['Café', '2,5']])]));
    const tables = async (...args: string[]) => {
      const out = await extractCli(pdf, '--raw', ...args);
      expect(out.code).toBe(0);
      return (JSON.parse(out.stdout) as { tables: { rows: string[][] }[] }).tables.map((t) => t.rows);
    };
    expect(await tables()).toEqual([[['Cultivo', 'Área'], ['Café', '2,5']]]);
    expect(await tables('--set', 'lattice.minRows=3')).toEqual([]);
    const file = join(dir, 'min-rows.json');
    writeFileSync(file, JSON.stringify({ lattice: { minRows: 3 } }));
    expect(await tables('--settings', file)).toEqual([]);
  });
});
