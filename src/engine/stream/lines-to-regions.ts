import type { FinderTrace } from '../debug/trace.ts';
import type { Box, Segment } from '../types.ts';
import { isRuledLastRow, isRuledRowLine } from './ruled-row-lines.ts';
import { addToBands, keepsToColumns, type Band } from './column-bands.ts';
import { CURRENCY_SIGN, LEADER, type Phrase, type TextLine } from '../text/chunks-to-lines.ts';
import { centredFigureRowAt, isCentredPair } from './centred-lines.ts';
import { isDate, isNumeric } from './text-kinds.ts';
import type { StreamSettings } from '../settings.ts';
import { wordsText } from '../text/words-text.ts';
import { median } from '../median.ts';
import { isSizeBreak, isTitleOver } from './size-breaks.ts';

/** A run of lines that may hold one table, with the lines just above it that may title it. */
export interface Region {
  lines: TextLine[];
}

/**
 * One long sentence across most of the text width: prose, never part of a table. A run of figures
 * set a word space apart (a wide row of amounts with tight cells) is no sentence.
 */
export function isProse(line: TextLine, textWidth: number, settings: StreamSettings): boolean {
  if (isLabelledRow(line, settings)) return false;
  return line.phrases.some(
    (p) =>
      p.x1 - p.x0 >= settings.proseWidthShare * textWidth &&
      p.words.length >= settings.proseMinWords &&
      p.words.filter((w) => /\d/.test(w.text) && isNumeric(w.text)).length <= settings.proseFigureShare * p.words.length,
  );
}

/** A row's last cell is short beside the text width: a code, an amount, a date. */
const SHORT_CELL_SHARE = 0.25;

/**
 * A long label beside short cells that line up with cells of the rows near it (`South office and
 * related items Figures are shown … | CX-9165` under `Laboratory | CX-4089`; `Região norte — revised
 * A tabela seguinte … | R-247` between rows whose codes start where `R-247` does, though those rows
 * hold an amount beside it or not): a row of a table whose labels run long, not prose. Prose runs on
 * as one phrase; a wide word space in a justified line lines up with nothing.
 */
function continuesColumn(lines: readonly TextLine[], i: number, textWidth: number, settings: StreamSettings): boolean {
  const line = lines[i]!;
  const cells = line.phrases.slice(1);
  const isShort = (p: Phrase) => p.x1 - p.x0 <= SHORT_CELL_SHARE * textWidth;
  // Leaders running an entry out to its page: a contents list, whose entries all run long.
  if (cells.length === 0 || !cells.every(isShort) || line.words.some((w) => LEADER.test(w.text))) return false;
  const tol = settings.alignTolEm * line.size;
  const linesUp = (a: Phrase, b: Phrase) => Math.abs(a.x0 - b.x0) <= tol || Math.abs(a.x1 - b.x1) <= tol;
  // The neighbours are rows as tables print them (no phrase of them as wide as prose), starting
  // where this line does.
  const rows = [-3, -2, -1, 1, 2, 3]
    .map((d) => lines[i + d])
    .filter((o): o is TextLine => !!o && o.phrases.length >= 2 && o.phrases.every((p) => p.x1 - p.x0 < settings.proseWidthShare * textWidth))
    .filter((o) => Math.abs(o.phrases[0]!.x0 - line.phrases[0]!.x0) <= tol);
  return cells.every((cell) => rows.some((o) => o.phrases.slice(1).some((p) => linesUp(p, cell))));
}

/** Figures: amounts (a currency sign apart or not), or a date (`2022-03-19`, `16 jun 2019`). */
const isFigurePhrase = (p: Phrase): boolean =>
  p.words.every((w) => CURRENCY_SIGN.test(w.text) || (/\d/.test(w.text) && isNumeric(w.text))) || isDate(wordsText(p.words));

/** A code: one short word with a figure in it (`CX-9808`, `A-735`, `R-247`). */
const isCodePhrase = (p: Phrase): boolean => p.words.length === 1 && p.words[0]!.text.length <= 12 && /\d/.test(p.words[0]!.text);

/** A long label, then only cells of figures (`Atención al cliente … se ve | 2022-03-19 | 505`): a table row. */
function isLabelledRow(line: TextLine, settings: StreamSettings): boolean {
  const rest = line.phrases.slice(1);
  return rest.length >= settings.labelFigureCells && rest.every(isFigurePhrase);
}

