import type { TextChunk } from '../types.ts';
import type { TextLine } from '../text/chunks-to-lines.ts';
import type { River } from './lines-to-columns.ts';
import { lineToCells } from './line-cells.ts';
import type { StreamSettings } from '../settings.ts';
import { isFigure, isNumeric } from './text-kinds.ts';
import { median } from '../median.ts';
import { isCentredByBand, isRuledByBand } from './ruled-bands.ts';
import { centredRowGroupsByColumn } from './centred-rows.ts';
import { wordsText } from '../text/words-text.ts';
import { GOES_ON_LOWER, isLoneSign, isUnfinishedCell } from './unfinished-cells.ts';
import { PLAIN_SPACE_SHARE, usualWordSpace } from '../text/stretched-lines.ts';

/** One table row before its cells are turned into text: the words of each column. */
export interface RowWords {
  cells: TextChunk[][];
  /** The lines that make up the row, top to bottom (wrapped cells give several). */
  lines: TextLine[];
}

/** What the page draws to mark rows: rule heights and shaded bands (zebra stripes). */
export interface RowHints {
  rules: number[];
  bands: Array<{ y0: number; y1: number }>;
}

/** A word opening in an upper-case letter. */
// Letter and mark classes (`\p{…}`) at module level: the build lowers such literals to `new RegExp`
// where they stand, a regular expression made per call (issue 14).
const UPPER_FIRST = /^\p{Lu}/u;
/** A code: capitals, a hyphen, digits (`CX-3622`, `A-6808`, `ICA-2021`). */
const CODE = /^\p{Lu}{1,5}-\d{2,}$/u;
const isCode = (words: readonly TextChunk[]): boolean => words.length === 1 && CODE.test(words[0]!.text);
/** A column's number in its name (`Mes 2`, `Unidades 3`). */
const COLUMN_NUMBER = /^\d{1,2}$/;

function filledColumns(cells: readonly TextChunk[][]): number[] {
  const out: number[] = [];
  cells.forEach((c, i) => {
    if (c.length > 0) out.push(i);
  });
  return out;
}


/**
 * Lines to rows. A line joins the row next to it when it sits closer than the table's usual row
 * pitch and only continues cells that row already has (a wrapped cell, a two-line header). A
 * section title keeps its own row because it sits at the usual pitch.
 */
