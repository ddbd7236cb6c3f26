import { restoreNatives } from './natives.ts';
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

restoreNatives();
import type { Box, Fill, Segment } from '../types.ts';
import { apply, multiply, toMatrix, type Matrix } from './matrix.ts';

/** A filled rectangle thinner than this (points) is a rule drawn as a fill, not a background. */
export const THIN_FILL_MAX = 2;
/** Lines within this many points of horizontal/vertical count as straight rules. */
export const AXIS_TOLERANCE = 0.5;
/** Fills covering at least this share of the page are the page background when white. */
export const BACKGROUND_AREA_SHARE = 0.8;
/** Pages with more drawing operators than this stop reading graphics (a DoS guard). */
export const MAX_OPERATORS = 400_000;

// pdf.js DrawOPS codes inside a constructPath buffer (src/shared/util.js).
const DRAW_MOVE = 0;
const DRAW_LINE = 1;
const DRAW_CURVE = 2;
const DRAW_QUAD = 3;
const DRAW_CLOSE = 4;

interface GState {
  ctm: Matrix;
  fill?: string;
}

export interface PageGraphics {
  segments: Segment[];
  fills: Fill[];
  /** Stroked straight lines that are neither horizontal nor vertical, as boxes (see PageContent). */
  diagonals: Box[];
  /** True when the operator budget cut the page short. */
  truncated: boolean;
}

export type Point = [number, number];
export interface SubPath {
  points: Point[];
  closed: boolean;
  curved: boolean;
}

/** Splits a pdf.js path buffer into subpaths of transformed points. */
export function decodePath(buf: ArrayLike<number>, ctm: Matrix): SubPath[] {
  const paths: SubPath[] = [];
  let cur: SubPath | undefined;
  let i = 0;
  const n = buf.length;
  while (i < n) {
    const op = buf[i++];
    if (op === DRAW_MOVE || op === DRAW_LINE) {
      if (i + 1 >= n) break;
      const p = apply(ctm, buf[i] ?? 0, buf[i + 1] ?? 0);
      i += 2;
      if (op === DRAW_MOVE || !cur) {
        cur = { points: [p], closed: false, curved: false };
        paths.push(cur);
      } else {
        cur.points.push(p);
      }
    } else if (op === DRAW_CURVE) {
      const p = apply(ctm, buf[i + 4] ?? 0, buf[i + 5] ?? 0);
      i += 6;
      if (!cur) {
        cur = { points: [], closed: false, curved: true };
        paths.push(cur);
      }
      cur.curved = true;
      cur.points.push(p);
    } else if (op === DRAW_QUAD) {
      const p = apply(ctm, buf[i + 2] ?? 0, buf[i + 3] ?? 0);
      i += 4;
      if (cur) {
        cur.curved = true;
        cur.points.push(p);
      }
    } else if (op === DRAW_CLOSE) {
      if (cur) {
        cur.closed = true;
        const first = cur.points[0];
        // A new segment after closePath starts from the subpath's first point.
        if (first) cur = { points: [first], closed: false, curved: false };
        if (first) paths.push(cur);
      }
    } else {
      break; // unknown code: the rest of the buffer cannot be trusted
    }
  }
  return paths.filter((p) => p.points.length > 1 || p.closed);
}

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The axis-aligned rectangle a subpath draws, if it is one. */
export function asRect(path: SubPath): Rect | undefined {
  if (path.curved) return undefined;
  const pts = path.points;
  const first = pts[0];
  const last = pts[pts.length - 1];
  // The first four points (a fifth that closes on the first adds nothing), read in place: no
  // copies of the points nor of their coordinates (issue 14), the same minima and maxima.
  if (!(pts.length === 4 || (pts.length === 5 && first && last && near(first, last)))) return undefined;
  for (let k = 0; k < 4; k++) {
    const a = pts[k] as Point;
    const b = pts[(k + 1) % 4] as Point;
    const horizontal = Math.abs(a[1] - b[1]) <= AXIS_TOLERANCE;
    const vertical = Math.abs(a[0] - b[0]) <= AXIS_TOLERANCE;
    if (!horizontal && !vertical) return undefined;
  }
  const p0 = pts[0] as Point, p1 = pts[1] as Point, p2 = pts[2] as Point, p3 = pts[3] as Point;
  return {
    x0: Math.min(p0[0], p1[0], p2[0], p3[0]),
    y0: Math.min(p0[1], p1[1], p2[1], p3[1]),
    x1: Math.max(p0[0], p1[0], p2[0], p3[0]),
    y1: Math.max(p0[1], p1[1], p2[1], p3[1]),
  };
}

