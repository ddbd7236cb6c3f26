import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spanishModelPath } from './recognize.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('OCR without a network', () => {
  it('reads the Spanish model from the installed package, a folder on disk', () => {
    const dir = spanishModelPath();
    expect(dir).not.toMatch(/^[a-z]+:\/\//);
    expect(existsSync(join(dir, 'spa.traineddata.gz'))).toBe(true);
  });

  it('recognises Spanish text with fetch, sockets and DNS refused in every thread', () => {
    const run = spawnSync(
      process.execPath,
      ['--require', join(ROOT, 'tests/fixtures/ocr/no-network.cjs'), '--import', 'tsx', join(ROOT, 'tests/fixtures/ocr/ocr-offline.ts')],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NODE_OPTIONS: '' } },
    );
    expect(run.stderr).toContain('no-network preload active (worker thread)');
    expect(run.stderr).not.toContain('NETWORK ATTEMPT');
    expect(run.status, run.stderr).toBe(0);
    const words = run.stdout.split('\n');
    expect(words).toEqual(expect.arrayContaining(['FORMULARIO', 'SOLICITUD', 'CRÉDITO']));
  }, 130_000);
});
