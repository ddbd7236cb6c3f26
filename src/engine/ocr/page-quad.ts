import { boxBlur, downsample, type GrayImage } from './gray-image.ts';

export type Point = { x: number; y: number };
/** A page's corners: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [Point, Point, Point, Point];

/** The page is looked for on a copy whose long side is about this many pixels. */
const SEARCH_SIZE = 500;
/** A bright region smaller than this share of the image is not the page. */
export const MIN_PAGE_SHARE = 0.2;
/** Background must show over at least this share of the image for a page outline to be looked for. */
export const MIN_BACKGROUND_SHARE = 0.03;

/** Share of the image's width and height along its border sampled as background. */
const BORDER_SHARE = 0.03;
/** Where between the background's and the paper's level a pixel stops being background. */
const BACKGROUND_SPLIT = 0.5;
/** Largest change between neighbouring pixels inside the background, as a share of paper minus background. */
const MAX_STEP_SHARE = 0.06;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * The background around a sheet: pixels darker than a split between the border's level and the
 * paper's, connected to the image's edge (flood fill). Ink inside the sheet is not reached, and a
 * shadow on the sheet stays lighter than the desk, so the sheet is what the fill leaves.
 */
export function backgroundMask(small: GrayImage): Uint8Array {
  const { width: w, height: h, data } = small;
  const bw = Math.max(1, Math.round(w * BORDER_SHARE));
  const bh = Math.max(1, Math.round(h * BORDER_SHARE));
  const border: number[] = [];
  const centre: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = data[y * w + x]!;
      if (x < bw || y < bh || x >= w - bw || y >= h - bh) border.push(v);
      else if (x > w / 4 && x < (3 * w) / 4 && y > h / 4 && y < (3 * h) / 4) centre.push(v);
    }
  }
  const bg = quantile(border, 0.5);
  const paper = quantile(centre, 0.75);
  const out = new Uint8Array(w * h);
  if (paper - bg < 20) return out;
  const t = bg + BACKGROUND_SPLIT * (paper - bg);
  // The sheet's edge is a step; the desk, its shading and a shadow on the sheet change gradually.
  const step = Math.max(4, MAX_STEP_SHARE * (paper - bg));
  const stack = new Int32Array(w * h);
  let top = 0;
  const push = (p: number, from: number) => {
    if (!out[p] && data[p]! < t && Math.abs(data[p]! - from) <= step) {
      out[p] = 1;
      stack[top++] = p;
    }
  };
  for (let x = 0; x < w; x++) {
    push(x, data[x]!);
    push((h - 1) * w + x, data[(h - 1) * w + x]!);
  }
  for (let y = 0; y < h; y++) {
    push(y * w, data[y * w]!);
    push(y * w + w - 1, data[y * w + w - 1]!);
  }
  while (top > 0) {
    const p = stack[--top]!;
    const x = p % w;
    const v = data[p]!;
    if (x > 0) push(p - 1, v);
    if (x < w - 1) push(p + 1, v);
    if (p >= w) push(p - w, v);
    if (p < w * (h - 1)) push(p + w, v);
  }
  return out;
}

/** Largest 4-connected region of 1s: its pixel indices. */
function largestRegion(mask: Uint8Array, w: number, h: number): Int32Array {
  const label = new Int32Array(w * h).fill(-1);
  const stack = new Int32Array(w * h);
  let best: Int32Array = new Int32Array(0);
  let next = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start] !== -1) continue;
    let top = 0;
    stack[top++] = start;
    label[start] = next;
    const members: number[] = [];
    const visit = (q: number) => {
      if (mask[q] && label[q] === -1) {
        label[q] = next;
        stack[top++] = q;
      }
    };
    while (top > 0) {
      const p = stack[--top]!;
      members.push(p);
      const x = p % w;
      if (x > 0) visit(p - 1);
      if (x < w - 1) visit(p + 1);
      if (p >= w) visit(p - w);
      if (p < w * (h - 1)) visit(p + w);
    }
    if (members.length > best.length) best = Int32Array.from(members);
    next++;
  }
  return best;
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
 * The sheet pixel furthest out on `side` (0 top, 1 right, 2 bottom, 3 left) in column or row `i`;
 * undefined when there is none or it lies on the image border.
 */