function near(a: Point, b: Point): boolean {
  return Math.abs(a[0] - b[0]) <= AXIS_TOLERANCE && Math.abs(a[1] - b[1]) <= AXIS_TOLERANCE;
}

function lineSegment(a: Point, b: Point): Segment | undefined {
  const dx = Math.abs(a[0] - b[0]);
  const dy = Math.abs(a[1] - b[1]);
  if (dx < AXIS_TOLERANCE && dy < AXIS_TOLERANCE) return undefined;
  if (dy <= AXIS_TOLERANCE) {
    const y = (a[1] + b[1]) / 2;
    return { x0: Math.min(a[0], b[0]), x1: Math.max(a[0], b[0]), y0: y, y1: y, orientation: 'h' };
  }
  if (dx <= AXIS_TOLERANCE) {
    const x = (a[0] + b[0]) / 2;
    return { x0: x, x1: x, y0: Math.min(a[1], b[1]), y1: Math.max(a[1], b[1]), orientation: 'v' };
  }
  return undefined; // diagonal lines are never table rules
}

function rectEdges(r: Rect): Segment[] {
  const out: Segment[] = [];
  if (r.x1 - r.x0 > AXIS_TOLERANCE) {
    out.push({ x0: r.x0, x1: r.x1, y0: r.y0, y1: r.y0, orientation: 'h' });
    out.push({ x0: r.x0, x1: r.x1, y0: r.y1, y1: r.y1, orientation: 'h' });
  }
  if (r.y1 - r.y0 > AXIS_TOLERANCE) {
    out.push({ x0: r.x0, x1: r.x0, y0: r.y0, y1: r.y1, orientation: 'v' });
    out.push({ x0: r.x1, x1: r.x1, y0: r.y0, y1: r.y1, orientation: 'v' });
  }
  return out;
}

/** A thin filled rectangle becomes the rule along its long axis. */
function thinFillRule(r: Rect): Segment {
  const w = r.x1 - r.x0;
  const h = r.y1 - r.y0;
  if (w >= h) {
    const y = (r.y0 + r.y1) / 2;
    return { x0: r.x0, x1: r.x1, y0: y, y1: y, orientation: 'h' };
  }
  const x = (r.x0 + r.x1) / 2;
  return { x0: x, x1: x, y0: r.y0, y1: r.y1, orientation: 'v' };
}

/**
 * One side of a box border drawn as a filled trapezoid (a browser's PDF: each side of a cell's
 * border is a four-cornered fill whose ends are cut at 45° where it meets the next side), when it
 * is thin and long: the rule along its long axis. A rectangle is read by asRect.
 */
function mitredSide(path: SubPath): Segment | undefined {
  if (path.curved || path.points.length < 4 || path.points.length > 5) return undefined;
  const xs = path.points.map((p) => p[0]);
  const ys = path.points.map((p) => p[1]);
  const box = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  const thin = Math.min(box.x1 - box.x0, box.y1 - box.y0);
  const long = Math.max(box.x1 - box.x0, box.y1 - box.y0);
  return thin < THIN_FILL_MAX && long >= MITRED_SIDE_RATIO * Math.max(thin, AXIS_TOLERANCE) ? thinFillRule(box) : undefined;
}

/** A mitred border side is at least this many times longer than thick. */
const MITRED_SIDE_RATIO = 4;

const WHITE = new Set(['#ffffff', '#fefefe']);

/** The square an image is painted into, in its own space. */
export const UNIT_SQUARE: Point[] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
];

/**
 * Reads ruling lines and filled rectangles from a pdf.js operator list. `base` maps PDF user
 * space to the upright top-left view (the viewport transform).
 */
