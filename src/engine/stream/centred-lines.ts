import type { TextLine } from '../text/chunks-to-lines.ts';
import type { StreamSettings } from '../settings.ts';
import { isDate } from './text-kinds.ts';
import { wordsText } from '../text/words-text.ts';

/**
 * Cells set vertically centred in their row: a label wrapped over two lines has the row's one-line
 * values printed half a line below its first line, so the row prints as three text lines less than
 * a line apart, each holding only some of the columns. (Word processors' tables do this.)
 */

/** Two lines nearer than a line's height whose phrases do not overlap: parts of one row. */
export function isCentredPair(upper: TextLine, lower: TextLine, settings: StreamSettings): boolean {
  if (lower.yc - upper.yc >= settings.centredLineEm * Math.min(upper.size, lower.size)) return false;
  return !upper.phrases.some((p) => lower.phrases.some((q) => p.x0 < q.x1 && q.x0 < p.x1));
}

/**
 * Lines with the parts of centred rows folded into one line each, for reading columns: the label
 * column of such a table only shows when its lines are seen beside the values. Rows are read
 * from the lines as printed (linesToRows joins the parts again).
 */
export function foldCentredLines(lines: readonly TextLine[], settings: StreamSettings): TextLine[] {
  const out: TextLine[] = [];
  let group: TextLine[] = [];
  const flush = () => {
    if (group.length === 1) out.push(group[0]!);
    else if (group.length > 1) out.push(joinLines(group));
    group = [];
  };
  for (const line of lines) {
    const prev = group[group.length - 1];
    if (prev && !isCentredPair(prev, line, settings)) flush();
    group.push(line);
  }
  flush();
  return out;
}

function joinLines(parts: readonly TextLine[]): TextLine {
  // The part with the most phrases is the row's main line: it gives the row's height.
  const main = parts.reduce((a, b) => (b.phrases.length > a.phrases.length ? b : a));
  return {
    words: parts.flatMap((p) => p.words).sort((a, b) => a.x0 - b.x0),
    phrases: parts.flatMap((p) => p.phrases).sort((a, b) => a.x0 - b.x0),
    x0: Math.min(...parts.map((p) => p.x0)),
    x1: Math.max(...parts.map((p) => p.x1)),
    y0: Math.min(...parts.map((p) => p.y0)),
    y1: Math.max(...parts.map((p) => p.y1)),
    yc: main.yc,
    size: main.size,
  };
}

/**
 * Under a table's last row, a row of a label and one figure, one wrapped round the other: none of
 * its lines has two cells, so the table ended above it. Either the label wraps round the figure
 * (`Office supplies … are` / `$68,345.07` / `affected`, the figure centred on the label's lines; a
 * code as well as an amount: `Equipo de campo y otros` / `CX-9808` / `conceptos`), or the figure
 * round the label (`20.528,96` / `Totale` / `€`: a narrow money column broke the amount before its
 * sign, the one-line label centred between the two lines; `10 mar` / `Cursos de formación` /
 * `2019`, a date broken after its month, LibreOffice 6024-20). Returns how many lines the row
 * takes, 0 when `k` starts no such row.
 */
export function centredFigureRowAt(
  block: readonly TextLine[],
  k: number,
  columns: readonly { x0: number; x1: number }[],
  isFigures: (line: TextLine) => boolean,
  settings: StreamSettings,
): number {
  const [first, second, third] = [block[k], block[k + 1], block[k + 2]];
  if (!first || !second || columns.length < 2 || (first.phrases.length !== 1 && second.phrases.length !== 1)) return 0;
  const alone = (line: TextLine | undefined): line is TextLine => line !== undefined && line.phrases.length === 1;
  if (alone(first) && isFigures(second) && besideFigure(first, second, columns, settings) && isCentredPair(first, second, settings)) {
    const tol = settings.alignTolEm * second.size;
    const goesOn = alone(third) && Math.abs(third.x0 - first.x0) <= tol && isCentredPair(second, third, settings) && third.x1 < second.x0;
    return goesOn ? 3 : 2;
  }
  // A date broken over the two lines (`10 mar` / `2019`) is the row's figure as well.
  const brokenDate = (): boolean => alone(third) && isDate(`${wordsText(first.words)} ${wordsText(third.words)}`);
  if (!alone(second) || !alone(third) || !(isFigures(first) || brokenDate()) || !besideFigure(second, first, columns, settings)) return 0;
  const tol = settings.alignTolEm * first.size;
  const under = third.x0 < first.x1 + tol && third.x1 > first.x0 - tol;
  return under && isCentredPair(first, second, settings) && isCentredPair(second, third, settings) ? 3 : 0;
}

/**
 * The label starts at the table's left edge, left of the figure, and the figure lines up with a
 * later column: a figure ends where its column does, a code (`CX-9808`) starts where its column does.
 */
function besideFigure(label: TextLine, figure: TextLine, columns: readonly { x0: number; x1: number }[], settings: StreamSettings): boolean {
  const tol = settings.alignTolEm * figure.size;
  const lined = columns.slice(1).some((c) => Math.abs(c.x1 - figure.x1) <= tol || Math.abs(c.x0 - figure.x0) <= tol);
  return lined && Math.abs(label.x0 - columns[0]!.x0) <= tol && label.x1 < figure.x0;
}
