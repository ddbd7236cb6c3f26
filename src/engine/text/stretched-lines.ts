import type { TextChunk } from '../types.ts';
import type { TextLine } from './chunks-to-lines.ts';
import { median } from '../median.ts';

// Justified lines: word spaces stretched alike past a region's usual one. Open cells (stream) and
// ruled cells (lattice) judge a line ending in a hyphen by them: a justified line's hyphen is the
// layout's (text/join-words.ts `hyphenatedByLayout`).

/** A word space these many times the region's usual one is stretched. */
const STRETCH_RATIO = 1.5;

/**
 * The region's usual word space: the median gap between neighbouring words of one phrase. Judged
 * against it, not against a fixed share of the size, a monospaced font's wide spaces stay plain.
 */
export function usualWordSpace(lines: readonly TextLine[]): number {
  const gaps: number[] = [];
  for (const line of lines) {
    for (const p of line.phrases) {
      for (let i = 1; i < p.words.length; i++) {
        const gap = p.words[i]!.x0 - p.words[i - 1]!.x1;
        if (gap > 0) gaps.push(gap);
      }
    }
  }
  return median(gaps) ?? Infinity;
}

/**
 * A justified line: two words or more, its word spaces stretched alike past the region's usual
 * space `space` (within `spreadEm` × size of one another). `words` come left to right.
 */
export function isStretchedLine(sorted: readonly TextChunk[], space: number, spreadEm: number): boolean {
  if (sorted.length < 2) return false;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]!.x0 - sorted[i - 1]!.x1;
    min = Math.min(min, gap);
    max = Math.max(max, gap);
  }
  const size = sorted[0]!.size;
  return min >= STRETCH_RATIO * space && max - min <= spreadEm * size;
}
