/**
 * `npm run bench:web`: the review screen's lazy chunks (decision 055), measured next to the first
 * visit. None of them is part of the first visit: the route loads them when a reviewer opens a
 * document's review, and the service worker does not precache pdf.js nor its worker.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The review route, the pdf.js renderer it imports, and pdf.js's worker (by built file name). */
export const REVIEW_CHUNKS: readonly { label: string; pattern: RegExp }[] = [
  { label: 'review screen', pattern: /^review-[\w-]+\.js$/ },
  { label: 'pdf.js renderer', pattern: /^pdf-renderer-[\w-]+\.js$/ },
  { label: 'pdf.js worker', pattern: /^pdf\.worker[\w.-]*\.mjs$/ },
];

export interface ChunkSize {
  label: string;
  /** Path under the built folder, with forward slashes. */
  file: string;
  raw: number;
  gzip: number;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/** Raw and gzip (level 9, as the first-visit figure) size of each review chunk in a built folder, in REVIEW_CHUNKS order. */
export function reviewChunkSizes(distDir: string): ChunkSize[] {
  const files = listFiles(distDir).sort();
  return REVIEW_CHUNKS.flatMap(({ label, pattern }) =>
    files
      .filter((f) => pattern.test(path.basename(f)))
      .map((f) => {
        const bytes = readFileSync(f);
        return { label, file: path.relative(distDir, f).split(path.sep).join('/'), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      }),
  );
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The report's lines: each chunk, a total, and the first visit's gzip for comparison. A chunk not built is said so. */
export function reviewChunksReport(chunks: readonly ChunkSize[], firstVisitGzip: number): string[] {
  const lines = ['== Review screen chunks (lazy: NOT part of the first visit; loaded when a review opens) =='];
  for (const { label } of REVIEW_CHUNKS) {
    const mine = chunks.filter((c) => c.label === label);
    if (mine.length === 0) lines.push(`  ${label.padEnd(16)} (not found in the build)`);
    for (const c of mine) lines.push(`  ${label.padEnd(16)} ${c.file.padEnd(48)} ${kb(c.raw).padStart(10)} raw  ${kb(c.gzip).padStart(9)} gzip`);
  }
  const raw = chunks.reduce((s, c) => s + c.raw, 0);
  const gzip = chunks.reduce((s, c) => s + c.gzip, 0);
  lines.push(`  Review chunks: ${kb(raw)} raw, ${kb(gzip)} gzip, on top of the first visit's ${kb(firstVisitGzip)} gzip (not precached)`);
  return lines;
}
