import type { TextLine } from '../text/chunks-to-lines.ts';
import type { StreamSettings } from '../settings.ts';
import { isListMarker, isNumeric } from './text-kinds.ts';
import { isCentredPair } from './centred-lines.ts';
import { isTitledForm, isTitledOffColumns } from './titled-blocks.ts';
import { wordsText } from '../text/words-text.ts';

/**
 * The first line of a list item: a lone marker (bullet, `1.`, `a)`, `[3]`) set apart from the
 * item's text, and nothing else on the line. A row with a number column beside it is a table's.
 */
export function isListItemLine(line: TextLine): boolean {
  const [marker, text] = line.phrases;
  return (
    line.phrases.length === 2 &&
    marker!.words.length === 1 &&
    isListMarker(marker!.words[0]!.text) &&
    !isNumeric(wordsText(text!.words))
  );
}

/** Indices of the lines that make up list items of two or more items: markers and the text under them. */
function listLines(block: readonly TextLine[], settings: StreamSettings): Set<number> {
  const out = new Set<number>();
  let run: number[] = [];
  let items = 0;
  let indent = 0;
  const flush = () => {
    if (items >= settings.minListItems) run.forEach((i) => out.add(i));
    run = [];
    items = 0;
  };
  block.forEach((line, i) => {
    const tol = settings.alignTolEm * line.size;
    if (isListItemLine(line)) {
      run.push(i);
      items++;
      indent = line.phrases[1]!.x0;
    } else if (run.length > 0 && line.phrases.length === 1 && Math.abs(line.x0 - indent) <= tol) {
      run.push(i);
    } else flush();
  });
  flush();
  return out;
}

/** A line with a figure among its words, however its cells run together into phrases. */
const holdsFigure = (line: TextLine): boolean => line.words.some((w) => /\d/.test(w.text) && isNumeric(w.text));

/** A row with a value in it (a number), not a header's or a list's words. */
const holdsValue = (line: TextLine): boolean => line.phrases.some((p) => isNumeric(wordsText(p.words)));

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Column edges every one of the lines shares: x positions where each line starts or ends a
 * phrase (within `tol`). A left-aligned column gives its left edge, a right-aligned one its right
 * edge; ragged text ends seldom line up on every line.
 */
export function sharedEdges(lines: readonly TextLine[], tol: number): number[] {
  const [first, ...rest] = lines;
  if (!first) return [];
  const edges = first.phrases.flatMap((p) => [p.x0, p.x1]);
  return edges.filter((x) => rest.every((l) => l.phrases.some((p) => Math.abs(p.x0 - x) <= tol || Math.abs(p.x1 - x) <= tol)));
}

/**
 * The line has text running across x, well clear of both its ends, that lines up with none of
 * the given edges: a wider value in the same column shares the column's other edge; text laid
 * out on other columns shares none.
 */
function runsAcross(line: TextLine, x: number, edges: readonly number[], margin: number, tol: number): boolean {
  const onEdge = (v: number): boolean => edges.some((e) => Math.abs(e - v) <= tol);
  return line.phrases.some((p) => p.x0 + margin < x && x < p.x1 - margin && !onEdge(p.x0) && !onEdge(p.x1));
}

/**
 * Two runs of rows laid out on different columns: one run has a column edge on every line and
 * every line of the other runs text straight across it, out of line with the first run's columns.
 */
export function isColumnChange(upper: readonly TextLine[], lower: readonly TextLine[], settings: StreamSettings): boolean {
  const size = medianOf([...upper, ...lower].map((l) => l.size));
  const tol = settings.alignTolEm * size;
  const margin = settings.segmentCrossEm * size;
  const crossedByAll = (edges: number[], lines: readonly TextLine[]): boolean =>
    edges.some((x) => lines.every((l) => runsAcross(l, x, edges, margin, tol)));
  return crossedByAll(sharedEdges(upper, tol), lower) || crossedByAll(sharedEdges(lower, tol), upper);
}

/** Past the other side's last column by this many sizes: a column the other side never fills. */
const APART_EM = 2;

/**
 * Every row of one side has a cell starting past where every row of the other ends, by a column
 * at least: a narrower table under a wider one (Writer 26302: a yearly summary ending at 302 pt
 * under a schedule whose every row, its totals too, has a cell from 407 pt on). Their columns may
 * coincide by chance where both start at the margin and cells are set left. A cell's start, not
 * its end: left-aligned texts of one table end where their lengths say.
 */
function endsApart(upper: readonly TextLine[], lower: readonly TextLine[]): boolean {
  const margin = APART_EM * medianOf([...upper, ...lower].map((l) => l.size));
  const lastStart = (lines: readonly TextLine[]): number => Math.min(...lines.map((l) => l.phrases[l.phrases.length - 1]!.x0));
  const end = (lines: readonly TextLine[]): number => Math.max(...lines.map((l) => l.x1));
  return lastStart(upper) > end(lower) + margin || lastStart(lower) > end(upper) + margin;
}