export function linesToRows(
  lines: readonly TextLine[],
  rivers: readonly River[],
  settings: StreamSettings,
  hints: RowHints = { rules: [], bands: [] },
): RowWords[] {
  const lineCells = lines.map((l) => lineToCells(l, rivers));
  const { rules, bands } = hints;
  const crossed = (ys: readonly number[], upper: TextLine, lower: TextLine): boolean => ys.some((y) => y > upper.yc && y < lower.yc);
  const edges = bands.flatMap((b) => [b.y0, b.y1]);
  const ruleBetween = (upper: TextLine, lower: TextLine): boolean => crossed(rules, upper, lower) || crossed(edges, upper, lower);
  const sameBand = (a: TextLine, b: TextLine): boolean => bands.some((band) => band.y0 < a.yc && a.yc < band.y1 && band.y0 < b.yc && b.yc < band.y1);
  let figures: Set<TextLine> | undefined;
  const figureLine = (line: TextLine): boolean => (figures ??= figureLinesOf(lines, lineCells)).has(line);
  const lineAt = new Map(lines.map((l, i) => [l, i]));
  // Columns each line fills on its own, before joins add others' words to it.
  const own = lineCells.map((cells) => cells.map((words) => words.length > 0));
  const filledOf = (line: TextLine): boolean[] => own[lineAt.get(line)!]!;
  const ruledByRules = rules.length > 0 && (isRuledByRow(lines, (a, b) => crossed(rules, a, b), settings) || isRuledByBand(lines, rules, figureLine, settings));
  // Zebra stripes mark rows as rules do when rows are set vertically centred: each filled band is
  // a row, and so is each gap between two bands. (Rows set at the top of their band keep the
  // public corpus's reading: a wrapped cell's next line is a row of its own, decision 010.)
  const zebraEdges = [...rules, ...edges].sort((a, b) => a - b);
  const zebraRows = !ruledByRules && bands.length >= 2 && isCentredByBand(lines, zebraEdges, figureLine, settings, filledOf);
  const rowEdges = zebraRows ? zebraEdges : rules;
  const ruledRows = ruledByRules || zebraRows;
  // Only lines enclosed by two rules are known to share a row; titles above the first rule are not.
  const enclosed = (line: TextLine): boolean => ruledRows && rowEdges[0]! < line.yc && line.yc < rowEdges[rowEdges.length - 1]!;
  const pitches: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i]!.phrases.length >= 2 && lines[i - 1]!.phrases.length >= 2) pitches.push(lines[i]!.yc - lines[i - 1]!.yc);
  }
  // Few neighbouring rows with column structure: every line pitch has to tell the usual one.
  const allPitches = lines.slice(1).map((l, i) => l.yc - lines[i]!.yc);
  const usualPitch = median(pitches.length >= 2 ? pitches : allPitches) ?? Infinity;
  const isTight = (upper: TextLine, lower: TextLine): boolean => {
    const gap = lower.yc - upper.yc;
    if (ruleBetween(upper, lower) || gap >= 1.6 * Math.max(upper.size, lower.size) || codeUnderCode(upper, lower)) return false;
    if (gap < settings.wrapPitchShare * usualPitch) return true;
    // Most rows wrapped: neighbouring lines are a cell's own lines, so the usual pitch is the
    // font's leading; a line at exactly that leading, under rows whose figures sit further apart,
    // is a cell's next line (a row's padding always adds to the leading between rows).
    // A line with a figure of its own starts a row (or is no cell's second line: a page head's date).
    // Not a group label (first column only, a capital first) where two rows' figures sit at the
    // leading themselves: rows there have no padding, so the label is a row of its own.
    const atLeading = wrapped !== undefined && gap <= wrapped.leading + settings.pitchTieEm * upper.size;
    const unpadded = wrapped !== undefined && wrapped.closest <= wrapped.leading + settings.pitchTieEm * upper.size;
    // Rows further apart than the leading by a padding (even a point and a half of it: HTML's
    // cells) leave the leading to a cell's own lines.
    if (!atLeading) return false;
    const belowRows = gap < Math.max(settings.wrapPitchShare * wrapped.rowPitch, wrapped.rowPitch - settings.rowPaddingEm * upper.size);
    return atLeading && !wrapped.figureLines.has(lower) && belowRows && !((unpadded || roomAbove(upper, lower)) && isGroupLabel(lower)) && !(unpadded && isWordsRow(upper, lower));
  };
  let firstFigure: number | undefined;
  // In the body of rows set as tight as lines, a line of two cells or more, each opening in a
  // capital under a line that ends its cell: a row of words with no figure (groff 6023-18:
  // `Atendimento ao cliente | Material de escritório` under `ceptos`), not the row's wrapped lines.
  const isWordsRow = (upper: TextLine, lower: TextLine): boolean => {
    const cells = lineCells[lineAt.get(lower)!]!;
    const filled = cells.filter((c) => c.length > 0);
    if (filled.length < 2 || !filled.every((c) => UPPER_FIRST.test(c[0]!.text))) return false;
    firstFigure ??= lines.findIndex((l) => figureLine(l));
    return firstFigure >= 0 && lineAt.get(lower)! > firstFigure && !cellsGoOn(upper, cells);
  };
  // A code under a code in its column (`A-4417` over `A-6808`): a code is whole on its line, so the
  // lower line starts a row, its other cells empty or not (a row with no amount, in rows set as
  // tight as lines, looks like a wrapped label's second line).
  const codeUnderCode = (upper: TextLine, lower: TextLine): boolean => {
    const above = lineCells[lineAt.get(upper)!]!;
    return lineCells[lineAt.get(lower)!]!.some((c, k) => isCode(c) && isCode(above[k]!));
  };
  // The label's first word would have fit on the line above, before the column's gutter: a cell
  // is filled greedily, so that line was its cell's last and the label is a row of its own
  // (`Transport` over `Entrepôt`, in a table whose every row's figures sit two lines apart).
  const roomAbove = (upper: TextLine, lower: TextLine): boolean => {
    const above = lineCells[lineAt.get(upper)!]![0]!;
    const first = lineCells[lineAt.get(lower)!]![0]![0];
    const gutter = rivers[0];
    if (above.length === 0 || first === undefined || gutter === undefined) return false;
    const end = Math.max(...above.map((w) => w.x1));
    return end + (space ??= usualWordSpace(lines)) + (first.x1 - first.x0) < gutter.x0;
  };
  const isGroupLabel = (line: TextLine): boolean => {
    const cells = lineCells[lineAt.get(line)!]!;
    return cells[0]!.length > 0 && cells.slice(1).every((c) => c.length === 0) && UPPER_FIRST.test(cells[0]![0]!.text);
  };
  const continues = (part: TextChunk[][], whole: TextChunk[][]): boolean => {
    const filled = filledColumns(part);
    const wholeFilled = filledColumns(whole);
    return filled.length > 0 && filled.length < Math.max(wholeFilled.length, 2) && filled.every((c) => whole[c]!.length > 0);
  };
  // Gaps this close are one spacing set twice (rounding), not a nearer and a farther line.
  const tieOf = (line: TextLine): number => settings.pitchTieEm * line.size;
  const centred = (upper: number, lower: number): boolean =>
    !ruleBetween(lines[upper]!, lines[lower]!) &&
    lines[lower]!.yc - lines[upper]!.yc < settings.centredLineEm * Math.min(lines[upper]!.size, lines[lower]!.size) &&
    own[upper]!.every((filled, k) => !filled || !own[lower]![k]);
  const wrapped = wrappedRowPitch(lines, lineCells, allPitches);
  // Rows centred against a label of three lines or more: each such row's lines, by its first line.
  const centredRows = wrapped
    ? centredRowGroupsByColumn(lines, own, (i) => figureLine(lines[i]!), tieOf, ruleBetween, settings.wrapPitchShare * wrapped.rowPitch, (i, c) =>
        UPPER_FIRST.test(lineCells[i]![c]![0]?.text ?? ''),
      )
    : new Map<number, number>();
  const inCentredRow = (i: number): boolean => centredRows.has(i) && centredRows.get(i) !== i;

  // Above the first rule, a header wrapped over lines: set at the font's leading (a title keeps
  // its margin), no rule between them.
  const leading = Math.min(...allPitches.filter((p) => p > 0));
  const headerWrap = (upper: TextLine, lower: TextLine): boolean =>
    ruledRows && lower.yc < rowEdges[0]! && !ruleBetween(upper, lower) && lower.yc - upper.yc <= leading + settings.pitchTieEm * lower.size;
  // A cell's next line where rows are set as tight as lines (troff's tables add no padding): at
  // the leading, no rule above it, every cell it fills going on in lower case or under a line of
  // its cell that cannot be the last (unfinished-cells.ts).
  let space: number | undefined;
  let plainSpace: number | undefined;
  const unfinishedAbove = (upper: TextLine, k: number): boolean =>
    isUnfinishedCell(lineCells[lineAt.get(upper)!]![k]!, (plainSpace ??= usualWordSpace(lines, PLAIN_SPACE_SHARE)), settings.justifiedGapSpreadEm);
  const signAbove = (upper: TextLine, k: number, cell: readonly TextChunk[]): boolean =>
    isLoneSign(lineCells[lineAt.get(upper)!]![k]!) && isNumeric(wordsText(cell));
  // Every cell the line fills goes on in lower case or under a line of its cell that cannot be the last.
  const cellsGoOn = (upper: TextLine, cells: readonly TextChunk[][]): boolean =>
    cells.every((c, k) => c.length === 0 || GOES_ON_LOWER.test(c[0]!.text) || unfinishedAbove(upper, k));
  const goesOn = (upper: TextLine, lower: TextLine, cells: readonly TextChunk[][]): boolean =>
    !ruleBetween(upper, lower) && lower.yc - upper.yc <= leading + settings.pitchTieEm * lower.size && cellsGoOn(upper, cells);
  // A line filling every column its row fills, each of its cells going on (lower case, under a
  // hyphen or a date broken after its month: `Freight —` / `revised`, `2020-11-` / `01`): the row's
  // cells wrap together. Where rows are padded apart it sits a cell's leading under the row, closer
  // than the row sits to the lines around it by a padding at least; rows set as tight as lines, a
  // point apart by rounding (an R printout's `random` over `gee`), never join this way.
  let cellLeading: number | undefined;
  const wrapsAlong = (i: number, row: RowWords, downGap: number): boolean => {
    const upper = lines[i - 1]!;
    const lower = lines[i]!;
    const cells = lineCells[i]!;
    const gap = lower.yc - upper.yc;
    if (ruleBetween(upper, lower) || !fillsAlong(cells, row.cells)) return false;
    if (gap > (cellLeading ??= leadingInCells(lines, own)) + tieOf(lower)) return false;
    if (!cellsGoOn(upper, cells)) return false;
    const top = lineAt.get(row.lines[0]!)!;
    const above = top > 0 ? lines[top]!.yc - lines[top - 1]!.yc : Infinity;
    const around = Math.min(above, downGap);
    return Number.isFinite(around) && gap + settings.rowPaddingEm * lower.size < around;
  };
  // Amounts under their lone signs, a line below (rows set as tight as lines included): the row's
  // cells go on, however many columns the line fills; its words go on the cells above them.
  const completesSigns = (upper: TextLine, lower: TextLine, cells: readonly TextChunk[][], whole: readonly TextChunk[][]): boolean =>
    !ruleBetween(upper, lower) &&
    lower.yc - upper.yc < settings.signWrapEm * Math.max(upper.size, lower.size) &&
    cells.some((c, k) => c.length > 0 && signAbove(upper, k, c)) &&
    cells.every((c, k) => c.length === 0 || (whole[k]!.length > 0 && (signAbove(upper, k, c) || !isNumeric(wordsText(c)))));
  // Numbers ending the names of the line above, wrapped under them in narrow cells (`Unidades` over
  // `3`, in two columns or more): small whole numbers alone, under a line of no figure, nearer it
  // than the line below.
  const endsNames = (upper: TextLine, lower: TextLine, cells: readonly TextChunk[][], downGap: number): boolean =>
    !ruleBetween(upper, lower) &&
    !figureLine(upper) &&
    lower.yc - upper.yc <= leading + tieOf(lower) &&
    downGap > lower.yc - upper.yc + tieOf(lower) &&
    cells.every((c) => c.length === 0 || (c.length === 1 && COLUMN_NUMBER.test(c[0]!.text)));
  const rows: RowWords[] = [];
  const joinedDown = new Set<number>();
  const pendingLines = new Map<number, TextLine[]>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const cells = lineCells[i]!;
    const row = rows[rows.length - 1];
    const prevLine = lines[i - 1];
    const nextLine = lines[i + 1];
    const upGap = prevLine ? line.yc - prevLine.yc : Infinity;
    const downGap = nextLine ? nextLine.yc - line.yc : Infinity;
    // A line of a centred row, or between zebra stripes in the band (or gap) of the line above, shares
    // its row whatever lies below.
    const bandUp =
      row !== undefined &&
      prevLine !== undefined &&
      !joinedDown.has(i) &&
      (inCentredRow(i) || (zebraRows && (sameBand(prevLine, line) || (enclosed(line) && enclosed(prevLine) && !ruleBetween(prevLine, line)))));
    const joinUp =
      row !== undefined &&
      prevLine !== undefined &&
      !joinedDown.has(i) &&
      (bandUp ||
        sameBand(prevLine, line) ||
        centred(i - 1, i) ||
        (enclosed(line) && enclosed(prevLine) && !ruleBetween(prevLine, line)) ||
        (headerWrap(prevLine, line) && continues(cells, row.cells)) ||
        (goesOn(prevLine, line, cells) && continues(cells, row.cells)) ||
        wrapsAlong(i, row, downGap) ||
        completesSigns(prevLine, line, cells, row.cells) ||
        (continues(cells, row.cells) && endsNames(prevLine, line, cells, downGap)) ||
        (isTight(prevLine, line) && continues(cells, row.cells) && !isHeaderOverData(row.cells, cells, settings.headerOverDataColumns)));
    const joinDown =
      nextLine !== undefined &&
      !bandUp &&
      !inCentredRow(i + 1) &&
      ((!enclosed(line) &&
        isTight(line, nextLine) &&
        downGap < upGap - tieOf(line) &&
        continues(cells, lineCells[i + 1]!) &&
        !isHeaderOverData(cells, lineCells[i + 1]!, settings.headerOverRowColumns)) ||
        (centred(i, i + 1) && downGap < upGap));
    if (joinDown && !(joinUp && upGap <= downGap + tieOf(line))) {
      // The top line of a cell whose other cells are vertically centred on the next line.
      lineCells[i + 1] = cells.map((c, k) => [...c, ...lineCells[i + 1]![k]!]);
      joinedDown.add(i + 1);
      pendingLines.set(i + 1, [...(pendingLines.get(i) ?? []), line]);
      continue;
    }
    const carried = pendingLines.get(i) ?? [];
    if (joinUp && row) {
      cells.forEach((c, k) => row.cells[k]!.push(...c));
      row.lines.push(...carried, line);
    } else {
      rows.push({ cells: cells.map((c) => [...c]), lines: [...carried, line] });
    }
  }
  return rows;
}

