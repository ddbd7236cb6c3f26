import type { TextLine } from '../text/chunks-to-lines.ts';
import { median } from '../median.ts';
import { wordsText } from '../text/words-text.ts';

/** A label as a form prints it: words ending in a colon (`Plazo (meses):`), not a figure or a time. */
const LABEL = /\p{L}[^:]*:$/u;

/**
 * A lone line of words, no figure: a title. A currency sign left alone over its amount (a cell
 * broken over two lines) is no title.
 */
const isTitleLine = (line: TextLine): boolean => line.phrases.length === 1 && /\p{L}{2}/u.test(wordsText(line.words)) && !/\d/.test(wordsText(line.words));

/**
 * A line of a form: `Label: value` pairs set apart on one line (`Monto: 56.500.000   Plazo
 * (meses): 24`). Its first phrase is a label and a value follows it; a table's row names no labels.
 */
export function isFormLine(line: TextLine): boolean {
  const [first, second] = line.phrases;
  return !!first && !!second && LABEL.test(wordsText(first.words).trim()) && !LABEL.test(wordsText(second.words).trim());
}

/**
 * A titled form under a table: a lone line of words (the title) right over two lines of form
 * pairs, after rows that are no form's. Word processors and spreadsheets set a block of loan terms
 * under the table before it at the rows' own spacing; read on as rows, the pairs took that table's
 * columns and cut labels in two (`Plazo | (meses): 24`). `prev` is the last row above, `at` the
 * first pair line, `next` the line after it holding cells.
 */
export function isTitledForm(block: readonly TextLine[], prev: number, at: number, next: number | undefined): boolean {
  if (at - prev !== 2 || next === undefined) return false;
  const title = block[at - 1]!;
  return (
    isTitleLine(title) &&
    !isFormLine(block[prev]!) &&
    isFormLine(block[at]!) &&
    isFormLine(block[next]!)
  );
}

/** A phrase overlaps an interval by more than this share of a font size to count as inside it. */
const OVERLAP_EM = 0.2;

/**
 * A lone title set apart from the rows above (more than `pitchRatio` times their pitch), over rows
 * that each put a cell where none of the rows above has text. A spreadsheet lays a block of terms
 * (`Monto  179,300,000   Plazo (meses)  18`) on the same sheet columns as the table above it, so
 * their edges coincide and no text crosses them; but a row of the table goes on under its columns,
 * while the terms' values sit in the table's gutters. `rowsAbove` gives the rows above with values
 * (read only past the cheap tests), `lower` the rows under the title.
 */
export function isTitledOffColumns(block: readonly TextLine[], rowsAbove: () => readonly TextLine[], prev: number, at: number, lower: readonly TextLine[], pitchRatio: number): boolean {
  if (at - prev !== 2 || lower.length < 2) return false;
  const title = block[at - 1]!;
  if (!isTitleLine(title)) return false;
  const upper = rowsAbove();
  if (upper.length < 2) return false;
  const pitch = median(upper.slice(1).map((l, k) => l.yc - upper[k]!.yc))!;
  if (title.yc - block[prev]!.yc <= pitchRatio * pitch) return false;
  const taken = upper.flatMap((l) => l.phrases.map((p) => ({ x0: p.x0, x1: p.x1, size: l.size })));
  const inGutter = (p: { x0: number; x1: number }, size: number): boolean =>
    !taken.some((t) => Math.min(p.x1, t.x1) - Math.max(p.x0, t.x0) > OVERLAP_EM * Math.min(size, t.size));
  return lower.every((l) => l.phrases.some((p) => inGutter(p, l.size)));
}
