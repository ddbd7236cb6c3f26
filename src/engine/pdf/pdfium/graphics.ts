/**
 * A page's rules, fills and diagonals read from PDFium's page objects (paths, one-pixel images,
 * forms followed), painted by the same rules as pdf.js's operator list (pdf/graphics.ts).
 */
import type { Box, Fill, Segment } from '../../types.ts';
import { MAX_OPERATORS, paintSubPaths, UNIT_SQUARE, type PageGraphics, type Point, type SubPath } from '../graphics.ts';
import { apply, multiply, type Matrix } from '../matrix.ts';
import type { Pdfium } from './module.ts';

const OBJ_PATH = 2;
const OBJ_IMAGE = 3;
const OBJ_FORM = 5;
const SEG_LINETO = 0;
const SEG_BEZIERTO = 1;
const SEG_MOVETO = 2;
/** Forms nested deeper than this are not followed (PDFium caps nesting too; this bounds our walk). */
const MAX_FORM_DEPTH = 32;

interface Walk {
  lib: Pdfium;
  /** Eight bytes per value of scratch memory in the module for out-parameters. */
  scratch: number;
  out: { segments: Segment[]; fills: Fill[]; diagonals: Box[] };
  pageArea: number;
  /** Objects and path segments visited: a hostile page stops here (pdf/graphics.ts MAX_OPERATORS). */
  budget: number;
}

function objectMatrix(w: Walk, obj: number, parent: Matrix): Matrix {
  const { fn, heap } = w.lib;
  if (!fn.FPDFPageObj_GetMatrix(obj, w.scratch)) return parent;
  const f = heap().f32;
  const k = w.scratch >> 2;
  const own: Matrix = [f[k]!, f[k + 1]!, f[k + 2]!, f[k + 3]!, f[k + 4]!, f[k + 5]!];
  return multiply(parent, own);
}

/** The path's subpaths in upright coordinates, as pdf/graphics.ts decodePath reads pdf.js's. */
function subPaths(w: Walk, obj: number, m: Matrix): SubPath[] {
  const { fn, heap } = w.lib;
  const n = fn.FPDFPath_CountSegments(obj);
  w.budget -= n;
  if (w.budget < 0) return [];
  const paths: SubPath[] = [];
  let cur: SubPath | undefined;
  let bezier = 0;
  const k = w.scratch >> 2;
  for (let i = 0; i < n; i++) {
    const seg = fn.FPDFPath_GetPathSegment(obj, i);
    if (!seg || !fn.FPDFPathSegment_GetPoint(seg, w.scratch, w.scratch + 4)) continue;
    const f = heap().f32;
    const p = apply(m, f[k]!, f[k + 1]!);
    const type = fn.FPDFPathSegment_GetType(seg);
    if (type === SEG_MOVETO || !cur) {
      cur = { points: [p], closed: false, curved: false };
      paths.push(cur);
      bezier = 0;
    } else if (type === SEG_LINETO) {
      cur.points.push(p);
    } else if (type === SEG_BEZIERTO) {
      // A curve comes as its two control points and its end: only the end is a point of the path.
      cur.curved = true;
      if (++bezier % 3 === 0) cur.points.push(p);
    }
    if (fn.FPDFPathSegment_GetClose(seg) && cur) {
      cur.closed = true;
      const first = cur.points[0];
      // As pdf.js: a segment after closePath starts from the subpath's first point.
      if (first) {
        cur = { points: [first], closed: false, curved: false };
        paths.push(cur);
      }
    }
  }
  return paths.filter((p) => p.points.length > 1 || p.closed);
}

function fillColor(w: Walk, obj: number): string | undefined {
  const { fn, heap } = w.lib;
  const s = w.scratch;
  if (!fn.FPDFPageObj_GetFillColor(obj, s, s + 4, s + 8, s + 12)) return undefined;
  const u = heap().u32;
  const k = s >> 2;
  const hex = (v: number) => Math.max(0, Math.min(255, v)).toString(16).padStart(2, '0');
  return `#${hex(u[k]!)}${hex(u[k + 1]!)}${hex(u[k + 2]!)}`;
}

function paintPathObject(w: Walk, obj: number, m: Matrix): void {
  const { fn, heap } = w.lib;
  const s = w.scratch;
  if (!fn.FPDFPath_GetDrawMode(obj, s, s + 4)) return;
  const i32 = heap().i32;
  const fill = i32[s >> 2] !== 0;
  const stroke = i32[(s >> 2) + 1] !== 0;
  if (!fill && !stroke) return;
  const paths = subPaths(w, obj, m);
  if (paths.length) paintSubPaths(paths, stroke, fill, fill ? fillColor(w, obj) : undefined, w.out, w.pageArea);
}

/** A one-pixel image stretched into a bar is a rule (Distiller's TeX rules; pdf/graphics.ts). */
function paintImageObject(w: Walk, obj: number, m: Matrix): void {
  const { fn, heap } = w.lib;
  const s = w.scratch;
  if (!fn.FPDFImageObj_GetImagePixelSize(obj, s, s + 4)) return;
  const u = heap().u32;
  if (u[s >> 2] !== 1 || u[(s >> 2) + 1] !== 1) return;
  const square: SubPath = { points: UNIT_SQUARE.map(([x, y]) => apply(m, x, y) as Point), closed: true, curved: false };
  paintSubPaths([square], false, true, undefined, w.out, w.pageArea);
}

function walkObjects(w: Walk, count: number, at: (i: number) => number, parent: Matrix, depth: number): void {
  for (let i = 0; i < count && w.budget > 0; i++) {
    w.budget--;
    const obj = at(i);
    if (!obj) continue;
    const type = w.lib.fn.FPDFPageObj_GetType(obj);
    if (type !== OBJ_PATH && type !== OBJ_IMAGE && type !== OBJ_FORM) continue;
    const m = objectMatrix(w, obj, parent);
    if (type === OBJ_PATH) paintPathObject(w, obj, m);
    else if (type === OBJ_IMAGE) paintImageObject(w, obj, m);
    else if (depth < MAX_FORM_DEPTH) {
      const fn = w.lib.fn;
      walkObjects(w, fn.FPDFFormObj_CountObjects(obj), (k) => fn.FPDFFormObj_GetObject(obj, k), m, depth + 1);
    }
  }
}

/** Reads a loaded page's drawing; `base` maps PDF user space to the upright top-left view. */
export function readGraphics(lib: Pdfium, page: number, base: Matrix, size: { width: number; height: number }, scratch: number): PageGraphics {
  const out = { segments: [] as Segment[], fills: [] as Fill[], diagonals: [] as Box[] };
  const w: Walk = { lib, scratch, out, pageArea: Math.max(1, size.width * size.height), budget: MAX_OPERATORS };
  walkObjects(w, lib.fn.FPDFPage_CountObjects(page), (i) => lib.fn.FPDFPage_GetObject(page, i), base, 0);
  return { ...out, truncated: w.budget <= 0 };
}