export function operatorListToGraphics(
  fnArray: ArrayLike<number>,
  argsArray: ArrayLike<unknown>,
  base: Matrix,
  page: { width: number; height: number },
): PageGraphics {
  const segments: Segment[] = [];
  const fills: Fill[] = [];
  const diagonals: Box[] = [];
  const stack: GState[] = [];
  let state: GState = { ctm: base };
  const limit = Math.min(fnArray.length, MAX_OPERATORS);
  const pageArea = Math.max(1, page.width * page.height);

  for (let i = 0; i < limit; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[] | null | undefined;
    switch (fn) {
      case OPS.save:
        if (stack.length < 1000) stack.push(state);
        state = { ...state };
        break;
      case OPS.restore:
        state = stack.pop() ?? state;
        break;
      case OPS.transform: {
        const m = toMatrix(args);
        if (m) state = { ...state, ctm: multiply(state.ctm, m) };
        break;
      }
      case OPS.paintFormXObjectBegin: {
        if (stack.length < 1000) stack.push(state);
        const m = toMatrix(args?.[0]);
        state = { ...state, ctm: m ? multiply(state.ctm, m) : state.ctm };
        break;
      }
      case OPS.paintFormXObjectEnd:
        state = stack.pop() ?? state;
        break;
      case OPS.setFillRGBColor: {
        const c = args?.[0];
        state = { ...state, fill: typeof c === 'string' ? c.toLowerCase() : undefined };
        break;
      }
      case OPS.constructPath: {
        const op = args?.[0];
        const bufHolder = args?.[1];
        const buf = Array.isArray(bufHolder) ? (bufHolder[0] as ArrayLike<number> | null) : null;
        if (typeof op !== 'number' || !buf) break;
        paintPath(op, decodePath(buf, state.ctm), state, { segments, fills, diagonals }, pageArea);
        break;
      }
      case OPS.paintSolidColorImageMask: {
        // A one-pixel image mask paints the unit square in the fill colour: a filled rectangle.
        // PostScript distilled by Acrobat draws TeX's rules (dvips' rulefill) this way.
        const square: SubPath = { points: UNIT_SQUARE.map(([x, y]) => apply(state.ctm, x, y)), closed: true, curved: false };
        paintPath(OPS.fill, [square], state, { segments, fills, diagonals }, pageArea);
        break;
      }
      default:
        break;
    }
  }
  return { segments, fills, diagonals, truncated: fnArray.length > MAX_OPERATORS };
}

function paintPath(
  op: number,
  paths: SubPath[],
  state: GState,
  out: Omit<PageGraphics, 'truncated'>,
  pageArea: number,
): void {
  const stroke =
    op === OPS.stroke ||
    op === OPS.closeStroke ||
    op === OPS.fillStroke ||
    op === OPS.eoFillStroke ||
    op === OPS.closeFillStroke ||
    op === OPS.closeEOFillStroke;
  const fill =
    op === OPS.fill ||
    op === OPS.eoFill ||
    op === OPS.fillStroke ||
    op === OPS.eoFillStroke ||
    op === OPS.closeFillStroke ||
    op === OPS.closeEOFillStroke;
  if (!stroke && !fill) return; // endPath: a clipping path draws nothing
  paintSubPaths(paths, stroke, fill, state.fill, out, pageArea);
}

/**
 * Adds what painted subpaths draw (in upright top-left coordinates) to a page's graphics: rules
 * from stroked lines and rectangle sides, thin fills and mitred border sides; fills (cell
 * backgrounds, bands) but a white page background; stroked diagonals as boxes. Shared by both
 * readers of a page's drawing (pdf.js's operator list above, PDFium's path objects, pdfium/graphics.ts).
 */
export function paintSubPaths(
  paths: readonly SubPath[],
  stroke: boolean,
  fill: boolean,
  fillColor: string | undefined,
  out: Omit<PageGraphics, 'truncated'>,
  pageArea: number,
): void {
  const { segments, fills } = out;
  for (const path of paths) {
    const rect = asRect(path);
    const mitred = fill && !rect ? mitredSide(path) : undefined;
    if (mitred) segments.push(mitred);
    if (fill && rect) {
      const w = rect.x1 - rect.x0;
      const h = rect.y1 - rect.y0;
      if (Math.min(w, h) < THIN_FILL_MAX) {
        if (Math.max(w, h) >= THIN_FILL_MAX) segments.push(thinFillRule(rect));
      } else {
        const white = fillColor !== undefined && WHITE.has(fillColor);
        if (!(white && (w * h) / pageArea >= BACKGROUND_AREA_SHARE)) {
          fills.push(fillColor ? { ...rect, color: fillColor } : { ...rect });
        }
      }
    }
    if (!stroke) continue;
    if (rect) {
      segments.push(...rectEdges(rect));
      continue;
    }
    if (path.curved) continue;
    const pts = path.points;
    for (let k = 1; k < pts.length; k++) {
      const a = pts[k - 1] as Point;
      const b = pts[k] as Point;
      const s = lineSegment(a, b);
      if (s) segments.push(s);
      else if (!near(a, b)) out.diagonals.push({ x0: Math.min(a[0], b[0]), y0: Math.min(a[1], b[1]), x1: Math.max(a[0], b[0]), y1: Math.max(a[1], b[1]) });
    }
    if (path.closed && pts.length > 2) {
      const s = lineSegment(pts[pts.length - 1] as Point, pts[0] as Point);
      if (s) segments.push(s);
    }
  }
}
