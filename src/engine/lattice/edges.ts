import type { Fill, Segment } from '../types.ts';
import type { LatticeSettings } from '../settings.ts';

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
  const ySnap = clusterMeans(hs.map((e) => e.y0), s.snapTolerancePt);
  const xSnap = clusterMeans(vs.map((e) => e.x0), s.snapTolerancePt);
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
  // Each snapped line by its coordinate as a number (issue 14: the key was `h${y}` / `v${x}`, a
  // decimal string made per piece; a Map's number keys tell apart exactly the values those strings
  // did), the lines kept in the order they are first met, as the Map of strings gave them.
  const hLines = new Map<number, Segment[]>();
  const vLines = new Map<number, Segment[]>();
  const lines: Segment[][] = [];
  for (const e of segments) {
    const h = e.orientation === 'h';
    const byLine = h ? hLines : vLines;
    const at = h ? e.y0 : e.x0;
    const list = byLine.get(at);
    if (list) list.push(e);
    else {
      const created = [e];
      byLine.set(at, created);
      lines.push(created);
    }
  }
  const out: Segment[] = [];
  for (const list of lines) {
    const horizontal = list[0]?.orientation === 'h';
    const lo = (e: Segment) => (horizontal ? e.x0 : e.y0);
    const hi = (e: Segment) => (horizontal ? e.x1 : e.y1);
    list.sort((a, b) => lo(a) - lo(b));
    let cur: Segment | undefined;
    for (const e of list) {
      if (cur && lo(e) <= hi(cur) + s.joinTolerancePt) {
        // cur is this function's own copy, not yet handed out: extended in place, not copied
        // again per piece joined.
        if (horizontal) cur.x1 = Math.max(cur.x1, e.x1);
        else cur.y1 = Math.max(cur.y1, e.y1);
        continue;
      }
      if (cur) out.push(cur);
      cur = { ...e };
    }
    if (cur) out.push(cur);
  }
  return out.filter((e) => (e.orientation === 'h' ? e.x1 - e.x0 : e.y1 - e.y0) >= s.edgeMinLengthPt);
}

function transpose(e: Segment): Segment {
  return { x0: e.y0, x1: e.y1, y0: e.x0, y1: e.x1, orientation: e.orientation === 'h' ? 'v' : 'h' };
}

/**
 * Vertical sides a grid implies but does not draw: when horizontal rules stop at a common x with
 * no vertical rule there, and real vertical rules run across the same rows, the rules' ends are
 * the table's missing outer frame (spreadsheets printed without a border).
 */
function impliedSides(edges: readonly Segment[], s: LatticeSettings): Segment[] {
  const tol = s.intersectionTolerancePt;
  const hs = edges.filter((e) => e.orientation === 'h');
  const vs = edges.filter((e) => e.orientation === 'v');
  // The vertical rules by x, searched from x − tol (a point's margin either side, then the exact
  // test): every horizontal rule's ends were tested against every vertical rule (issue 14).
  const byX = vs.filter((v) => v.x0 === v.x0).sort((a, b) => a.x0 - b.x0);
  const touchesVertical = (x: number, y: number): boolean => {
    let lo = 0;
    let hi = byX.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (byX[mid]!.x0 < x - tol - 1) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < byX.length && byX[i]!.x0 <= x + tol + 1; i++) {
      const v = byX[i]!;
      if (Math.abs(v.x0 - x) <= tol && y >= v.y0 - tol && y <= v.y1 + tol) return true;
    }
    return false;
  };
  const out: Segment[] = [];
  for (const side of ['x0', 'x1'] as const) {
    const dangling = hs.filter((h) => !touchesVertical(h[side], h.y0));
    const ends = clusterMeans(
      dangling.map((h) => h[side]),
      s.snapTolerancePt,
    );
    const groups = new Map<number, Segment[]>();
    for (const h of dangling) {
      const x = ends.get(h[side]) ?? h[side];
      const list = groups.get(x);
      if (list) list.push(h);
      else groups.set(x, [h]);
    }
    for (const [x, group] of groups) {
      if (group.length < 3) continue;
      group.sort((a, b) => a.y0 - b.y0);
      for (let i = 1; i < group.length; i++) {
        const a = group[i - 1] as Segment;
        const b = group[i] as Segment;
        // Only between rules that a real vertical rule also crosses: inside a table, not between two.
        const inside = vs.some(
          (v) => v.y0 <= a.y0 + tol && v.y1 >= b.y0 - tol && v.x0 > Math.max(a.x0, b.x0) && v.x0 < Math.min(a.x1, b.x1),
        );
        if (inside) out.push({ x0: x, x1: x, y0: a.y0, y1: b.y0, orientation: 'v' });
      }
    }
  }
  return out;
}

/** Adds the outer frame a grid implies on each side (see impliedSides), then re-joins rules. */
export function mergedToFramed(edges: readonly Segment[], s: LatticeSettings): Segment[] {
  const sides = impliedSides(edges, s);
  const tops = impliedSides(edges.map(transpose), s).map(transpose);
  if (!sides.length && !tops.length) return [...edges];
  return snappedToMerged([...edges, ...sides, ...tops], s);
}
