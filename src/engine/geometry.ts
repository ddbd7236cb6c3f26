import type { Box } from './types.ts';

/**
 * The smallest box holding all the given boxes. A loop rather than Math.min(...spread): a page can
 * carry more words than a spread call may pass as arguments.
 */
export function unionBox(boxes: readonly Box[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < boxes.length; i++) {
    const b = boxes[i]!;
    if (b.x0 < x0) x0 = b.x0;
    if (b.y0 < y0) y0 = b.y0;
    if (b.x1 > x1) x1 = b.x1;
    if (b.y1 > y1) y1 = b.y1;
  }
  return { x0, y0, x1, y1 };
}

/** Hundredths of a point are finer than any print, and keep boxes short where they are stored. */
const round = (v: number): number => Math.round(v * 100) / 100;

/** A plain, rounded copy of a box (without the other fields of the object it came from). */
export function plainBox(b: Box): Box {
  return { x0: round(b.x0), y0: round(b.y0), x1: round(b.x1), y1: round(b.y1) };
}

/** The union of the boxes that are known, or null when none is. */
export function unionOrNull(boxes: readonly (Box | null | undefined)[]): Box | null {
  const known = boxes.filter((b): b is Box => !!b);
  return known.length ? plainBox(unionBox(known)) : null;
}

/**
 * The boxes left to right (by x0, stable): the array itself when it already is so ordered (a line's
 * words come from the line builder sorted), else a sorted copy. A stable sort of an array already in
 * order changes nothing, and skipping it saves a copy and a comparator call per pair for every line
 * of every page (issue 14). "In order" is judged as the sort's own first pass judges it: a pair is
 * out of order only when the comparison is negative (a NaN comparison counts as equal).
 */
export function leftToRight<T extends Box>(boxes: readonly T[]): readonly T[] {
  return isLeftToRight(boxes) ? boxes : [...boxes].sort(byX0);
}

/** Sorts boxes left to right in place (stable), unless they already are (see leftToRight). */
export function sortLeftToRight<T extends Box>(boxes: T[]): T[] {
  return isLeftToRight(boxes) ? boxes : boxes.sort(byX0);
}

const byX0 = (a: Box, b: Box): number => a.x0 - b.x0;

function isLeftToRight(boxes: readonly Box[]): boolean {
  for (let i = 1; i < boxes.length; i++) if (boxes[i]!.x0 - boxes[i - 1]!.x0 < 0) return false;
  return true;
}

/**
 * The items no box holds (`holds(item, box)`), in their order: `items.filter((c) => !boxes.some(…))`
 * without a closure and a `some` call per item, which the finders paid for every word of a page
 * against the boxes already taken (issue 14).
 */
export function outsideBoxes<T>(items: readonly T[], boxes: readonly Box[], holds: (item: T, box: Box) => boolean): T[] {
  const out: T[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    let held = false;
    for (let k = 0; k < boxes.length && !held; k++) held = holds(item, boxes[k]!);
    if (!held) out.push(item);
  }
  return out;
}
