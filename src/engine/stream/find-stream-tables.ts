import type { FinderTrace } from '../debug/trace.ts';
import type { Box, PageContent, RawTable, Segment, TextChunk } from '../types.ts';
import { contextAbove } from '../text/context.ts';
import { chunksToLines, type TextLine } from '../text/chunks-to-lines.ts';
import { foldCentredLines } from './centred-lines.ts';
import { headerToValueColumns } from './header-columns.ts';
import { placeGroupHeadings } from './group-headings.ts';
import { linesToRivers } from './lines-to-columns.ts';
import { blockToRegion, linesToBlocks, type Region } from './lines-to-regions.ts';
import { blockToSegments } from './block-to-segments.ts';
import { horizontalRules, joinedRules } from './ruled-row-lines.ts';
import { splitTightColumns } from './tight-columns.ts';
import { splitSideBySide } from './side-by-side.ts';
import { notTableReason } from './not-tables.ts';
import { linesToRows, type RowHints, type RowWords } from './lines-to-rows.ts';
import { cellTexts, widestLines } from './cell-text.ts';
import { justifiedInRegion } from '../text/stretched-lines.ts';
import { figureBrokenInColumn } from './broken-figures.ts';
import { moveHeaderWordsBeside } from './header-words-beside.ts';
import { splitAtHeaderGaps } from './header-split-columns.ts';
import { DEFAULT_SETTINGS, type EngineSettings, type StreamSettings } from '../settings.ts';
import { outsideBoxes, unionBox, unionOrNull } from '../geometry.ts';

const inside = (c: Box, b: Box): boolean => {
  const x = (c.x0 + c.x1) / 2;
  const y = (c.y0 + c.y1) / 2;
  return x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1;
};

function medianSize(chunks: readonly TextChunk[]): number {
  const sizes = chunks.map((c) => c.size).sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)] ?? 10;
}

/** Rows of words to rows of text, each cell with the box of its words, dropping columns no row uses. */
function rowsToCells(rows: readonly RowWords[], lines: readonly TextLine[], settings: StreamSettings): { text: string[][]; boxes: (Box | null)[][] } {
  const widest = widestLines(rows);
  const justified = justifiedInRegion(() => lines, settings.justifiedGapSpreadEm);
  const text = rows.map((r) => cellTexts(r.cells, r.lines, (c) => figureBrokenInColumn(widest[c] ?? 0), justified));
  const width = text[0]?.length ?? 0;
  const used: number[] = [];
  for (let c = 0; c < width; c++) if (text.some((r) => r[c] !== '')) used.push(c);
  return {
    text: text.map((r) => used.map((c) => r[c]!)),
    boxes: rows.map((r, i) => used.map((c) => (text[i]![c] ? unionOrNull(r.cells[c]!) : null))),
  };
}

/**
 * Fills side by side over the same height, end to end, joined into one band: a browser shades a
 * zebra row cell by cell (general 6013-07, Chromium), each fill as wide as its cell.
 */
function joinedFills(fills: readonly Box[], gap: number): Box[] {
  const sorted = [...fills].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const out: Box[] = [];
  for (const f of sorted) {
    const last = out.find((b) => Math.abs(b.y0 - f.y0) <= gap && Math.abs(b.y1 - f.y1) <= gap && f.x0 <= b.x1 + gap && f.x1 >= b.x0 - gap);
    if (last) {
      last.x0 = Math.min(last.x0, f.x0);
      last.x1 = Math.max(last.x1, f.x1);
    } else out.push({ x0: f.x0, y0: f.y0, x1: f.x1, y1: f.y1 });
  }
  return out;
}

/**
 * Horizontal rules and shaded bands that run across most of the table: a table drawn with only
 * row rules or zebra stripes marks its rows with them.
 */
function rowHintsOf(page: PageContent, lines: readonly TextLine[], settings: StreamSettings): RowHints {
  const bbox = unionBox(lines);
  // The rules that close the first and last rows sit just outside the text.
  const margin = Math.max(...lines.map((l) => l.size));
  const top = bbox.y0 - margin;
  const bottom = bbox.y1 + margin;
  const need = settings.ruleWidthShare * (bbox.x1 - bbox.x0);
  const across = (x0: number, x1: number): boolean => Math.min(x1, bbox.x1) - Math.max(x0, bbox.x0) >= need;
  const rules = joinedRules(page.segments.filter((s) => s.orientation === 'h' && s.y0 > top && s.y0 < bottom), settings.ruleJoinPt)
    .filter((s) => across(s.x0, s.x1))
    .map((s) => s.y0)
    .sort((a, b) => a - b);
  const bands = joinedFills(page.fills.filter((f) => f.y1 > top && f.y0 < bottom), settings.ruleJoinPt)
    .filter((f) => across(f.x0, f.x1))
    .map((f) => ({ y0: f.y0, y1: f.y1 }));
  return { rules, bands };
}

/**
 * How sure we are: many rows that fill most columns make a convincing table; a few sparse rows
 * over two columns could be anything laid out in two blocks.
 */
function confidenceOf(cells: readonly string[][]): number {
  const rows = cells.length;
  const cols = cells[0]?.length ?? 0;
  if (rows === 0 || cols < 2) return 0;
  const filled = cells.reduce((n, r) => n + r.filter((c) => c !== '').length, 0) / (rows * cols);
  const multi = cells.filter((r) => r.filter((c) => c !== '').length >= 2).length / rows;
  const size = Math.min(1, (rows - 2) / 8) * Math.min(1, (cols - 1) / 3);
  return Math.round(Math.max(0, Math.min(1, 0.3 * filled + 0.3 * multi + 0.4 * size)) * 100) / 100;
}

