import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runCachedScript, saveCodeCaches } from './code-cache.ts';

// The classic-script runner the engine's child loads pdf.js with (docs/decisions/001, "Start-up").
const SCRIPT = `(function (exports, module, importMetaUrl) {"use strict";
module.exports.answer = 6 * 7;
module.exports.url = importMetaUrl;
module.exports.strict = (function () { return this; })() === undefined;
module.exports.load = () => import('./beside.mjs');
})`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempScript(): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-cache-'));
  dirs.push(dir);
  const file = path.join(dir, 'lib.js');
  fs.writeFileSync(file, SCRIPT);
  fs.writeFileSync(path.join(dir, 'beside.mjs'), 'export const beside = true;\n');
  return { dir, file };
}

const caches = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('.cache'));

describe('runCachedScript', () => {
  it('runs the script as a strict module with its import.meta.url, dynamic imports through the main loader', async () => {
    const { dir, file } = tempScript();
    const url = pathToFileURL(path.join(dir, 'original.mjs')).href;
    const lib = runCachedScript(file, url) as { answer: number; url: string; strict: boolean; load: () => Promise<{ beside: boolean }> };
    expect(lib).toMatchObject({ answer: 42, url, strict: true });
    expect((await lib.load()).beside).toBe(true);
  });

  it('writes the code cache beside the script once, and a changed script gets a cache of its own', () => {
    const { dir, file } = tempScript();
    const url = pathToFileURL(file).href;
    runCachedScript(file, url);
    expect(caches(dir)).toEqual([]);
    saveCodeCaches();
    const first = caches(dir);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^lib\.js\.[0-9a-z]+\.cache$/);
    // Found and accepted: nothing to write again.
    runCachedScript(file, url);
    saveCodeCaches();
    expect(caches(dir)).toEqual(first);
    // Another version of the script (its size or mtime) never takes the old cache.
    fs.writeFileSync(file, SCRIPT.replace('6 * 7', '7 * 6'));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect((runCachedScript(file, url) as { answer: number }).answer).toBe(42);
    saveCodeCaches();
    expect(caches(dir)).toHaveLength(2);
  });
});