function outermost(inRegion: Uint8Array, w: number, h: number, side: number, i: number): Point | undefined {
  if (side === 0 || side === 2) {
    if (i < 0 || i >= w) return undefined;
    for (let k = 0; k < h; k++) {
      const y = side === 0 ? k : h - 1 - k;
      if (inRegion[y * w + i]) return y === 0 || y === h - 1 ? undefined : { x: i, y };
    }
    return undefined;
  }
  if (i < 0 || i >= h) return undefined;
  for (let k = 0; k < w; k++) {
    const x = side === 3 ? k : w - 1 - k;
    if (inRegion[i * w + x]) return x === 0 || x === w - 1 ? undefined : { x, y: i };
  }
  return undefined;
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
 * image shows no such sheet (a scan: the page fills the image). On a smoothed, reduced copy, what
 * the background's flood fill leaves is the sheet; its extreme points along the diagonals are rough
 * corners; a straight line fitted to each side's outline between them gives the exact corners.
 */
export function findPageQuad(img: GrayImage): Quad | undefined {
  const factor = Math.max(1, Math.ceil(Math.max(img.width, img.height) / SEARCH_SIZE));
  const small = boxBlur(downsample(img, factor), 2);
  const { width: w, height: h } = small;
  const background = backgroundMask(small);
  let outside = 0;
  for (let i = 0; i < background.length; i++) outside += background[i]!;
  if (outside < MIN_BACKGROUND_SHARE * w * h) return undefined;
  const sheet = background.map((v) => 1 - v);
  const region = largestRegion(sheet, w, h);
  if (region.length < MIN_PAGE_SHARE * w * h) return undefined;
  const inRegion = new Uint8Array(w * h);
  for (const p of region) inRegion[p] = 1;

  // Rough corners: extremes of x+y and x−y.
  const pts = Array.from(region, (p) => ({ x: p % w, y: Math.floor(p / w) }));
  const pick = (score: (p: Point) => number): Point => pts.reduce((a, b) => (score(b) > score(a) ? b : a));
  const rough: Quad = [pick((p) => -(p.x + p.y)), pick((p) => p.x - p.y), pick((p) => p.x + p.y), pick((p) => p.y - p.x)];

  // Each side's edge points: the outermost sheet pixel of each column (top, bottom) or row (left,
  // right) between its rough corners, not on the image border (a cut-off sheet).
  const lines: Line[] = [];
  for (let side = 0; side < 4; side++) {
    const a = rough[side]!;
    const b = rough[(side + 1) % 4]!;
    const horizontal = side % 2 === 0;
    const from = Math.round(Math.min(horizontal ? a.x : a.y, horizontal ? b.x : b.y));
    const to = Math.round(Math.max(horizontal ? a.x : a.y, horizontal ? b.x : b.y));
    const inset = Math.round(0.1 * (to - from));
    const edge: Point[] = [];
    for (let i = from + inset; i <= to - inset; i++) {
      const p = outermost(inRegion, w, h, side, i);
      if (p) edge.push(p);
    }
    const line = fitLineRobust(edge, Math.max(1.5, 0.01 * (to - from)));
    if (!line) return undefined;
    lines.push(line);
  }
  const corners: Point[] = [];
  for (let s = 0; s < 4; s++) {
    const p = intersect(lines[(s + 3) % 4]!, lines[s]!);
    if (!p) return undefined;
    // Pixel centres of the reduced copy back to full-size pixel coordinates.
    corners.push({ x: (p.x + 0.5) * factor - 0.5, y: (p.y + 0.5) * factor - 0.5 });
  }
  return isPlausibleSheet(corners as Quad) ? (corners as Quad) : undefined;
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