function regionToTable(page: PageContent, region: Region, all: EngineSettings, trace?: FinderTrace): Omit<RawTable, 'context'> | undefined {
  const settings = all.stream;
  const rivers = linesToRivers(foldCentredLines(region.lines, settings), settings);
  trace?.columns.push({ bbox: unionBox(region.lines), rivers });
  if (rivers.length === 0) {
    trace?.rejected.push({ method: 'stream', bbox: unionBox(region.lines), reason: 'no columns' });
    return undefined;
  }
  const read = linesToRows(region.lines, rivers, settings, rowHintsOf(page, region.lines, settings));
  const rows = placeGroupHeadings(moveHeaderWordsBeside(splitAtHeaderGaps(read, settings, all.lines.phraseGapEm), settings, all.lines.phraseGapEm));
  const { text: cells, boxes } = headerToValueColumns(rowsToCells(rows, region.lines, settings), settings);
  const structured = cells.filter((r) => r.filter((c) => c !== '').length >= 2).length;
  const columns = cells[0]?.length ?? 0;
  const enough = structured >= settings.minTableRows || (structured >= 2 && columns >= settings.shortTableColumns);
  if (columns < 2 || !enough) {
    trace?.rejected.push({ method: 'stream', bbox: unionBox(region.lines), reason: columns < 2 ? 'no columns' : 'too few rows' });
    return undefined;
  }
  const bbox = unionBox(region.lines);
  const diagonals = (page.diagonals ?? []).filter((d) => inside(d, bbox)).length;
  const notTable = notTableReason({ cells, rows, diagonals }, settings);
  if (notTable) {
    trace?.rejected.push({ method: 'stream', bbox, reason: notTable });
    return undefined;
  }
  return {
    page: page.page,
    pages: [page.page],
    bbox,
    rows: cells,
    cells: boxes,
    rowPages: cells.map(() => page.page),
    pageBoxes: [{ page: page.page, bbox }],
    method: 'stream',
    confidence: confidenceOf(cells),
  };
}

/**
 * A table's header and its first row left alone at the foot of the page (its other rows follow on
 * the next page under the header again, as browsers and word processors repeat it): the lowest
 * block no table took, with exactly two lines of column structure, read as a table of two rows.
 * Marked `footFragment`: extract.ts keeps it only when the next page's first table repeats its
 * header (foot-fragments.ts).
 */
function footFragment(page: PageContent, left: readonly TextLine[][], found: readonly Omit<RawTable, 'context'>[], all: EngineSettings): Omit<RawTable, 'context'> | undefined {
  const bottom = (lines: readonly TextLine[]) => Math.max(...lines.map((l) => l.y1));
  const lowest = [...left].sort((a, b) => bottom(b) - bottom(a))[0];
  if (!lowest || found.some((t) => t.bbox.y0 >= bottom(lowest))) return undefined;
  if (lowest.filter((l) => l.phrases.length >= 2).length !== 2) return undefined;
  const relaxed: EngineSettings = { ...all, stream: { ...all.stream, minTableRows: 2 } };
  const region = blockToRegion(lowest, relaxed.stream);
  const table = region && regionToTable(page, region, relaxed);
  return table && table.rows.length === 2 ? { ...table, footFragment: true } : undefined;
}

/**
 * Unruled tables of one page from text alignment: words → lines → blocks (cut at prose, gaps,
 * titles, `exclude` boxes) → columns from whitespace rivers → rows with wrapped cells joined.
 * `exclude` holds boxes other finders (lattice) already took; their text is ignored here.
 */
export function findStreamTables(page: PageContent, exclude: Box[], all: EngineSettings = DEFAULT_SETTINGS, trace?: FinderTrace): RawTable[] {
  const settings = all.stream;
  const chunks = outsideBoxes(page.chunks, exclude, inside);
  const lines = chunksToLines(chunks, all.lines);
  const found: Omit<RawTable, 'context'>[] = [];
  const rules = horizontalRules(page.segments);
  let joined: Segment[] | undefined;
  const segments = linesToBlocks(lines, exclude, settings, trace, rules)
    .flatMap((b) => blockToSegments(b, settings))
    .flatMap((b) => splitSideBySide(b, settings))
    .map((b) => splitTightColumns(b, settings));
  const left: TextLine[][] = [];
  for (const block of segments) {
    const region = blockToRegion(block, settings, (joined ??= joinedRules(rules, settings.ruleJoinPt)));
    if (!region) {
      trace?.rejected.push({ method: 'stream', bbox: unionBox(block), reason: block.some((l) => l.phrases.length >= 2) ? 'too few rows' : 'no columns' });
      left.push(block);
      continue;
    }
    const table = regionToTable(page, region, all, trace);
    if (table) found.push(table);
    else left.push(block);
  }
  const fragment = footFragment(page, left, found, all);
  if (fragment) found.push(fragment);
  // Context is read once all tables are known, so a title is never taken from another table.
  const taken = [...exclude, ...found.map((t) => t.bbox)];
  return found.map((t) => {
    return {
      ...t,
      context: contextAbove(page.chunks, t.bbox, all, {
        maxDistance: all.context.streamMaxEm * medianSize(chunks),
        exclude: taken.filter((b) => b !== t.bbox),
      }),
    };
  });
}
