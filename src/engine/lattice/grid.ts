import type { Box, TextChunk } from '../types.ts';
import { plainBox } from '../geometry.ts';
import type { LineSettings } from '../settings.ts';
import { chunksToLines, type TextLine } from '../text/chunks-to-lines.ts';
import { joinLines } from '../text/join-words.ts';
import { justifiedInRegion } from '../text/stretched-lines.ts';
import { figureBrokenIn } from './broken-figures.ts';

/** A cell placed on its table's grid; a spanning cell covers rows r0..r1-1 and columns c0..c1-1. */
export interface GridCell extends Box {
  r0: number;
  r1: number;
  c0: number;
  c1: number;
}

export interface Grid {
  bbox: Box;
  /** Column boundaries (left to right) and row boundaries (top to bottom). */
  xs: number[];
  ys: number[];
  cells: GridCell[];
  /** owner[r][c] = index of the cell covering that position, or -1. */
  owner: number[][];
}

/** Lays a table's cells on the grid formed by all their distinct corner coordinates. */
export function cellsToGrid(cells: readonly Box[]): Grid {
  // Distinct coordinates in the order first met, then sorted: no pair array per cell (issue 14).
  const xSet = new Set<number>();
  const ySet = new Set<number>();
  for (const c of cells) {
    xSet.add(c.x0).add(c.x1);
    ySet.add(c.y0).add(c.y1);
  }
  const xs = [...xSet].sort((a, b) => a - b);
  const ys = [...ySet].sort((a, b) => a - b);
  const xi = new Map(xs.map((x, i) => [x, i]));
  const yi = new Map(ys.map((y, i) => [y, i]));
  const rows = ys.length - 1;
  const cols = xs.length - 1;
  const owner = Array.from({ length: rows }, () => new Array<number>(cols).fill(-1));
  const placed: GridCell[] = [];
  for (const c of cells) {
    // The four coordinates named, not spread: the cells come from intersectionsToCells, plain boxes
    // (a spread copy cost more than the rest of the loop, issue 14).
    const cell: GridCell = {
      x0: c.x0,
      y0: c.y0,
      x1: c.x1,
      y1: c.y1,
      c0: xi.get(c.x0) ?? 0,
      c1: xi.get(c.x1) ?? 0,
      r0: yi.get(c.y0) ?? 0,
      r1: yi.get(c.y1) ?? 0,
    };
    const index = placed.length;
    placed.push(cell);
    for (let r = cell.r0; r < cell.r1; r++) {
      const row = owner[r] as number[];
      for (let k = cell.c0; k < cell.c1; k++) if (row[k] === -1) row[k] = index;
    }
  }
  const bbox = {
    x0: xs[0] ?? 0,
    y0: ys[0] ?? 0,
    x1: xs[xs.length - 1] ?? 0,
    y1: ys[ys.length - 1] ?? 0,
  };
  return { bbox, xs, ys, cells: placed, owner };
}

/** Index of the interval of `bounds` holding v, or -1 outside. */
function slot(bounds: readonly number[], v: number): number {
  if (v < (bounds[0] as number) || v > (bounds[bounds.length - 1] as number)) return -1;
  let lo = 0;
  let hi = bounds.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((bounds[mid] as number) <= v) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The words of each cell (parallel to `grid.cells`): a word belongs to the cell holding its centre. */
export function wordsToCells(grid: Grid, chunks: readonly TextChunk[]): TextChunk[][] {
  const perCell: TextChunk[][] = grid.cells.map(() => []);
  for (let i = 0; i < chunks.length; i++) {
    const ch = chunks[i]!;
    const c = slot(grid.xs, (ch.x0 + ch.x1) / 2);
    const r = slot(grid.ys, (ch.y0 + ch.y1) / 2);
    if (c < 0 || r < 0) continue;
    const index = grid.owner[r]?.[c] ?? -1;
    if (index >= 0) perCell[index]?.push(ch);
  }
  return perCell;
}

export interface FilledGrid {
  rows: string[][];
  /** Each cell's box at its top-left position, parallel to rows; null where no cell starts. */
  boxes: (Box | null)[][];
  /** Text lines in each cell, at the cell's top-left position (0 elsewhere). */
  lineCounts: number[][];
  /** Chunks that fell inside a cell. */
  used: Set<TextChunk>;
}

/**
 * Puts each word in the cell containing its centre, then writes each cell's text at its
 * top-left grid position; other positions a spanning cell covers stay "".
 */
export function gridToRows(grid: Grid, chunks: readonly TextChunk[], settings: LineSettings): FilledGrid {
  const perCell = wordsToCells(grid, chunks);
  const placed = new Set<TextChunk>(perCell.flat());
  // In page order, as the words were read.
  const used = new Set<TextChunk>(chunks.filter((ch) => placed.has(ch)));
  const rows = grid.owner.map((row) => row.map(() => ''));
  const boxes = grid.owner.map((row) => row.map((): Box | null => null));
  const lineCounts = grid.owner.map((row) => row.map(() => 0));
  // One line pass per cell serves its text, its line count (issue 14: it was built twice) and the
  // table's usual word space, read only when a line ends in a hyphen.
  const cellLines = perCell.map((words) => (words.length ? chunksToLines(words, settings) : []));
  const justifiedWords = justifiedInRegion(() => cellLines.flat(), settings.justifiedGapSpreadEm);
  const justified = (line: TextLine) => justifiedWords(line.words);
  grid.cells.forEach((cell, i) => {
    const words = perCell[i] ?? [];
    // The box sits where the cell's text does: at its top-left position, which an empty cell
    // marks only when it owns it (not under an overlapping cell).
    const box = boxes[cell.r0];
    if (box && (words.length || grid.owner[cell.r0]?.[cell.c0] === i)) box[cell.c0] = plainBox(cell);
    if (!words.length) return;
    const lines = cellLines[i]!;
    const target = rows[cell.r0];
    if (target) target[cell.c0] = cellText(words, lines, cell, justified);
    const counts = lineCounts[cell.r0];
    if (counts) counts[cell.c0] = lines.length;
  });
  return { rows, boxes, lineCounts, used };
}

/**
 * Upright words in reading order (`lines`: chunksToLines of the cell's words, which reads only the
 * upright ones); sideways words (vertical headers) follow in their own order.
 */
function cellText(words: readonly TextChunk[], lines: readonly TextLine[], cell: Box, justified: (line: TextLine) => boolean): string {
  const sideways = words.filter((w) => !w.upright);
  const parts = [joinLines(lines, ' ', figureBrokenIn(cell), justified)];
  if (sideways.length) {
    // Text written bottom-to-top reads from the largest y; top-to-bottom from the smallest.
    const sorted = [...sideways].sort((a, b) => b.y1 - a.y1 || a.x0 - b.x0);
    parts.push(sorted.map((w) => w.text).join(' '));
  }
  return parts.filter(Boolean).join(' ');
}
