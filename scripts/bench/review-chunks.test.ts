import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { reviewChunksReport, reviewChunkSizes } from './review-chunks.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('review chunks of bench:web', () => {
  it('measures the review, pdf-renderer and pdf.js worker chunks of a build, raw and gzip, and nothing else', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sep-review-chunks-'));
    mkdirSync(path.join(dir, 'assets'));
    const review = 'export const a = 1;'.repeat(50);
    writeFileSync(path.join(dir, 'assets', 'review-AbC_12.js'), review);
    writeFileSync(path.join(dir, 'assets', 'pdf-renderer-x9.js'), 'r');
    writeFileSync(path.join(dir, 'assets', 'pdf.worker.min-Zz1.mjs'), 'w');
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'first visit');
    writeFileSync(path.join(dir, 'assets', 'review-abc.css'), 'not js');

    const sizes = reviewChunkSizes(dir);
    expect(sizes.map((c) => [c.label, c.file])).toEqual([
      ['review screen', 'assets/review-AbC_12.js'],
      ['pdf.js renderer', 'assets/pdf-renderer-x9.js'],
      ['pdf.js worker', 'assets/pdf.worker.min-Zz1.mjs'],
    ]);
    expect(sizes[0]).toMatchObject({ raw: review.length, gzip: gzipSync(review, { level: 9 }).length });
  });

  it('says the chunks are not part of the first visit, totals them, and names a chunk not built', () => {
    const lines = reviewChunksReport([{ label: 'review screen', file: 'assets/review-a.js', raw: 2048, gzip: 1024 }], 100 * 1024);
    expect(lines[0]).toMatch(/NOT part of the first visit/);
    expect(lines.join('\n')).toContain('assets/review-a.js');
    expect(lines.join('\n')).toMatch(/pdf\.js worker\s+\(not found in the build\)/);
    expect(lines.at(-1)).toBe("  Review chunks: 2.0 KB raw, 1.0 KB gzip, on top of the first visit's 100.0 KB gzip (not precached)");
  });
});
