import type { Fill, Segment } from '../types.ts';
import type { LatticeSettings } from './settings.ts';

/** The four sides of each filled rectangle, so grids drawn as shaded boxes still have rules. */
export function fillsToSegments(fills: readonly Fill[]): Segment[] {
  const out: Segment[] = [];
  for (const f of fills) {
    out.push({ x0: f.x0, x1: f.x1, y0: f.y0, y1: f.y0, orientation: 'h' });
    out.push({ x0: f.x0, x1: f.x1, y0: f.y1, y1: f.y1, orientation: 'h' });
    out.push({ x0: f.x0, x1: f.x0, y0: f.y0, y1: f.y1, orientation: 'v' });
    out.push({ x0: f.x1, x1: f.x1, y0: f.y0, y1: f.y1, orientation: 'v' });
  }
  return out;
}

/** Clusters sorted values: consecutive values within `tolerance` share a cluster. */
function clusterMeans(values: number[], tolerance: number): Map<number, number> {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const out = new Map<number, number>();
  let group: number[] = [];
  const flush = () => {
    if (!group.length) return;
    const mean = group.reduce((s, v) => s + v, 0) / group.length;
    for (const v of group) out.set(v, mean);
    group = [];
  };
  for (const v of sorted) {
    const last = group[group.length - 1];
    if (last !== undefined && v - last > tolerance) flush();
    group.push(v);
  }
  flush();
  return out;
}

/**
 * Moves nearly collinear rules onto one line: horizontal rules whose y differ by at most the
 * snap tolerance take their cluster's mean y (vertical rules likewise in x).
 */
export function segmentsToSnapped(segments: readonly Segment[], s: LatticeSettings): Segment[] {
  const hs = segments.filter((e) => e.orientation === 'h');
  const vs = segments.filter((e) => e.orientation === 'v');
  const ySnap = clusterMeans(hs.map((e) => e.y0), s.snapTolerance);
  const xSnap = clusterMeans(vs.map((e) => e.x0), s.snapTolerance);
  return [
    ...hs.map((e) => {
      const y = ySnap.get(e.y0) ?? e.y0;
      return { ...e, y0: y, y1: y };
    }),
    ...vs.map((e) => {
      const x = xSnap.get(e.x0) ?? e.x0;
      return { ...e, x0: x, x1: x };
    }),
  ];
}

/** Joins overlapping or nearly touching pieces of the same snapped line; drops short ones. */
export function snappedToMerged(segments: readonly Segment[], s: LatticeSettings): Segment[] {
  const byLine = new Map<string, Segment[]>();
  for (const e of segments) {
    const key = e.orientation === 'h' ? `h${e.y0}` : `v${e.x0}`;
    const list = byLine.get(key);
    if (list) list.push(e);
    else byLine.set(key, [e]);
  }
  const out: Segment[] = [];
  for (const list of byLine.values()) {
    const horizontal = list[0]?.orientation === 'h';
    const lo = (e: Segment) => (horizontal ? e.x0 : e.y0);
    const hi = (e: Segment) => (horizontal ? e.x1 : e.y1);
    list.sort((a, b) => lo(a) - lo(b));
    let cur: Segment | undefined;
    for (const e of list) {
      if (cur && lo(e) <= hi(cur) + s.joinTolerance) {
        cur = horizontal ? { ...cur, x1: Math.max(cur.x1, e.x1) } : { ...cur, y1: Math.max(cur.y1, e.y1) };
        continue;
      }
      if (cur) out.push(cur);
      cur = { ...e };
    }
    if (cur) out.push(cur);
  }
  return out.filter((e) => (e.orientation === 'h' ? e.x1 - e.x0 : e.y1 - e.y0) >= s.edgeMinLength);
}