/** Two or more columns, each filled in `whole` too: a line going on with every cell of its row. */
function fillsAlong(part: readonly TextChunk[][], whole: readonly TextChunk[][]): boolean {
  const filled = filledColumns(part);
  return filled.length >= 2 && filled.length === filledColumns(whole).length && filled.every((c) => whole[c]!.length > 0);
}

/**
 * The leading of a cell's own lines: the least pitch between neighbouring lines that fill a column
 * in common. Lines of cells centred against a wrapped one sit half that apart, in other columns.
 */
function leadingInCells(lines: readonly TextLine[], own: readonly boolean[][]): number {
  let least = Infinity;
  for (let i = 1; i < lines.length; i++) {
    if (own[i]!.some((filled, c) => filled && own[i - 1]![c])) least = Math.min(least, lines[i]!.yc - lines[i - 1]!.yc);
  }
  return least;
}

/** The lines with a figure (a number or a date) in some cell. */
const figureLinesOf = (lines: readonly TextLine[], lineCells: readonly TextChunk[][][]): Set<TextLine> =>
  new Set(lines.filter((_, i) => lineCells[i]!.some((words) => words.length > 0 && isFigure(wordsText(words)))));


/**
 * The pitch of rows told by their figures: the median distance between successive lines holding a
 * figure (a row's figures print on its first line), with the tightest line pitch of the region
 * (the font's leading). Undefined with fewer than two lines of figures: a table of two rows, each
 * wrapped over many lines, has its one distance (its labels wrap far longer than their leading).
 */
