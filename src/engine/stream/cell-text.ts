import type { TextChunk } from '../types.ts';
import { joinLineWords } from '../text/join-words.ts';
import type { TextLine } from '../text/chunks-to-lines.ts';
import type { RowWords } from './lines-to-rows.ts';

// A row's words, read into columns (lines-to-rows.ts), spelled as each cell's text: its lines top to
// bottom, its words left to right with the right spaces.

/** Cell words to text: lines top to bottom, words left to right with the right spaces. */
export function cellText(words: readonly TextChunk[], lines: readonly TextLine[]): string {
  return words.length === 0 ? '' : textOnLines(words, lines, lineIndex(lines));
}

/** Whether a cell's next line goes on with its last word, no space between (a figure broken over them). */
export type WordGoesOn = (upper: readonly TextChunk[], lower: readonly TextChunk[], last: boolean) => boolean;

/**
 * The texts of a row's cells (cellText of each): the row's lines indexed once, not per cell (issue 14).
 * `goesOn(c)`, when given, says for column c where a line continues the word above it.
 */
export function cellTexts(
  cells: readonly (readonly TextChunk[])[],
  lines: readonly TextLine[],
  goesOn?: (column: number) => WordGoesOn | undefined,
  justified?: JustifiedLine,
): string[] {
  let lineOf: Map<TextChunk, number> | undefined;
  return cells.map((words, c) => (words.length === 0 ? '' : textOnLines(words, lines, (lineOf ??= lineIndex(lines)), goesOn?.(c), justified)));
}

/** Whether a cell's line, its words left to right, is justified (stream/unfinished-cells.ts `isStretchedLine`). */
export type JustifiedLine = (words: readonly TextChunk[]) => boolean;

/**
 * The widest line of each column's cells over the rows: where the column's text fills it. A line
 * reaching into a neighbouring column's words (a heading over a group of columns, read into the
 * first of them: stream/group-headings.ts) tells nothing of its own column's width.
 */
export function widestLines(rows: readonly RowWords[]): number[] {
  type Span = { x0: number; x1: number };
  const width = (x: Span) => x.x1 - x.x0;
  const spansOf = rows.map((row) => {
    const lineOf = lineIndex(row.lines);
    return row.cells.map((words) => {
      const spans = new Map<number, Span>();
      for (const w of words) {
        const k = lineOf.get(w) ?? 0;
        const s = spans.get(k);
        spans.set(k, s ? { x0: Math.min(s.x0, w.x0), x1: Math.max(s.x1, w.x1) } : { x0: w.x0, x1: w.x1 });
      }
      return [...spans.values()];
    });
  });
  const byColumn: Span[][] = [];
  for (const row of spansOf) row.forEach((spans, c) => (byColumn[c] ??= []).push(...spans));
  // Over a narrower line of a neighbour: the wider of two overlapping lines is the one out of its column.
  const reaches = (s: Span, c: number): boolean =>
    [byColumn[c - 1], byColumn[c + 1]].some((n) => !!n && n.some((o) => s.x0 < o.x1 && s.x1 > o.x0 && width(o) < width(s)));
  const widest: number[] = [];
  const all: number[] = [];
  for (const row of spansOf) {
    row.forEach((spans, c) => {
      for (const s of spans) {
        all[c] = Math.max(all[c] ?? 0, width(s));
        if (!reaches(s, c)) widest[c] = Math.max(widest[c] ?? 0, width(s));
      }
    });
  }
  // A column of nothing but such lines keeps its widest.
  return all.map((w, c) => widest[c] ?? w);
}

function lineIndex(lines: readonly TextLine[]): Map<TextChunk, number> {
  const lineOf = new Map<TextChunk, number>();
  for (let i = 0; i < lines.length; i++) for (const w of lines[i]!.words) lineOf.set(w, i);
  return lineOf;
}

function textOnLines(words: readonly TextChunk[], lines: readonly TextLine[], lineOf: Map<TextChunk, number>, goesOn?: WordGoesOn, justified?: JustifiedLine): string {
  const byLine: TextChunk[][] = lines.map(() => []);
  for (const w of words) byLine[lineOf.get(w) ?? 0]!.push(w);
  const filled = byLine.filter((ws) => ws.length > 0);
  let out = '';
  filled.forEach((ws, i) => {
    const text = joinLineWords(ws);
    if (i === 0) out = text;
    else if ((ATTACHED_HYPHEN.test(out) || DATE_SLASH.test(out)) && GOES_ON.test(text)) out = `${out}${text}`;
    else if (LETTER_HYPHEN.test(out) && LOWER_FIRST.test(text) && justified?.(filled[i - 1]!)) out = `${out.slice(0, -1)}${text}`;
    else out = `${out}${goesOn?.(filled[i - 1]!, ws, i === filled.length - 1) ? '' : ' '}${text}`;
  });
  return out;
}

/**
 * A line of a cell ending in a hyphen right after a letter or figure, over a line starting with a
 * figure, goes on with no space, the hyphen kept: a code or a grade broken after its hyphen (`B-` /
 * `7071`, a fertiliser's `15-` / `15-15`), where word processors and browsers allow a break. A word
 * going on in letters is left as it was (`Ring- dingding`, a space): a compound broken at its own
 * hyphen (`post-` / `cosecha`) and a word a layout engine hyphenated (groff: `con-` / `ceptos`)
 * look the same and want different joins (decision 013, 2026-12-02 second session). A dash set
 * apart (`Resiembra -`) keeps its space.
 */
const ATTACHED_HYPHEN = /[\p{L}\d]-$/u;
const GOES_ON = /^\d/;
/** So does a date broken after its month's slash (`28/07/` over `2021`). */
const DATE_SLASH = /(?:^|\s)\d{1,4}\/\d{1,2}\/$/;
/**
 * A word broken by a hyphen at the end of a justified line, going on in lower case below
 * (`Reparaciones  y  manten-` over `imiento`, groff): layout engines that justify cells (troff,
 * TeX) hyphenate by themselves, so the hyphen is the layout's and the word is joined without it.
 * Office suites and browsers neither justify cells by default nor hyphenate; a line they did not
 * stretch keeps its hyphen as written (decision 013, "Words hyphenated by the layout").
 */
const LETTER_HYPHEN = /\p{L}-$/u;
const LOWER_FIRST = /^\p{Ll}/u;