function boxBetween(upper: TextLine, lower: TextLine, exclude: readonly Box[]): boolean {
  const x0 = Math.min(upper.x0, lower.x0);
  const x1 = Math.max(upper.x1, lower.x1);
  return exclude.some((b) => b.y0 < lower.yc && b.y1 > upper.yc && b.x0 < x1 && b.x1 > x0);
}

/**
 * Cuts the page's lines into runs that could each be a table: prose, wide vertical gaps, titles
 * set bigger than the text below them and boxes already taken (lattice tables) end a run.
 */
export function linesToBlocks(
  lines: readonly TextLine[],
  exclude: readonly Box[],
  settings: StreamSettings,
  trace?: FinderTrace,
  rules: readonly Segment[] = [],
): TextLine[][] {
  if (lines.length === 0) return [];
  const textX0 = Math.min(...lines.map((l) => l.x0));
  const textX1 = Math.max(...lines.map((l) => l.x1));
  const textWidth = textX1 - textX0;
  const blocks: TextLine[][] = [];
  let block: TextLine[] = [];
  let prev: TextLine | undefined;
  // A long label wrapped around its row's figures, set right over or under them (a centred row:
  // `Equipe de campo Os valores estão em milhares, salvo` over `19 jul 2026 | 244`), is no prose.
  // So is one wrapped round a lone figure, when the figure ends where the figures of rows near it do
  // (a table of a label and an amount: `Office supplies … are` over `$68,345.07`, centred).
  const figureRow = (j: number): boolean => {
    const n = lines[j]!;
    if (!n.phrases.every(isFigurePhrase)) return false;
    if (n.phrases.length >= settings.labelFigureCells) return true;
    const end = n.phrases[n.phrases.length - 1]!.x1;
    const tol = settings.alignTolEm * n.size;
    return [-3, -2, -1, 1, 2, 3].some((d) => {
      const row = lines[j + d];
      return !!row && row.phrases.length >= 2 && Math.abs(row.phrases[row.phrases.length - 1]!.x1 - end) <= tol;
    });
  };
  const labelOfRow = (i: number): boolean =>
    [i - 1, i + 1].some((j) => {
      const n = lines[j];
      if (!n) return false;
      const [upper, lower] = n.yc < lines[i]!.yc ? [n, lines[i]!] : [lines[i]!, n];
      return isCentredPair(upper, lower, settings) && figureRow(j);
    });
  for (const [i, line] of lines.entries()) {
    // A row between two rules (stream/ruled-row-lines.ts) is no prose, however long its label.
    if (isProse(line, textWidth, settings) && !isRuledRowLine(line, rules, settings) && !labelOfRow(i) && !continuesColumn(lines, i, textWidth, settings)) {
      trace?.rejected.push({ method: 'stream', bbox: { x0: line.x0, y0: line.y0, x1: line.x1, y1: line.y1 }, reason: 'prose line' });
      if (block.length > 0) blocks.push(block);
      block = [];
      prev = undefined;
      continue;
    }
    if (prev) {
      const gap = line.yc - prev.yc - (line.size + prev.size) / 2;
      const cut =
        gap > settings.regionGapEm * Math.max(line.size, prev.size) ||
        boxBetween(prev, line, exclude) ||
        isTitleOver(line, prev, settings) ||
        isTitleOver(prev, line, settings) ||
        isSizeBreak(prev, line, gap, settings);
      if (cut) {
        blocks.push(block);
        block = [];
      }
    }
    block.push(line);
    prev = line;
  }
  if (block.length > 0) blocks.push(block);
  return blocks;
}

/**
 * A header and a row or two of many columns each (a table cut by a page break, a one-row
 * conditions table) are a table too; two lines of two blocks (signatures, page headers) are not.
 */
function isShortTable(structure: readonly TextLine[], settings: StreamSettings): boolean {
  return structure.length >= 2 && structure.every((l) => l.phrases.length >= settings.shortTableColumns);
}

