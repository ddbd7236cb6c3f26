import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WORKER_PATCHES, writePdfjsScripts } from './pdfjs-scripts.ts';

// The engine's child runs pdf.js from the scripts these write (docs/decisions/001, "Start-up" and
// issue 14); a patch that no longer applies leaves pdf.js as shipped (slower, or for `runPerCell`
// words placed by estimate again), so an upgrade of pdf.js that moves one of these lines shows up
// here, not as a silent slowdown or a silent loss of columns.
const root = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfjs-scripts-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('pdf.js scripts of the engine child', () => {
  it('applies every worker patch to the installed pdf.js, once, and leaves the API module as shipped', async () => {
    await writePdfjsScripts(dir, root);
    const worker = fs.readFileSync(path.join(dir, 'pdfjs/pdf.worker.js'), 'latin1');
    for (const [name, { from, to }] of Object.entries(WORKER_PATCHES)) {
      expect({ name, from: worker.includes(from) }).toEqual({ name, from: false });
      expect({ name, to: worker.split(to).length - 1 }).toEqual({ name, to: 1 });
    }
    // The fallback a failed font face asks for still builds outlines (never asked here: no font face is made).
    expect(worker).toContain('PartialEvaluator.buildFontPaths(this.font, this.font.glyphCacheValues');
    expect(fs.readFileSync(path.join(dir, 'pdfjs/pdf.js'), 'latin1')).toContain('maxImageSize');
  }, 60_000);
});
