import type { Box, Segment } from '../types.ts';
import type { LatticeSettings } from '../settings.ts';

/** Where a vertical and a horizontal rule meet, with the rules that meet there. */
export interface Intersection {
  x: number;
  y: number;
  /**
   * Indexes (into the edge list) of the vertical and horizontal rules through this point, each
   * once: one or two, so plain arrays (a Set's iterator made an object per element read, issue 14).
   */
  v: number[];
  h: number[];
}

/**
 * Values keyed by a point, looked up by its two numbers (issue 14: these keys were the string
 * `${x},${y}`, and turning each coordinate into its shortest decimal was most of the lattice's
 * key cost). Keyed as a Map keys numbers (SameValueZero: 0 and -0 one key, NaN one key), exactly
 * the points those strings told apart; values() in insertion order, as the Map of strings gave them.
 */
export class PointMap<T> {
  private readonly byX = new Map<number, Map<number, T>>();
  private readonly list: T[] = [];

  get size(): number {
    return this.list.length;
  }

  get(x: number, y: number): T | undefined {
    return this.byX.get(x)?.get(y);
  }

  /** Adds a value for a point not in the map yet. */
  add(x: number, y: number, value: T): void {
    let column = this.byX.get(x);
    if (!column) this.byX.set(x, (column = new Map()));
    column.set(y, value);
    this.list.push(value);
  }

  values(): readonly T[] {
    return this.list;
  }
}

export type Intersections = PointMap<Intersection>;

/** Finds every point where a vertical rule crosses or touches a horizontal one. */
export function edgesToIntersections(edges: readonly Segment[], s: LatticeSettings): Intersections {
  const tol = s.intersectionTolerancePt;
  const out: Intersections = new PointMap();
  const hs: number[] = [];
  const vs: number[] = [];
  edges.forEach((e, i) => (e.orientation === 'h' ? hs : vs).push(i));
  // Sorting the horizontals by y lets each vertical scan only the rules within its span.
  hs.sort((a, b) => (edges[a] as Segment).y0 - (edges[b] as Segment).y0);
  const hy = hs.map((i) => (edges[i] as Segment).y0);
  for (const vi of vs) {
    const v = edges[vi] as Segment;
    let k = lowerBound(hy, v.y0 - tol);
    for (; k < hs.length && (hy[k] as number) <= v.y1 + tol; k++) {
      const hi = hs[k] as number;
      const h = edges[hi] as Segment;
      if (v.x0 < h.x0 - tol || v.x0 > h.x1 + tol) continue;
      const found = out.get(v.x0, h.y0);
      if (found) {
        if (!found.v.includes(vi)) found.v.push(vi);
        if (!found.h.includes(hi)) found.h.push(hi);
      } else {
        out.add(v.x0, h.y0, { x: v.x0, y: h.y0, v: [vi], h: [hi] });
      }
    }
  }
  return out;
}

function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function shares(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (b.includes(a[i]!)) return true;
  return false;
}

/**
 * The smallest rectangles whose four corners are intersections joined by rules along all four
 * sides (pdfplumber's intersections_to_cells).
 */
export function intersectionsToCells(points: Intersections): Box[] {
  const byX = new Map<number, Intersection[]>();
  const byY = new Map<number, Intersection[]>();
  for (const p of points.values()) {
    (byX.get(p.x) ?? byX.set(p.x, []).get(p.x)!).push(p);
    (byY.get(p.y) ?? byY.set(p.y, []).get(p.y)!).push(p);
  }
  for (const list of byX.values()) list.sort((a, b) => a.y - b.y);
  for (const list of byY.values()) list.sort((a, b) => a.x - b.x);

  const cells: Box[] = [];
  for (const p of points.values()) {
    // The points below p and right of p, read in place rather than filtered into two new arrays
    // for every point (issue 14); the same tests in the same order, so a NaN coordinate a
    // hostile drawing may produce is skipped exactly as before.
    // Indexed loops: for…of made an iterator result per point read until V8 optimised this (issue 14).
    const column = byX.get(p.x) ?? [];
    const row = byY.get(p.y) ?? [];
    let done = false;
    for (let bi = 0; bi < column.length; bi++) {
      const b = column[bi]!;
      if (!(b.y > p.y) || !shares(p.v, b.v)) continue;
      for (let ri = 0; ri < row.length; ri++) {
        const r = row[ri]!;
        if (!(r.x > p.x) || !shares(p.h, r.h)) continue;
        const corner = points.get(r.x, b.y);
        if (corner && shares(corner.v, r.v) && shares(corner.h, b.h)) {
          cells.push({ x0: p.x, y0: p.y, x1: r.x, y1: b.y });
          done = true;
          break;
        }
      }
      if (done) break;
    }
  }
  return cells;
}

/** Groups cells that share a corner into tables (union–find over corners). */
export function cellsToTables(cells: readonly Box[]): Box[][] {
  const parent = cells.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i] as number] as number;
      i = parent[i] as number;
    }
    return i;
  };
  const owner = new PointMap<number>();
  const corner = (i: number, x: number, y: number) => {
    const j = owner.get(x, y);
    if (j === undefined) owner.add(x, y, i);
    else parent[find(i)] = find(j);
  };
  cells.forEach((c, i) => {
    corner(i, c.x0, c.y0);
    corner(i, c.x1, c.y0);
    corner(i, c.x0, c.y1);
    corner(i, c.x1, c.y1);
  });
  const groups = new Map<number, Box[]>();
  cells.forEach((c, i) => {
    const root = find(i);
    (groups.get(root) ?? groups.set(root, []).get(root)!).push(c);
  });
  // Top to bottom, then left to right, as a reader meets them.
  return [...groups.values()]
    .filter((g) => g.length > 1)
    .sort((a, b) => Math.min(...a.map((c) => c.y0)) - Math.min(...b.map((c) => c.y0)) || Math.min(...a.map((c) => c.x0)) - Math.min(...b.map((c) => c.x0)));
}
