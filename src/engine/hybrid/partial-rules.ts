import type { Box, TextChunk } from '../types.ts';
import { unionOrNull } from '../geometry.ts';
import type { LatticeCandidate } from '../lattice/find-lattice-tables.ts';
import { wordsToCells, type Grid, type GridCell } from '../lattice/grid.ts';
import { chunksToLines, type TextLine } from '../text/chunks-to-lines.ts';
import { columnAt, linesToRivers, type River } from '../stream/lines-to-columns.ts';
import { linesToRows } from '../stream/lines-to-rows.ts';
import { cellTexts } from '../stream/cell-text.ts';
import type { EngineSettings, HybridSettings } from '../settings.ts';

/**
 * Ruled grids whose rules miss some of the table's structure: a frame or a ruled header over a
 * body without column rules (one wide cell per band, a whole row's text in it), or column rules
 * through a body without row rules (a stack of values in each cell). Inside such bands the rules
 * still give what they draw; the rest comes from the text, as the stream finder reads it: columns
 * from the column rules plus whitespace rivers, rows from text lines between the row rules.
 * See docs/decisions/012-partially-ruled-tables.md.
 */

/** A text line is a printed value (amount, count, date, percentage), not words. */
export const VALUE = /^[-+(]?\s*(?:\$|US\$|COP\$?|€|£)?\s*[\d.,/:%'\s-]*\d[\d.,/:%'\s-]*\)?\s*%?$/;

/** Grid rows [r0, r1) read from the text, and the x-spans whose columns come from text alignment. */
export interface UnderRuled {
  ranges: Array<[number, number]>;
  spans: Array<[number, number]>;
}

const lineText = (l: TextLine): string => l.words.map((w) => w.text).join(' ');

/** The line has phrases on both sides of x and none across it: a column boundary the rule does not draw. */
function separatesAt(line: TextLine, x: number, s: HybridSettings): boolean {
  const touch = s.ruleTouchPt;
  let left = false;
  let right = false;
  for (const p of line.phrases) {
    if (p.x0 < x - touch && p.x1 > x + touch) return false;
    if (p.x1 <= x + touch) left = true;
    else right = true;
  }
  return left && right;
}

/**
 * A cell across two or more grid columns whose lines (most of those with column structure) keep
 * separate phrases on both sides of a column rule drawn elsewhere in the grid: the rules do not
 * separate its columns.
 */
export function isSplitSpan(cell: GridCell, grid: Grid, lines: readonly TextLine[], s: HybridSettings): boolean {
  if (cell.c1 - cell.c0 < 2 || lines.length === 0) return false;
  const inner = grid.xs.slice(cell.c0 + 1, cell.c1);
  // Lines of one phrase (a section title, a label wrapped round centred values) show nothing.
  const structured = lines.filter((l) => l.phrases.length >= 2);
  const split = structured.filter((l) => inner.some((x) => separatesAt(l, x, s))).length;
  return split > 0 && 2 * split >= structured.length;
}

/** Every line of the cell is a value: one value never wraps, so these are several rows. */
export function isValueStack(lines: readonly TextLine[]): boolean {
  return lines.length >= 2 && lines.every((l) => VALUE.test(lineText(l)));
}

/** Lines of two cells on one baseline (within the line builder's tolerance): rows the rules do not separate. */
function sharedBaselines(a: readonly TextLine[], b: readonly TextLine[], sameLineEm: number): number {
  return a.filter((l) => b.some((m) => Math.abs(m.yc - l.yc) <= sameLineEm * Math.min(l.size, m.size))).length;
}

/**
 * A stack of values beside other stacked cells on the same baselines, with most of the cells
 * across its rows holding several lines: rows the rules do not separate. A row whose cells wrap
 * (a long name, an address, two phone numbers in one cell) leaves most of its cells on one line.
 */
