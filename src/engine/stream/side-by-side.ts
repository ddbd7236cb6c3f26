import type { TextLine } from '../text/chunks-to-lines.ts';
import type { StreamSettings } from '../settings.ts';
import { hasSign } from './not-tables.ts';

/**
 * Two blocks set side by side whose lines never meet, one of them code: a small table beside the
 * source code that made it, an example's output beside its input. Their lines interleave (the two sides keep
 * baselines of their own), so the rows step joins a line of one side to a line of the other. A
 * table's rows run across its column gaps; here a gutter at least `sideBySideGutterEm` wide runs
 * down the whole block and no line has words on both sides of it. Each side is then a block of
 * its own, `minSideLines` lines or more each; otherwise the block is returned whole.
 */
export function splitSideBySide(block: TextLine[], settings: StreamSettings): TextLine[][] {
  if (block.length < 2 * settings.minSideLines) return [block];
  const sizes = block.map((l) => l.size).sort((a, b) => a - b);
  const gutter = settings.sideBySideGutterEm * sizes[Math.floor(sizes.length / 2)]!;
  // Occupied spans of the block's words, merged left to right; the widest gap between them.
  // The words themselves, sorted by x0 (a new array; no pair per word, issue 14).
  const spans = block.flatMap((l) => l.words).sort((a, b) => a.x0 - b.x0);
  let reach = spans[0]!.x1;
  let best: { x0: number; x1: number } | undefined;
  for (let i = 1; i < spans.length; i++) {
    const { x0, x1 } = spans[i]!;
    if (x0 - reach >= gutter && (!best || x0 - reach > best.x1 - best.x0)) best = { x0: reach, x1: x0 };
    reach = Math.max(reach, x1);
  }
  if (!best) return [block];
  const cut = best;
  const left = block.filter((l) => l.x1 <= cut.x0);
  const right = block.filter((l) => l.x0 >= cut.x1);
  if (left.length + right.length !== block.length) return [block];
  if (left.length < settings.minSideLines || right.length < settings.minSideLines) return [block];
  // One side must be code and the other not: a label wrapped over two lines round a value line
  // centred against it (centred-lines.ts) also leaves no line across the gutter, and is one row.
  return isCode(left) !== isCode(right) ? [left, right] : [block];
}

/** Half the lines or more hold a formula's or a program's signs (`\`, `&`, `{`, `=`, `;`). */
function isCode(lines: readonly TextLine[]): boolean {
  const signed = lines.filter((l) => hasSign(l.words.map((w) => w.text).join(' '))).length;
  return signed * 2 >= lines.length;
}
