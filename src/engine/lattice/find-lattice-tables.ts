import type { FinderTrace } from '../debug/trace.ts';
import type { Box, PageContent, RawTable, Segment, TextChunk } from '../types.ts';
import { contextAbove } from '../text/context.ts';
import { cellsToTables, edgesToIntersections, intersectionsToCells } from './cells.ts';
import { fillsToSegments, mergedToFramed, segmentsToSnapped, snappedToMerged } from './edges.ts';
import { cellsToGrid, gridToRows, type Grid } from './grid.ts';
import { impliedOpenRows } from './open-rows.ts';
import { boxOfCells, splitStackedTables, type GridRows } from './stacked-tables.ts';
import { DEFAULT_SETTINGS, type EngineSettings, type LatticeSettings } from '../settings.ts';

/** A ruled table with its grid, before it is turned into a RawTable. */
export interface LatticeCandidate {
  grid: Grid;
  rows: string[][];
  /** Each cell's box, parallel to rows. */
  boxes: (Box | null)[][];
  /** Text lines per cell at its top-left position. */
  lineCounts: number[][];
  /** The words placed in its cells. */
  words: TextChunk[];
}

/** The rules of a page (strokes, thin fills and, optionally, the sides of fills), joined. */
export function pageToEdges(page: PageContent, s: LatticeSettings): Segment[] {
  const raw = s.useFillEdges ? [...page.segments, ...fillsToSegments(page.fills)] : page.segments;
  const merged = snappedToMerged(segmentsToSnapped(raw, s), s);
  if (!s.impliedFrame) return merged;
  // The open first and last rows of a table with inner borders only, before the sides they imply.
  const open = impliedOpenRows(merged, page.chunks, s);
  return mergedToFramed(open.length ? snappedToMerged([...merged, ...open], s) : merged, s);
}

function gridsFromEdges(edges: readonly Segment[], page: PageContent, settings: EngineSettings, trace?: FinderTrace): LatticeCandidate[] {
  const s = settings.lattice;
  if (trace && edges.length > s.maxEdges) trace.tooManyEdges = edges.length;
  if (edges.length < 4 || edges.length > s.maxEdges) return [];
  const points = edgesToIntersections(edges, s);
  const cells = intersectionsToCells(points);
  if (trace) for (const p of points.values()) trace.intersections.push({ x: p.x, y: p.y });
  if (trace) for (const c of cells) trace.cells.push(c);
  const out: LatticeCandidate[] = [];
  for (const group of cellsToTables(cells)) {
    const grid = cellsToGrid(group);
    if (grid.ys.length - 1 < s.minRows || grid.xs.length - 1 < s.minCols) {
      trace?.rejected.push({ method: 'lattice', bbox: grid.bbox, reason: 'too few rows or columns' });
      continue;
    }
    const { rows, boxes, lineCounts, used } = gridToRows(grid, page.chunks, settings.lines);
    out.push({ grid, rows, boxes, lineCounts, words: [...used] });
  }
  return out;
}

function within(b: Box, outer: Box, margin = 0): boolean {
  return b.x0 >= outer.x0 - margin && b.x1 <= outer.x1 + margin && b.y0 >= outer.y0 - margin && b.y1 <= outer.y1 + margin;
}

/**
 * Grids drawn only as shaded cells (backgrounds with white gaps, no rules). Only where no rule
 * is drawn: where rules exist they give the structure, and cell paddings painted as separate
 * fills would split columns.
 */
function fillGrids(page: PageContent, taken: readonly Box[], settings: EngineSettings, trace?: FinderTrace): LatticeCandidate[] {
  const s = settings.lattice;
  const m = s.insideMarginPt;
  const free = page.fills.filter((f) => !taken.some((t) => within(f, t, m)));
  if (free.length < 4) return [];
  const edges = snappedToMerged(segmentsToSnapped(fillsToSegments(free), s), s);
  return gridsFromEdges(edges, page, settings, trace).filter((c) => {
    const b = c.grid.bbox;
    // Any rule on or inside the grid means rules structure this region, not the fills.
    const ruled = page.segments.some((seg) => seg.x1 >= b.x0 - m && seg.x0 <= b.x1 + m && seg.y1 >= b.y0 - m && seg.y0 <= b.y1 + m);
    if (ruled) {
      trace?.rejected.push({ method: 'lattice', bbox: b, reason: 'shaded grid under rules' });
      return false;
    }
    // Cell paddings painted as separate fills make columns that never hold text.
    const cols = c.grid.xs.length - 1;
    const empty = Array.from({ length: cols }, (_, k) => c.rows.every((row) => !row[k]?.trim())).filter(Boolean).length;
    const keep = empty <= s.maxEmptyFillColumnsShare * cols;
    if (!keep) trace?.rejected.push({ method: 'lattice', bbox: b, reason: 'empty shaded columns' });
    return keep;
  });
}

