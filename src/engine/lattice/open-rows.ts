import type { Segment, TextChunk } from '../types.ts';
import type { LatticeSettings } from '../settings.ts';
import { median } from '../median.ts';

/**
 * The outer rules a table with inner borders only implies (word processors' and XSL-FO's "inside
 * borders" style: rules between rows and between columns, none round the table). Its first and
 * last rows have no rule on their far side, so the grid the rules draw leaves them out, and a
 * header over one row (one rule, one column rule through it) draws no cell at all. What says
 * they are rows: the column rules run on past the outermost row rule, all to one line, by about
 * a row's height, and text sits on both sides of them there. The rule each such run-on implies
 * is returned, as wide as the row rule it crosses.
 */
export function impliedOpenRows(edges: readonly Segment[], chunks: readonly TextChunk[], s: LatticeSettings): Segment[] {
  const size = median(chunks.map((c) => c.size));
  if (size === undefined) return [];
  const tol = s.intersectionTolerancePt;
  const hs = edges.filter((e) => e.orientation === 'h');
  const vs = edges.filter((e) => e.orientation === 'v');
  const out: Segment[] = [];
  for (const h of hs) {
    const y = h.y0;
    // Column rules meeting the row rule inside its span (not at its ends: a frame's sides).
    const crossing = vs.filter((v) => v.x0 > h.x0 + tol && v.x0 < h.x1 - tol && v.y0 <= y + tol && v.y1 >= y - tol);
    for (const dir of [-1, 1] as const) {
      const endOf = (v: Segment) => (dir < 0 ? v.y0 : v.y1);
      const runOn = crossing.filter((v) => dir * (endOf(v) - y) >= s.openRowMinEm * size);
      if (!runOn.length) continue;
      const ends = runOn.map(endOf);
      if (Math.max(...ends) - Math.min(...ends) > s.snapTolerancePt) continue;
      const end = ends.reduce((a, b) => a + b, 0) / ends.length;
      if (Math.abs(end - y) > s.openRowMaxEm * size) continue;
      // A row rule between or at the run-on's end already closes that row.
      const reach = Math.abs(end - y);
      const closed = hs.some((o) => o !== h && dir * (o.y0 - y) > tol && dir * (o.y0 - y) <= reach + tol && o.x0 < h.x1 && o.x1 > h.x0);
      if (closed) continue;
      const lo = Math.min(y, end);
      const hi = Math.max(y, end);
      const inBand = chunks.filter((c) => {
        const cy = (c.y0 + c.y1) / 2;
        const cx = (c.x0 + c.x1) / 2;
        return cy > lo && cy < hi && cx > h.x0 && cx < h.x1;
      });
      // Text on both sides of a column rule: a row of cells, not a tick mark or a rule's overshoot.
      const row = runOn.some((v) => inBand.some((c) => c.x1 <= v.x0 + tol) && inBand.some((c) => c.x0 >= v.x0 - tol));
      if (row) out.push({ x0: h.x0, x1: h.x1, y0: end, y1: end, orientation: 'h' });
    }
  }
  return out;
}