/**
 * Under a title, rows laid out on other columns than the rows above: text runs across their
 * columns (isColumnChange), one side ends a column short of the other (endsApart), or the two
 * share no column edge but perhaps the left margin (a form's label/value pairs above a schedule's
 * five columns interleave without crossing). Rows of one table under a group label keep its edges.
 */
function isOtherLayout(upper: readonly TextLine[], lower: readonly TextLine[], settings: StreamSettings): boolean {
  if (isColumnChange(upper, lower, settings) || endsApart(upper, lower)) return true;
  const tol = settings.alignTolEm * medianOf([...upper, ...lower].map((l) => l.size));
  const below = sharedEdges(lower, tol);
  return sharedEdges(upper, tol).filter((x) => below.some((e) => Math.abs(e - x) <= tol)).length <= 1;
}

/**
 * The index of the title over the header line `at`: the lone line right over it, or the one above
 * that when the line right over the header is a heading's first line set half a line over the
 * header's row (`Precio` over `unitario`, centred against `Producto … Periodo`): the header's own.
 */
function titleLineOf(block: readonly TextLine[], prev: number, at: number, settings: StreamSettings): number {
  return at - 2 > prev && isCentredPair(block[at - 1]!, block[at]!, settings) ? at - 2 : at - 1;
}

/**
 * A title over a new table's header: a lone line right over a line of words only (a header, maybe
 * wrapped over the next lines), either set apart from the line above it by more than the pitch of
 * the rows above (a section row inside a table sits at the rows' pitch), or over rows laid out on
 * other columns than the rows above it (a word processor sets a heading as tight under a table's
 * last row as its rows are under each other, but a group label inside one table keeps its columns).
 * Under the header comes a row of values, or nothing at all when the table goes on over the page.
 */
function isTitledStart(block: readonly TextLine[], upper: readonly TextLine[], prev: number, at: number, following: readonly number[], endsBlock: boolean, settings: StreamSettings): boolean {
  // Above, rows with figures end a table (or a form's `Plazo (meses) 12`); lines of words only are
  // a header, and a lone line under it is its table's first group label (its cells centred on
  // three staggered lines set the header's lines closer than any rows, general 6009-08).
  if (at - prev < 2 || upper.length < 2 || !upper.some(holdsFigure)) return false;
  // The title is the lone line right over the header; lone lines above it end the rows above.
  const titleAt = titleLineOf(block, prev, at, settings);
  const title = block[titleAt]!;
  if (title.phrases.length !== 1 || holdsValue(title) || holdsFigure(block[at]!)) return false;
  // The header may wrap over a line or two before the first row of values.
  const firstValues = following.slice(0, settings.segmentWindow).findIndex((i) => holdsFigure(block[i]!));
  if (firstValues < 0) return isHeaderAtEnd(block, upper, at, following, settings);
  // Values nearer the line above them than a line's leading are set vertically centred against a
  // wrapped cell (Writer): when that line has cells of its own it is their row's first, not a
  // header, and the lone line over it a group label inside the table (`stream.centredLineEm`, the
  // centred-cell bound of rows). A lone line there is the first row's wrapped cell, under a header.
  const values = following[firstValues]!;
  const centred = block[values]!.yc - block[values - 1]!.yc < settings.centredLineEm * block[values]!.size;
  if (centred && block[values - 1]!.phrases.length >= 2) return false;
  // Rows with figures only: a wrapped cell's other lines are no rows of their own.
  const valued = upper.filter(holdsFigure);
  const rows = following.slice(firstValues, firstValues + settings.segmentWindow).map((i) => block[i]!);
  // A header names most columns on a line of its own; a wrapped label's next line beside another
  // cell's first (a row's cells centred against each other) names two at most.
  const header = [at, ...following.slice(0, firstValues)].map((i) => block[i]!);
  const named = header.some((l) => l.phrases.length >= Math.max(3, Math.ceil(rows[0]!.phrases.length / 2)));
  // One row is enough where the block ends with it, filling as many cells as the header names: the
  // table goes on over the page (Writer 26302, an amortisation schedule's header and first row at a
  // page's foot, under a form). A form's last pair (`N° DE CUOTAS  12`) fills fewer.
  const fullRow = (l: TextLine): boolean => l.phrases.length >= Math.max(3, ...header.map((h) => h.phrases.length));
  const enoughRows = rows.length >= settings.segmentMinLines || (endsBlock && firstValues + rows.length === following.length && rows.every(fullRow));
  if (named && valued.length >= 2 && enoughRows && isOtherLayout(valued, rows, settings)) return true;
  // The pitch of every line above, group labels between rows included (a label between each pair
  // of rows doubles the rows' own spacing, not the lines'), but not a wrapped cell's next line,
  // set at the font's leading.
  const above = block.slice(block.indexOf(upper[0]!), titleAt);
  const lines = above
    .slice(1)
    .map((l, k) => l.yc - above[k]!.yc)
    .filter((p, k) => p > settings.wrapLineEm * above[k + 1]!.size);
  // Every line above at the leading (wrapped rows only): the rows' own pitch.
  const pitches = lines.length > 0 ? lines : upper.slice(1).map((l, k) => l.yc - upper[k]!.yc);
  return title.yc - block[titleAt - 1]!.yc > settings.segmentPitchRatio * medianOf(pitches);
}