function isStackedBand(cell: GridCell, index: number, cells: readonly GridCell[], lines: readonly TextLine[][], s: EngineSettings): boolean {
  const own = lines[index]!;
  if (!isValueStack(own)) return false;
  const across = cells.map((_, j) => j).filter((j) => cells[j]!.r0 < cell.r1 && cell.r0 < cells[j]!.r1 && lines[j]!.length > 0);
  const stacked = across.filter((j) => lines[j]!.length >= 2);
  const aligned = stacked.some((j) => j !== index && sharedBaselines(own, lines[j]!, s.lines.sameLineEm) >= 2);
  return aligned && stacked.length >= s.hybrid.stackedCellsShare * across.length;
}

/** Grid rows covered by under-ruled cells, closed over cells that straddle a range's ends. */
function cellsToRanges(cells: readonly GridCell[], loose: readonly number[]): Array<[number, number]> {
  const marked = new Set<number>();
  for (const i of loose) for (let r = cells[i]!.r0; r < cells[i]!.r1; r++) marked.add(r);
  for (let changed = true; changed; ) {
    changed = false;
    for (const c of cells) {
      let touched = false;
      for (let r = c.r0; r < c.r1 && !touched; r++) touched = marked.has(r);
      if (!touched) continue;
      for (let r = c.r0; r < c.r1; r++) {
        if (marked.has(r)) continue;
        marked.add(r);
        changed = true;
      }
    }
  }
  const rows = [...marked].sort((a, b) => a - b);
  const ranges: Array<[number, number]> = [];
  for (const r of rows) {
    const last = ranges[ranges.length - 1];
    if (last && last[1] === r) last[1] = r + 1;
    else ranges.push([r, r + 1]);
  }
  return ranges;
}

/**
 * Finds the bands of a ruled grid whose rules miss columns (a split spanning cell) or rows (a
 * stack of values beside another stacked cell on the same baselines). Undefined when the rules
 * tell the whole structure.
 */
export function candidateToUnderRuled(c: LatticeCandidate, s: EngineSettings): UnderRuled | undefined {
  const { grid } = c;
  const lines = wordsToCells(grid, c.words).map((words) => chunksToLines(words, s.lines));
  const loose: number[] = [];
  const spans: Array<[number, number]> = [];
  grid.cells.forEach((cell, i) => {
    if (!isSplitSpan(cell, grid, lines[i]!, s.hybrid)) return;
    loose.push(i);
    spans.push([cell.x0, cell.x1]);
  });
  grid.cells.forEach((cell, i) => {
    if (isStackedBand(cell, i, grid.cells, lines, s)) loose.push(i);
  });
  if (loose.length === 0) return undefined;
  return { ranges: cellsToRanges(grid.cells, loose), spans };
}

/**
 * Column rules as rivers, plus the text's own rivers inside split spans where no rule is drawn.
 * Undefined when the text shows a column boundary inside a ruled column outside any split span:
 * there the rules do not give the columns, and text alignment must read the whole region.
 */
function columnsOf(grid: Grid, lines: readonly TextLine[], spans: UnderRuled['spans'], s: EngineSettings): River[] | undefined {
  const rules = grid.xs.slice(1, -1);
  const half = s.hybrid.ruleRiverHalfWidthPt;
  const near = s.hybrid.sameBoundaryPt;
  const out: River[] = rules.map((x) => ({ x0: x - half, x1: x + half }));
  for (const r of linesToRivers(lines, s.stream)) {
    if (rules.some((x) => x >= r.x0 - near && x <= r.x1 + near)) continue;
    const mid = (r.x0 + r.x1) / 2;
    if (!spans.some(([x0, x1]) => mid > x0 && mid < x1)) return undefined;
    out.push(r);
  }
  return out.sort((a, b) => a.x0 - b.x0);
}

interface ReadRow {
  y: number;
  cells: string[];
  boxes: (Box | null)[];
  lines: number[];
}