function wrappedRowPitch(
  lines: readonly TextLine[],
  lineCells: readonly TextChunk[][][],
  allPitches: number[],
): { rowPitch: number; closest: number; leading: number; figureLines: Set<TextLine> } | undefined {
  const figureLines = figureLinesOf(lines, lineCells);
  const figureYs = [...figureLines].map((l) => l.yc);
  const figurePitches = figureYs.slice(1).map((y, i) => y - figureYs[i]!);
  const rowPitch = median(figurePitches);
  const positive = allPitches.filter((p) => p > 0);
  if (rowPitch === undefined || figureYs.length < 2 || positive.length === 0) return undefined;
  return { rowPitch, closest: Math.min(...figurePitches), leading: Math.min(...positive), figureLines };
}

/**
 * Words over numbers in `columns` columns: a header (or a label line) over a row of values, set
 * close to it, not the first line of wrapped cells. A line joining the row below it holds only the
 * top lines of wrapped cells, so one word over a number already makes it a header; a line joining
 * the row above may be the second line of a header cut in two ("Mes" over "2"), so it takes two.
 */
function isHeaderOverData(upper: readonly TextChunk[][], lower: readonly TextChunk[][], columns: number): boolean {
  let stacked = 0;
  upper.forEach((words, c) => {
    const below = lower[c]!;
    if (words.length > 0 && below.length > 0 && !isNumeric(wordsText(words)) && isNumeric(wordsText(below))) stacked++;
  });
  return stacked >= columns;
}

/** Rules drawn between most pairs of neighbouring rows: the table marks its rows itself. */
function isRuledByRow(lines: readonly TextLine[], ruleBetween: (a: TextLine, b: TextLine) => boolean, settings: StreamSettings): boolean {
  const structure = lines.filter((l) => l.phrases.length >= 2);
  let ruled = 0;
  for (let i = 1; i < structure.length; i++) if (ruleBetween(structure[i - 1]!, structure[i]!)) ruled++;
  return structure.length >= 3 && ruled >= settings.ruledRowShare * (structure.length - 1);
}
