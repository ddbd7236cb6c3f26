import { boxBlur, downsample, type GrayImage } from './gray-image.ts';

export type Point = { x: number; y: number };
/** A page's corners: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [Point, Point, Point, Point];

/** The page is looked for on a copy whose long side is about this many pixels. */
const SEARCH_SIZE = 500;
/** A sheet smaller than this share of the image is not the page. */
export const MIN_PAGE_SHARE = 0.2;

/**
 * The sheet's edge, seen along a scanline from the image's border: the first place where the level
 * rises by at least this factor (paper over desk) within EDGE_SPAN pixels. A ratio, not a
 * difference: uneven light scales desk and paper alike, so a dim corner of the sheet still stands
 * out from the desk beside it, while it can be darker than the desk elsewhere.
 */
export const EDGE_RATIO = 1.3;
/** Least rise (grey levels) of an edge, whatever the ratio (noise on a very dark desk). */
const EDGE_MIN_RISE = 12;
/** Pixels (of the reduced copy) over which the blurred edge rises. */
const EDGE_SPAN = 3;
/** Scanlines run this far into the image looking for an edge (share of its width or height). */
const EDGE_SEARCH_SHARE = 0.4;
/** Scanlines cover the middle of each side (the corners are where the other sides' edges are). */
const SIDE_INSET_SHARE = 0.15;
/** How far before an edge (share of the scanline) nothing may be as bright as the paper past it. */
const EDGE_LOOK_BACK_SHARE = 0.04;
/** Least share of a side's scanlines that must agree on one straight edge. */
const MIN_EDGE_SUPPORT = 0.5;

/**
 * Where a scanline's values (from the image border inward) first step up from desk to paper: the
 * point halfway up the first step rising by EDGE_RATIO, with nothing in the `lookBack` pixels before
 * it as bright as the paper after it (ink on paper, where a sheet runs off the image, is no edge;
 * the desk may grow darker towards a dim part of the sheet).
 */
export function firstEdge(line: ArrayLike<number>, limit: number, lookBack: number): number | undefined {
  for (let k = 0; k + EDGE_SPAN < Math.min(limit, line.length); k++) {
    const a = line[k]!;
    const b = line[k + EDGE_SPAN]!;
    if (b < EDGE_RATIO * a || b - a < EDGE_MIN_RISE) continue;
    let before = 0;
    for (let j = Math.max(0, k - lookBack); j < k; j++) before = Math.max(before, line[j]!);
    if (before * EDGE_RATIO <= b) {
      // The edge is where the blurred step crosses halfway between the desk and the paper past it.
      let paper = b;
      for (let j = k + EDGE_SPAN; j < Math.min(line.length, k + 2 * EDGE_SPAN + 1); j++) paper = Math.max(paper, line[j]!);
      const mid = (a + paper) / 2;
      for (let j = k; j < k + 2 * EDGE_SPAN && j + 1 < line.length; j++) {
        const lo = line[j]!;
        const hi = line[j + 1]!;
        if (lo < mid && hi >= mid) return j + (mid - lo) / Math.max(1e-9, hi - lo);
      }
      return k + EDGE_SPAN / 2;
    }
  }
  return undefined;
}

/**
 * The points of one side's edge (0 top, 1 right, 2 bottom, 3 left): along each column (top,
 * bottom) or row (left, right) of the side's middle, walking in from the image border.
 */
export function sideEdgePoints(small: GrayImage, side: number): Point[] {
  const { width: w, height: h, data } = small;
  const horizontal = side === 0 || side === 2;
  const along = horizontal ? w : h;
  const across = horizontal ? h : w;
  const limit = Math.round(EDGE_SEARCH_SHARE * across);
  const lookBack = Math.max(EDGE_SPAN, Math.round(EDGE_LOOK_BACK_SHARE * across));
  const line = new Float32Array(across);
  const out: Point[] = [];
  for (let i = Math.round(SIDE_INSET_SHARE * along); i < Math.round((1 - SIDE_INSET_SHARE) * along); i++) {
    for (let k = 0; k < across; k++) {
      // k steps in from the side's border.
      const x = horizontal ? i : side === 3 ? k : w - 1 - k;
      const y = horizontal ? (side === 0 ? k : h - 1 - k) : i;
      line[k] = data[y * w + x]!;
    }
    const k = firstEdge(line, limit, lookBack);
    if (k === undefined) continue;
    if (horizontal) out.push({ x: i, y: side === 0 ? k : h - 1 - k });
    else out.push({ x: side === 3 ? k : w - 1 - k, y: i });
  }
  return out;
}

interface Line {
  /** Unit normal and offset: n·p = c. */
  nx: number;
  ny: number;
  c: number;
}

/** Total least squares line through points. */
function fitLine(points: Point[]): Line | undefined {
  if (points.length < 5) return undefined;
  let mx = 0;
  let my = 0;
  for (const p of points) {
    mx += p.x;
    my += p.y;
  }
  mx /= points.length;
  my /= points.length;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    syy += (p.y - my) ** 2;
    sxy += (p.x - mx) * (p.y - my);
  }
  // The normal is the eigenvector of the smaller eigenvalue of the scatter matrix.
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const nx = -Math.sin(theta);
  const ny = Math.cos(theta);
  return { nx, ny, c: nx * mx + ny * my };
}