/** Where a table's phrases start, end and centre, bucketed by the alignment tolerance. */
class Edges {
  private readonly seen = new Set<number>();
  /**
   * Where figures of the rows above end: figures are set flush right in their column, so a
   * figure's end is its column's right edge even when the figure's phrase runs on into the next
   * column, set tight (`263,616,000 Año 1`): the totals row's lone figure ends there.
   */
  private readonly figureEnds = new Set<number>();
  constructor(readonly tol: number) {}
  private key(x: number): number {
    return Math.round(x / this.tol);
  }
  add(p: Phrase): void {
    for (const x of [p.x0, p.x1, (p.x0 + p.x1) / 2]) this.seen.add(this.key(x));
    for (const w of p.words) if (isNumeric(w.text)) this.figureEnds.add(this.key(w.x1));
  }
  private near(set: Set<number>, x: number): boolean {
    const k = this.key(x);
    return set.has(k) || set.has(k - 1) || set.has(k + 1);
  }
  /** The phrase starts, ends or centres where a phrase of the rows above does, or ends where their figures do. */
  aligns(p: { x0: number; x1: number }): boolean {
    return this.near(this.seen, p.x0) || this.near(this.seen, p.x1) || this.near(this.seen, (p.x0 + p.x1) / 2) || this.near(this.figureEnds, p.x1);
  }
}

/**
 * The last row of the table that starts at `first`, and the x-extents of its columns. After the
 * first few rows, a line with column structure counts as a row only when two of its phrases line
 * up (left, right or centre) with phrases of the rows above: a loose line of a justified
 * paragraph under the table has a wide word space, not the table's columns.
 */
function lastRowOf(block: readonly TextLine[], first: number, settings: StreamSettings): { last: number; bands: Band[] } {
  const bands: Band[] = [];
  const edges = new Edges(settings.alignTolEm * block[first]!.size);
  let last = first;
  let rows = 0;
  let left = Infinity;
  // A row's first cell may start further left than the rows above (their labels were set on
  // lines of their own, centred against the values): it opens the label column.
  const lined = (p: Phrase, k: number): boolean => edges.aligns(p) || (k === 0 && p.x0 <= left + edges.tol);
  for (let i = first; i < block.length; i++) {
    const line = block[i]!;
    if (line.phrases.length < 2) continue;
    if (rows >= settings.minTableRows && line.phrases.filter(lined).length < 2) continue;
    for (const p of line.phrases) {
      addToBands(bands, p.x0, p.x1);
      edges.add(p);
    }
    left = Math.min(left, line.x0);
    rows++;
    last = i;
  }
  return { last, bands };
}

/**
 * The table part of a block: from its first to its last line with column structure, plus the
 * spanning header lines just above (a `VALOR` over `UNITARIO | TOTAL`), which never start at the
 * table's left edge the way a title does. Lines before the table are its context, not its rows.
 */
export function blockToRegion(block: readonly TextLine[], settings: StreamSettings, rules: readonly Segment[] = []): Region | undefined {
  const first = block.findIndex((l) => l.phrases.length >= 2);
  if (first < 0) return undefined;
  const end = lastRowOf(block, first, settings);
  const columns = end.bands;
  let last = end.last;
  // A column whose cells all wrap around the row's line (`Gyr x` above `Bovino … 26 …`, `Holstein`
  // below, centred) has no phrase on the lines with column structure but its heading: its lines
  // between the rows give its extent, where they touch one column at most (a label spanning
  // columns would join them).
  const structureBands = [...columns];
  for (let i = first; i < last; i++) {
    const line = block[i]!;
    if (line.phrases.length !== 1) continue;
    const p = line.phrases[0]!;
    if (structureBands.filter((b) => p.x0 < b.x1 && p.x1 > b.x0).length <= 1) addToBands(columns, p.x0, p.x1);
  }
  // Lines set tight under the last row continue its cells (a long value wrapped over lines), as
  // long as they keep to its columns and its type size: a note or a paragraph set at the same
  // pitch runs across the columns, or is set smaller.
  // So does a row whose label wraps round its one figure, or the figure round its label
  // (centredFigureRowAt).
  while (last + 1 < block.length) {
    const next = block[last + 1]!;
    const prev = block[last]!;
    const tight = next.yc - prev.yc <= settings.wrapLineEm * Math.max(prev.size, next.size);
    if (tight && keepsToColumns(next, columns, settings) && !isSizeBreak(prev, next, Infinity, settings)) {
      last++;
      continue;
    }
    const row = centredFigureRowAt(block, last + 1, columns, (l) => l.phrases.every((p) => isFigurePhrase(p) || isCodePhrase(p)), settings);
    if (row === 0) {
      last += labelRowsAfter(block, first, last, columns, settings);
      break;
    }
    last += row;
  }
  while (last + 1 < block.length && isRuledLastRow(block, first, last, columns, rules, settings)) last++;
  const structure = block.slice(first, last + 1).filter((l) => l.phrases.length >= 2);
  if (structure.length < settings.minTableRows && !isShortTable(structure, settings)) return undefined;
  const left = Math.min(...structure.map((l) => l.x0));
  const right = Math.max(...structure.map((l) => l.x1));
  const firstCellRight = Math.min(...structure.map((l) => l.phrases[0]!.x1));
  // A title centred over the whole table (`INVENTARIO PECUARIO`) is no spanning heading: those
  // head a group of columns, off the table's middle.
  // Nor is a word or two set over one heading of the line under it, within its width (`N°` over
  // `animale` / `s`, a narrow column's heading wrapped over three lines, in the table's middle).
  const withinHeading = (above: TextLine, below: TextLine) =>
    above.words.length <= 2 && below.phrases.some((p) => above.x0 >= p.x0 - above.size && above.x1 <= p.x1 + above.size && above.x1 - above.x0 < p.x1 - p.x0);
  const centredOnTable = (line: TextLine, below: TextLine) => Math.abs((line.x0 + line.x1) / 2 - (left + right) / 2) <= line.size && !withinHeading(line, below);
  let start = first;
  while (start > 0) {
    const above = block[start - 1]!;
    const below = block[start]!;
    const close = below.yc - above.yc - (above.size + below.size) / 2 <= settings.headerGapEm * below.size;
    const spanning = above.phrases.length === 1 && above.x0 > Math.max(left + below.size, firstCellRight) && !centredOnTable(above, below);
    if (!close || !spanning || isTitleOver(above, below, settings)) break;
    start--;
  }
  // The first line of a row whose cells are centred against a label wrapped above them.
  while (start > 0 && isCentredPair(block[start - 1]!, block[start]!, settings)) start--;
  return { lines: block.slice(start, last + 1) };
}