/** The candidate's words whose centres fall in the grid rows of the ranges, as text lines per range. */
function rangesToLines(c: LatticeCandidate, ranges: UnderRuled['ranges'], s: EngineSettings): TextLine[] {
  const lines: TextLine[] = [];
  for (const [r0, r1] of ranges) {
    const y0 = c.grid.ys[r0]!;
    const y1 = c.grid.ys[r1]!;
    const words = c.words.filter((w) => {
      const y = (w.y0 + w.y1) / 2;
      return y >= y0 && y < y1;
    });
    lines.push(...chunksToLines(words, s.lines));
  }
  return lines;
}

/** The rows the rules separate, as the grid read them, laid on the final columns. */
function ruledRows(c: LatticeCandidate, inRange: readonly boolean[], rivers: readonly River[], s: HybridSettings): ReadRow[] {
  const width = rivers.length + 1;
  const columnOf = c.grid.xs.slice(0, -1).map((x) => columnAt(x + 2 * s.ruleRiverHalfWidthPt, rivers));
  const out: ReadRow[] = [];
  c.rows.forEach((row, r) => {
    if (inRange[r]) return;
    const cells = new Array<string>(width).fill('');
    const boxes = new Array<Box | null>(width).fill(null);
    const counts = new Array<number>(width).fill(0);
    row.forEach((text, k) => {
      const to = columnOf[k]!;
      cells[to] = text;
      boxes[to] = c.boxes[r]?.[k] ?? null;
      counts[to] = c.lineCounts[r]?.[k] ?? 0;
    });
    out.push({ y: c.grid.ys[r]!, cells, boxes, lines: counts });
  });
  return out;
}

function countLines(words: readonly TextChunk[], lines: readonly TextLine[]): number {
  if (words.length === 0) return 0;
  const set = new Set(words);
  return lines.filter((l) => l.words.some((w) => set.has(w))).length;
}

/**
 * Re-reads a ruled grid's under-ruled bands from their text lines (columns: the rules plus the
 * text's rivers inside split spans; rows: text lines, never across a rule), keeping the rows the
 * rules separate as the grid read them. 'text' when the rules do not give the columns there, or
 * the text there does not read as rows of a table (mostly one-cell rows: prose in a frame).
 */
export function underRuledToCandidate(c: LatticeCandidate, under: UnderRuled, s: EngineSettings): LatticeCandidate | 'text' {
  const lines = rangesToLines(c, under.ranges, s);
  const rivers = columnsOf(c.grid, lines, under.spans, s);
  if (!rivers) return 'text';
  const read: ReadRow[] = linesToRows(lines, rivers, s.stream, { rules: c.grid.ys, bands: [] }).map((row) => ({
    y: row.lines[0]!.yc,
    cells: cellTexts(row.cells, row.lines),
    boxes: row.cells.map((words) => unionOrNull(words)),
    lines: row.cells.map((words) => countLines(words, row.lines)),
  }));
  const structured = read.filter((r) => r.cells.filter(Boolean).length >= 2).length;
  if (structured < s.hybrid.minStructuredShare * read.length) return 'text';
  const inRange = new Array<boolean>(c.grid.ys.length - 1).fill(false);
  for (const [r0, r1] of under.ranges) for (let r = r0; r < r1; r++) inRange[r] = true;
  const rows = [...read, ...ruledRows(c, inRange, rivers, s.hybrid)].sort((a, b) => a.y - b.y);
  return { ...c, rows: rows.map((r) => r.cells), boxes: rows.map((r) => r.boxes), lineCounts: rows.map((r) => r.lines) };
}

/**
 * A lattice candidate read with its partial rules: unchanged when the rules tell its whole
 * structure, re-read where they miss columns or rows, or 'text' when only text alignment can
 * read it (the stream finder then takes the region).
 */
export function candidateToPartialRules(c: LatticeCandidate, s: EngineSettings): LatticeCandidate | 'text' {
  const under = candidateToUnderRuled(c, s);
  return under ? underRuledToCandidate(c, under, s) : c;
}
