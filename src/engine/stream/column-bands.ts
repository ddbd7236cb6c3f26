import type { TextLine } from '../text/chunks-to-lines.ts';
import type { StreamSettings } from '../settings.ts';
import { GOES_ON_LOWER } from './unfinished-cells.ts';

// The extents of a table's columns, gathered from its rows' phrases, and whether a line under the
// table keeps to them (lines-to-regions.ts: where a table ends).

/** A column's extent across a table's rows. */
export type Band = { x0: number; x1: number };

/** Adds an extent to a table's column bands (sorted), merging the bands it overlaps. */
export function addToBands(bands: Band[], x0: number, x1: number): void {
  let i = 0;
  while (i < bands.length && bands[i]!.x1 < x0) i++;
  let j = i;
  let lo = x0;
  let hi = x1;
  while (j < bands.length && bands[j]!.x0 <= x1) {
    lo = Math.min(lo, bands[j]!.x0);
    hi = Math.max(hi, bands[j]!.x1);
    j++;
  }
  bands.splice(i, j - i, { x0: lo, x1: hi });
}

/**
 * Every phrase of the line lies within one column's extent (the outer columns may run on outwards,
 * where no other column is): the line can be a wrapped cell's.
 */
export function keepsToColumns(line: TextLine, bands: readonly Band[], settings: StreamSettings): boolean {
  const slack = settings.wrapOverhangEm * line.size;
  const last = bands.length - 1;
  // A wrapped cell's line going on in lower case may be wider than any line of its column on the
  // rows above (`campo — revised`, the last row's second line, general 6016-08): it may run into
  // the gutters, short of the next column by the same slack. A note (`Source: …`) may not.
  const from = (i: number, wide: boolean): number => (i === 0 ? -Infinity : (wide ? Math.min(bands[i]!.x0, bands[i - 1]!.x1 + 2 * slack) : bands[i]!.x0) - slack);
  const to = (i: number, wide: boolean): number => (i === last ? Infinity : (wide ? Math.max(bands[i]!.x1, bands[i + 1]!.x0 - 2 * slack) : bands[i]!.x1) + slack);
  return line.phrases.every((p) => {
    const wide = GOES_ON_LOWER.test(p.words[0]?.text ?? '');
    return bands.some((b, i) => p.x0 >= from(i, wide) && p.x1 <= to(i, wide) && p.x0 < b.x1 && p.x1 > b.x0);
  });
}