/** Every grid the rules of a page form (then grids of shaded cells), with each cell's words. */
export function findLatticeCandidates(page: PageContent, settings: EngineSettings, trace?: FinderTrace): LatticeCandidate[] {
  const ruled = gridsFromEdges(pageToEdges(page, settings.lattice), page, settings, trace);
  if (settings.lattice.useFillEdges) return ruled;
  const shaded = fillGrids(
    page,
    ruled.map((c) => c.grid.bbox),
    settings,
    trace,
  );
  return shaded.length ? [...ruled, ...shaded].sort((a, b) => a.grid.bbox.y0 - b.grid.bbox.y0) : ruled;
}

/** Share of the grid's positions that belong to some cell (1 for a complete grid). */
function coverage(grid: Grid): number {
  let covered = 0;
  let total = 0;
  for (const row of grid.owner) {
    for (const o of row) {
      total++;
      if (o >= 0) covered++;
    }
  }
  return total ? covered / total : 0;
}

export function latticeConfidence(c: LatticeCandidate): number {
  const filled = c.rows.flat().filter((t) => t.trim()).length;
  const cells = Math.max(1, c.grid.cells.length);
  // A complete grid with text in most cells is certainly a table; a sparse or ragged one less so.
  const score = 0.5 + 0.3 * coverage(c.grid) + 0.2 * Math.min(1, filled / cells);
  return Math.round(score * 100) / 100;
}

/** Ruled tables of one page, top to bottom, each with a confidence and the lines above it. */
export function findLatticeTables(page: PageContent, settings: EngineSettings = DEFAULT_SETTINGS): RawTable[] {
  const candidates = findLatticeCandidates(page, settings).filter((c) => c.words.length > 0);
  return candidatesToTables(page, candidates, settings);
}

/**
 * Rows that are only the gap between two rules: no text, and thinner than a line of the grid's
 * text (a double rule, a shaded band drawn between rows). They are not rows of the table.
 */
function spacerRows(c: LatticeCandidate, s: LatticeSettings): boolean[] {
  const sizes = c.words.map((w) => w.size).sort((a, b) => a - b);
  const size = sizes[sizes.length >> 1];
  if (size === undefined) return c.rows.map(() => false);
  return c.rows.map((row, r) => {
    if (row.some((t) => t.trim())) return false;
    const box = c.boxes[r]!.find((b) => b !== null);
    return box !== undefined && box !== null && box.y1 - box.y0 < s.spacerRowEm * size;
  });
}

/** A candidate's tables: one, or one per framed table stacked in its grid (stacked-tables.ts). */
function partsOf(c: LatticeCandidate, s: LatticeSettings): (GridRows & { bbox: Box })[] {
  const parts = splitStackedTables(c, spacerRows(c, s));
  if (parts.length === 1) return [{ ...parts[0]!, bbox: c.grid.bbox }];
  return parts.flatMap((p) => {
    const bbox = boxOfCells(p.boxes);
    return bbox ? [{ ...p, bbox }] : [];
  });
}

export function candidatesToTables(
  page: PageContent,
  candidates: readonly LatticeCandidate[],
  settings: EngineSettings,
): RawTable[] {
  const found = candidates.flatMap((c) => partsOf(c, settings.lattice).map((part) => ({ c, part })));
  const boxes: Box[] = found.map((f) => f.part.bbox);
  return found.map(({ c, part }) => ({
    page: page.page,
    pages: [page.page],
    bbox: part.bbox,
    rows: part.rows,
    cells: part.boxes,
    rowPages: part.rows.map(() => page.page),
    pageBoxes: [{ page: page.page, bbox: part.bbox }],
    method: 'lattice' as const,
    confidence: latticeConfidence(c),
    context: contextAbove(page.chunks, part.bbox, settings, {
      maxDistance: settings.context.latticeMaxPt,
      exclude: boxes.filter((b) => b !== part.bbox),
    }),
  }));
}
