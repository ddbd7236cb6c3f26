import type { NotTableReason } from '../stream/not-tables.ts';
import type { Box } from '../types.ts';

/**
 * Why a finder dropped a candidate region. The lattice reasons name a ruled grid that did not
 * become a table; the stream reasons a run of text lines that did not.
 */
export type RejectReason =
  // lattice
  | 'too few rows or columns'
  | 'no words'
  | 'prose'
  | 'stacked rows'
  | 'partial rules'
  | 'shaded grid under rules'
  | 'empty shaded columns'
  | 'chart panels'
  | 'header band'
  // stream
  | 'prose line'
  | 'no columns'
  | 'too few rows'
  | NotTableReason;

export interface Rejected {
  method: 'lattice' | 'stream';
  bbox: Box;
  reason: RejectReason;
}

/** The columns the stream finder read in one region: whitespace rivers between them. */
export interface StreamColumns {
  /** The region's lines, as one box. */
  bbox: Box;
  /** Column boundaries, left to right: x-bands no phrase of a row crosses. */
  rivers: { x0: number; x1: number }[];
}

/**
 * What the finders saw on one page, for `--debug` pictures. Optional everywhere: a finder given
 * none does no tracing work (every push is behind `trace?.`, which skips its arguments too).
 */
export interface FinderTrace {
  /** Points where a vertical and a horizontal rule meet (after snapping and joining). */
  intersections: { x: number; y: number }[];
  /** Smallest ruled rectangles found between those points, before grouping into grids. */
  cells: Box[];
  /** Pages whose rules the lattice finder skipped as a drawing (over `maxEdges`). */
  tooManyEdges?: number;
  columns: StreamColumns[];
  rejected: Rejected[];
}

export function newTrace(): FinderTrace {
  return { intersections: [], cells: [], columns: [], rejected: [] };
}
