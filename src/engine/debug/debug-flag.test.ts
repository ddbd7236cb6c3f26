import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gridSpec, makePdf } from '../../../tests/fixtures/engine/make-pdf.ts';
import { runExtract } from '../../../tests/integration/run-extract.ts';
import { takeDebugFlag } from './debug-flag.ts';

describe('takeDebugFlag', () => {
  it('takes --debug and its folder out of the arguments, wherever they are', () => {
    expect(takeDebugFlag(['a.pdf', '--raw'])).toEqual({ args: ['a.pdf', '--raw'] });
    expect(takeDebugFlag(['--debug', 'out', 'a.pdf'])).toEqual({ dir: 'out', args: ['a.pdf'] });
    expect(takeDebugFlag(['a.pdf', '--debug', 'out', '--raw'])).toEqual({ dir: 'out', args: ['a.pdf', '--raw'] });
    expect(takeDebugFlag(['a.pdf', '--debug'])).toEqual({ dir: '', args: ['a.pdf'] });
    expect(takeDebugFlag(['a.pdf', '--debug', '--raw'])).toEqual({ dir: '', args: ['a.pdf', '--raw'] });
  });
});

describe('npm run extract -- file.pdf --debug DIR', () => {
  const dir = mkdtempSync(join(tmpdir(), 'debug-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the JSON as usual and writes one SVG per page plus index.html', async () => {
    const grid = gridSpec([50, 150, 250], [100, 120, 140, 160], [['Cultivo', 'Área'], ['Café', '2,5'], ['Maíz', '1']]);
    const pdf = join(dir, 'two-pages.pdf');
    writeFileSync(pdf, await makePdf([grid, grid]));
    const out = join(dir, 'out');
    const { code, stdout, stderr } = await runExtract(pdf, '--debug', out);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toHaveProperty('tables');
    expect(readdirSync(out).sort()).toEqual(['index.html', 'page-001.svg', 'page-002.svg']);
    expect(stderr).toContain(join(out, 'index.html'));
  });

  it('explains its usage when the folder is missing', async () => {
    expect(await runExtract(join(dir, 'any.pdf'), '--debug')).toMatchObject({ code: 2, stderr: expect.stringContaining('--debug carpeta') });
  });
});