/** A total's label (`Total`, `TOTALES`, `Totale`, `Subtotal`, `Totaux`, `Totais`) opening a line. */
const TOTAL_LABEL = /^(?:sub)?tota(?:l|le|les|ux|is)\b/i;

/**
 * Rows of a label alone under the table's last row, each in the first column from its edge at the
 * rows' own pitch or closer (their widest gap, where rows padded apart wrap at the leading); how
 * many lines they take. Either labels left blank up to a total that closes them (a form's `TOTAL`
 * row nobody filled in, `Região norte — revised` then `Total`), or a section row the page ends
 * under (`Sanidad`, its rows on the next page), in a table with a section row of its look already
 * (a label alone at the first column's edge, no figure: `Alimentación`), not under its total. A
 * note under a table is set further off or reads as a sentence, or text goes on under it.
 */
function labelRowsAfter(block: readonly TextLine[], first: number, last: number, columns: readonly Band[], settings: StreamSettings): number {
  if (columns.length < 2) return 0;
  const rows = block.slice(first, last + 1).filter((l) => l.phrases.length >= 2);
  const usual = median(rows.slice(1).map((l, i) => l.yc - rows[i]!.yc));
  if (usual === undefined) return 0;
  // Rows padded apart wrap at the leading: the row's own pitch is then the widest gap between them.
  let pitch = usual;
  for (let k = first + 1; k <= last; k++) pitch = Math.max(pitch, block[k]!.yc - block[k - 1]!.yc);
  const textOf = (l: TextLine) => wordsText(l.phrases[0]!.words);
  const sentence = (l: TextLine) => /[:.]/.test(textOf(l).replace(/\.(?=\S)/g, ''));
  const labelAt = (k: number): boolean => {
    const line = block[k];
    if (line === undefined || line.phrases.length !== 1) return false;
    const tol = settings.alignTolEm * line.size;
    return line.x1 <= columns[1]!.x0 && Math.abs(line.x0 - columns[0]!.x0) <= tol && line.yc - block[k - 1]!.yc <= pitch + tol;
  };
  let end = last + 1;
  while (labelAt(end)) end++;
  const run = block.slice(last + 1, end);
  const total = run.findIndex((l) => TOTAL_LABEL.test(textOf(l)));
  if (total >= 0) return run.slice(0, total).some(sentence) ? 0 : total + 1;
  const next = run[0];
  if (next === undefined || last + 2 !== block.length || sentence(next) || TOTAL_LABEL.test(textOf(block[last]!))) return 0;
  const tol = settings.alignTolEm * next.size;
  const isSection = (l: TextLine) => l.phrases.length === 1 && Math.abs(l.x0 - next.x0) <= tol && !l.words.some((w) => /\d/.test(w.text));
  return isSection(next) && block.slice(first, last + 1).some(isSection) ? 1 : 0;
}
