import type { TextChunk } from '../types.ts';
import type { TextLine } from './chunks-to-lines.ts';

// Justified lines: word spaces stretched alike past a region's usual one. Open cells (stream) and
// ruled cells (lattice) judge a line ending in a hyphen by them: a justified line's hyphen is the
// layout's (text/join-words.ts `hyphenatedByLayout`).

/** A word space these many times the region's usual one is stretched. */
const STRETCH_RATIO = 1.5;

/**
 * The region's usual word space: the median gap between neighbouring words of one phrase (or the
 * gap at another `share` of them, from the smallest). Judged against it, not against a fixed share
 * of the size, a monospaced font's wide spaces stay plain. Where a line's layout hyphen is judged
 * (a word joined, no structure changed), the lower quartile: a column set justified may stretch
 * more of a region's spaces than it leaves plain (groff's `T{` cells, general 6019-18).
 */
export function usualWordSpace(lines: readonly TextLine[], share = 0.5): number {
  const gaps: number[] = [];
  for (const line of lines) {
    for (const p of line.phrases) {
      for (let i = 1; i < p.words.length; i++) {
        const gap = p.words[i]!.x0 - p.words[i - 1]!.x1;
        if (gap > 0) gaps.push(gap);
      }
    }
  }
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(share * gaps.length)] ?? Infinity;
}

/**
 * A justified line: two words or more, its word spaces stretched alike past the region's usual
 * space `space` (within `spreadEm` × size of one another). `words` come left to right.
 */
export function isStretchedLine(sorted: readonly TextChunk[], space: number, spreadEm: number): boolean {
  if (sorted.length < 2) return false;
  const { min, max } = gapRange(sorted);
  return min >= STRETCH_RATIO * space && max - min <= spreadEm * sorted[0]!.size;
}

/** The narrowest and the widest gap between neighbouring words, left to right. */
function gapRange(sorted: readonly TextChunk[]): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]!.x0 - sorted[i - 1]!.x1;
    min = Math.min(min, gap);
    max = Math.max(max, gap);
  }
  return { min, max };
}

/**
 * The share of a region's word spaces under its plain one: the lower quartile, which a layout
 * hyphen's line and a cell's unfinished line (stream/unfinished-cells.ts) are judged against, as
 * most of a column set justified may be stretched (groff 6019-18, 6022-03).
 */
export const PLAIN_SPACE_SHARE = 0.25;

/**
 * A line nearly full before it was justified gets its spaces stretched only a little (groff's
 * `shown in thousands unless stat-`: 2.7 pt against a usual 2.2 pt, general 6021-12), but all by
 * exactly the same amount: past this ratio, three gaps or more within `SLIGHT_SPREAD_EM` of one
 * another. A line set plain has its spaces at the usual width (its ratio 1); two words alone prove
 * nothing.
 */
const SLIGHT_STRETCH_RATIO = 1.12;
const SLIGHT_SPREAD_EM = 0.02;
const SLIGHT_MIN_GAPS = 3;

function isSlightlyStretchedLine(sorted: readonly TextChunk[], space: number): boolean {
  if (sorted.length <= SLIGHT_MIN_GAPS) return false;
  const { min, max } = gapRange(sorted);
  return min >= SLIGHT_STRETCH_RATIO * space && max - min <= SLIGHT_SPREAD_EM * sorted[0]!.size;
}

/** Stretched, much or a little: the layout-hyphen judgement's test of a line, words left to right. */
const isJustifiedForHyphen = (sorted: readonly TextChunk[], space: number, spreadEm: number): boolean =>
  isStretchedLine(sorted, space, spreadEm) || isSlightlyStretchedLine(sorted, space);

/** A line ends on a justified margin when its right edge is this close to a stretched line's. */
const MARGIN_TOL_PT = 0.15;

/**
 * The right edges of the region's stretched phrases: where its justified cells end. A line
 * the layout filled to the edge without stretching it (groff's `Reparaciones y mantenimiento and
 * relat-`, its spaces plain: general 6021-06) ends there too.
 */
function justifiedMargins(lines: readonly TextLine[], space: number, spreadEm: number): number[] {
  const out: number[] = [];
  for (const line of lines) {
    for (const p of line.phrases) {
      if (isJustifiedForHyphen(p.words, space, spreadEm)) out.push(p.x1);
    }
  }
  return out;
}

/**
 * Whether a line of a region's cell (its words, any order) is justified, judged for a layout hyphen:
 * against the lower quartile of the region's word spaces, or ending on the margin of the region's
 * stretched lines; both measured once, on first use (most regions hold no hyphen to judge: `lines`
 * is not even gathered for them, issue 14).
 */
export function justifiedInRegion(lines: () => readonly TextLine[], spreadEm: number): (words: readonly TextChunk[]) => boolean {
  let space: number | undefined;
  let margins: number[] | undefined;
  return (words) => {
    const sorted = [...words].sort((a, b) => a.x0 - b.x0);
    space ??= usualWordSpace(lines(), PLAIN_SPACE_SHARE);
    if (isJustifiedForHyphen(sorted, space, spreadEm)) return true;
    if (sorted.length < 2) return false;
    margins ??= justifiedMargins(lines(), space, spreadEm);
    const end = sorted[sorted.length - 1]!.x1;
    return margins.some((x) => Math.abs(x - end) <= MARGIN_TOL_PT);
  };
}