/**
 * The title and header of a table that starts at the foot of the block (its rows are on the next
 * page): nothing but lines of words after the title, one of them a full header row (as many cells
 * as the rows above have, or more) laid out on other columns than the rows of values above.
 */
function isHeaderAtEnd(block: readonly TextLine[], upper: readonly TextLine[], at: number, following: readonly number[], settings: StreamSettings): boolean {
  const valued = upper.filter(holdsFigure);
  if (valued.length < 2 || block.slice(at).some(holdsFigure)) return false;
  const cells = Math.min(...valued.map((l) => l.phrases.length));
  const header = [at, ...following].map((i) => block[i]!).filter((l) => l.phrases.length >= Math.max(3, cells));
  return header.length > 0 && isOtherLayout(valued, header, settings);
}

/**
 * Cuts a block where one structure ends and another begins at the usual spacing:
 * - a list (two or more items, each a marker and its text) is a run of its own, so the table
 *   above it does not take its items as rows;
 * - a table set right under another one is cut from it where the line spacing opens up, or a
 *   line of words only follows rows of values (a header), and the columns move (an edge every row
 *   above shares is crossed by the text of every row below, or the reverse). Each boundary
 *   compares a few rows on each side, so the cost stays linear;
 * - a title set apart over a new header starts a run of its own (`isTitledStart`), and so does a
 *   title over lines of `Label: value` pairs (`isTitledForm`) or over rows whose cells sit in the
 *   gutters of the rows above (`isTitledOffColumns`).
 */
export function blockToSegments(block: readonly TextLine[], settings: StreamSettings): TextLine[][] {
  const list = listLines(block, settings);
  const cuts = new Set<number>();
  block.forEach((_, i) => {
    if (i > 0 && list.has(i) !== list.has(i - 1)) cuts.add(i);
  });
  const structured: number[] = [];
  block.forEach((l, i) => {
    if (l.phrases.length >= 2 && !list.has(i)) structured.push(i);
  });
  const window = settings.segmentWindow;
  const listBetween = (from: number, to: number): boolean => {
    for (let k = from + 1; k < to; k++) if (list.has(k)) return true;
    return false;
  };
  let first = 0;
  for (let j = 1; j < structured.length; j++) {
    const at = structured[j]!;
    const prev = structured[j - 1]!;
    // Rows on the two sides of a list are compared with rows of their own side only.
    if (listBetween(prev, at)) {
      first = j;
      continue;
    }
    const upper = structured.slice(Math.max(first, j - window), j).map((i) => block[i]!);
    const lower = structured.slice(j, j + window).map((i) => block[i]!);
    // Gutters are those of every row above since the last cut, not the last few: a sparse run of
    // rows leaves a column empty that the table's other rows fill (general 6021-11, LibreOffice).
    const rowsAbove = (): TextLine[] => structured.slice(first, j).map((i) => block[i]!).filter(holdsValue);
    if (isTitledForm(block, prev, at, structured[j + 1]) || isTitledOffColumns(block, rowsAbove, prev, at, lower, settings.segmentPitchRatio)) {
      cuts.add(at - 1);
      first = j;
      continue;
    }
    const following = structured.slice(j + 1, j + 1 + 2 * window);
    if (isTitledStart(block, upper, prev, at, following, j + 1 + following.length === structured.length, settings)) {
      cuts.add(titleLineOf(block, prev, at, settings));
      first = j;
      continue;
    }
    // Rows with values above: a header over its body differs from it as much as two tables do.
    if (upper.length < window || lower.length < settings.segmentMinLines || !upper.every(holdsValue)) continue;
    const pitches = upper.slice(1).map((l, k) => l.yc - upper[k]!.yc);
    const opens = block[at]!.yc - block[prev]!.yc > settings.segmentPitchRatio * medianOf(pitches);
    // A line of words only under rows of values: a header starting something, even at the same pitch.
    const heads = !holdsValue(block[at]!);
    if (!(opens || heads) || !isColumnChange(upper, lower, settings)) continue;
    let cut = prev + 1;
    while (cut < at && block[cut]!.yc - block[cut - 1]!.yc <= settings.wrapLineEm * block[cut]!.size) cut++;
    cuts.add(cut);
    first = j;
  }
  const segments: TextLine[][] = [];
  let start = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    segments.push(block.slice(start, cut));
    start = cut;
  }
  segments.push(block.slice(start));
  return segments.filter((s) => s.length > 0);
}
