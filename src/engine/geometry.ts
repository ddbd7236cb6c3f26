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
  for (const b of boxes) {
    if (b.x0 < x0) x0 = b.x0;
    if (b.y0 < y0) y0 = b.y0;
    if (b.x1 > x1) x1 = b.x1;
    if (b.y1 > y1) y1 = b.y1;
  }
  return { x0, y0, x1, y1 };
}