/**
 * A line through most of the points, ignoring stretches that stray from it (where a shadow let the
 * background in, or a corner is bent): the line through two of the points that has the most points
 * within `tol` of it (pairs tried in a fixed pseudo-random order), refitted on those.
 */
export function fitLineRobust(points: readonly Point[], tol: number): Line | undefined {
  if (points.length < 5) return undefined;
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  let best: Point[] = [];
  for (let trial = 0; trial < 150; trial++) {
    const p = points[Math.floor(rand() * points.length)]!;
    const q = points[Math.floor(rand() * points.length)]!;
    const len = Math.hypot(q.x - p.x, q.y - p.y);
    if (len < 1) continue;
    const nx = -(q.y - p.y) / len;
    const ny = (q.x - p.x) / len;
    const c = nx * p.x + ny * p.y;
    const inliers = points.filter((r) => Math.abs(nx * r.x + ny * r.y - c) <= tol);
    if (inliers.length > best.length) best = inliers;
  }
  return fitLine(best.length >= 5 ? best : [...points]);
}

function intersect(a: Line, b: Line): Point | undefined {
  const det = a.nx * b.ny - a.ny * b.nx;
  if (Math.abs(det) < 1e-9) return undefined;
  return { x: (a.c * b.ny - a.ny * b.c) / det, y: (a.nx * b.c - a.c * b.nx) / det };
}

/**
 * The corners of a sheet of paper photographed on a darker background, or undefined when the
 * image shows no such sheet (a scan: the page fills the image). On a smoothed, reduced copy, each
 * side's edge is found along scanlines walking in from the image's border (the first step up from
 * desk to paper); a straight line fitted to most of each side's points (stray ones ignored: a
 * shadow, an object on the desk) gives the corners where the lines meet.
 */
export function findPageQuad(img: GrayImage): Quad | undefined {
  const factor = Math.max(1, Math.ceil(Math.max(img.width, img.height) / SEARCH_SIZE));
  const small = boxBlur(downsample(img, factor), 1);
  const { width: w, height: h } = small;
  const lines: Line[] = [];
  for (let side = 0; side < 4; side++) {
    const span = (side % 2 === 0 ? w : h) * (1 - 2 * SIDE_INSET_SHARE);
    const edge = sideEdgePoints(small, side);
    if (edge.length < MIN_EDGE_SUPPORT * span) return undefined;
    const tol = Math.max(1.5, 0.01 * span);
    const line = fitLineRobust(edge, tol);
    if (!line) return undefined;
    const support = edge.filter((p) => Math.abs(line.nx * p.x + line.ny * p.y - line.c) <= tol).length;
    if (support < MIN_EDGE_SUPPORT * span) return undefined;
    lines.push(line);
  }
  const corners: Point[] = [];
  for (let s = 0; s < 4; s++) {
    const p = intersect(lines[(s + 3) % 4]!, lines[s]!);
    if (!p) return undefined;
    // Pixel centres of the reduced copy back to full-size pixel coordinates.
    corners.push({ x: (p.x + 0.5) * factor - 0.5, y: (p.y + 0.5) * factor - 0.5 });
  }
  const quad = corners as Quad;
  return isPlausibleSheet(quad) && quadArea(quad) >= MIN_PAGE_SHARE * img.width * img.height ? quad : undefined;
}

function quadArea(q: Quad): number {
  let a = 0;
  for (let i = 0; i < 4; i++) a += q[i]!.x * q[(i + 1) % 4]!.y - q[(i + 1) % 4]!.x * q[i]!.y;
  return Math.abs(a) / 2;
}

/** Sides may lean this far off the image's axes (degrees): a photo is taken roughly square to the sheet. */
export const MAX_SIDE_TILT_DEG = 7;
/** Opposite sides may differ in length by this factor (perspective). */
export const MAX_SIDE_RATIO = 1.25;
/** Long side over short side of paper sheets (A4 1.41, letter 1.29, legal 1.65), perspective allowed for. */
export const SHEET_ASPECT = { min: 1.15, max: 1.8 };

/**
 * A quadrilateral that can be a sheet seen from the front: sides near the axes, opposite sides of
 * similar length. Anything else is an outline gone wrong (a shadow across the sheet's edge), and the
 * photo is better read as it is.
 */
export function isPlausibleSheet(q: Quad): boolean {
  const [tl, tr, br, bl] = q;
  const tilt = (a: Point, b: Point, horizontal: boolean) => {
    const deg = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
    return horizontal ? Math.abs(deg) : Math.abs(deg - 90);
  };
  if (tilt(tl, tr, true) > MAX_SIDE_TILT_DEG || tilt(bl, br, true) > MAX_SIDE_TILT_DEG) return false;
  if (tilt(tl, bl, false) > MAX_SIDE_TILT_DEG || tilt(tr, br, false) > MAX_SIDE_TILT_DEG) return false;
  const d = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const ratio = (a: number, b: number) => Math.max(a, b) / Math.max(1e-9, Math.min(a, b));
  if (ratio(d(tl, tr), d(bl, br)) > MAX_SIDE_RATIO || ratio(d(tl, bl), d(tr, br)) > MAX_SIDE_RATIO) return false;
  const aspect = ratio(d(tl, tr) + d(bl, br), d(tl, bl) + d(tr, br));
  return aspect >= SHEET_ASPECT.min && aspect <= SHEET_ASPECT.max;
}
