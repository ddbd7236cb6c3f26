import type { TextChunk } from '../types.ts';
import { appendLine, joinLineWords } from '../text/join-words.ts';
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
    const above = filled[i - 1];
    if (above === undefined) out = text;
    else out = appendLine(out, text, () => justified?.(above) === true, () => goesOn?.(above, ws, i === filled.length - 1) === true);
  });
  return out;
}
