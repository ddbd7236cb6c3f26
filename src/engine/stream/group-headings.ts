import type { TextChunk } from '../types.ts';
import type { RowWords } from './lines-to-rows.ts';
import type { TextLine } from '../text/chunks-to-lines.ts';
import { isFigure } from './text-kinds.ts';
import { wordsText } from '../text/words-text.ts';

/** A span whose middle is this near the heading's (× its size) is the heading's own, however small. */
const CENTRE_TOL_EM = 0.75;

interface Extent {
  x0: number;
  x1: number;
}

/** Each column's extent under the heading row: from the middle of the gutter on its left to the one on its right. */
function columnExtents(rows: readonly RowWords[]): (Extent | undefined)[] {
  const width = rows[0]?.cells.length ?? 0;
  const words: (Extent | undefined)[] = Array.from({ length: width }, (_, c) => {
    const all = rows.flatMap((r) => r.cells[c] ?? []);
    return all.length ? { x0: Math.min(...all.map((w) => w.x0)), x1: Math.max(...all.map((w) => w.x1)) } : undefined;
  });
  const filled = words.flatMap((e, c) => (e ? [c] : []));
  return words.map((e, c) => {
    if (!e) return undefined;
    const k = filled.indexOf(c);
    const left = k > 0 ? (words[filled[k - 1]!]!.x1 + e.x0) / 2 : e.x0;
    const right = k + 1 < filled.length ? (e.x1 + words[filled[k + 1]!]!.x0) / 2 : e.x1;
    return { x0: left, x1: right };
  });
}

/**
 * The first column of the span a heading is centred over: the span of the columns it overlaps when
 * centred on them, else the run of columns round them whose middle is nearest its own (a heading
 * centred over `Ref. | Precio | Descripción` overlaps only the last two).
 */
function spanStart(phrase: Extent, size: number, columns: readonly (Extent | undefined)[]): number | undefined {
  const filled = columns.flatMap((e, c) => (e ? [c] : []));
  const over = filled.filter((c) => columns[c]!.x0 < phrase.x1 && columns[c]!.x1 > phrase.x0);
  if (over.length === 0) return undefined;
  const centre = (phrase.x0 + phrase.x1) / 2;
  const offset = (a: number, b: number): number => Math.abs((columns[filled[a]!]!.x0 + columns[filled[b]!]!.x1) / 2 - centre);
  const [lo, hi] = [filled.indexOf(over[0]!), filled.indexOf(over[over.length - 1]!)];
  let best = { a: lo, b: hi, off: offset(lo, hi) };
  if (best.off <= CENTRE_TOL_EM * size) return filled[lo];
  for (let a = 0; a <= lo; a++) {
    for (let b = hi; b < filled.length; b++) {
      const off = offset(a, b);
      if (off < best.off - 1e-6) best = { a, b, off };
    }
  }
  return filled[best.a];
}

/**
 * Headings over groups of columns (`Año actual` over `Ref. | Precio | Descripción`, a `colspan`
 * printed centred): a first header row of one line, naming fewer things than the header row under
 * it, over rows of values. The rivers cut such a heading where it crosses a gutter (`Año | actual`)
 * or give it to a column in the middle of its span; each of its phrases goes whole to the first
 * column of the span it is centred over, where a spanning cell's text is read. Rows are changed in
 * place; the rows are returned.
 */
export function placeGroupHeadings(rows: RowWords[]): RowWords[] {
  const [group, header] = splitGroupLine(rows);
  if (!group || !header || group.lines.length !== 1) return rows;
  // The header and the rows under it (the first row holds group and header when they were joined).
  const body = rows[0] === group ? rows.slice(1) : [header, ...rows.slice(1)];
  if (body.length < 2) return rows;
  const valued = (r: RowWords): boolean => r.cells.some((words) => words.length > 0 && isFigure(wordsText(words)));
  if (valued(group) || valued(header) || !body.slice(1).some(valued)) return rows;
  const phrases = group.lines[0]!.phrases;
  const named = header.cells.filter((words) => words.length > 0).length;
  if (phrases.length === 0 || phrases.length >= named || named < 3) return rows;
  const columns = columnExtents(body);
  const starts = phrases.map((p) => spanStart(p, Math.max(...p.words.map((w) => w.size)), columns));
  if (starts.some((s) => s === undefined) || new Set(starts).size !== starts.length) return rows;
  const cells: TextChunk[][] = group.cells.map(() => []);
  phrases.forEach((p, k) => cells[starts[k]!]!.push(...p.words));
  // A group line split from the header (splitGroupLine) puts the header back as a row of its own.
  rows.splice(0, 1, { ...group, cells }, ...(rows[0] === group ? [] : [header]));
  return rows;
}

/** Whether a phrase sits centred over two columns or more (their extents), not over one. */
function centredOverSpan(phrase: Extent, size: number, columns: readonly (Extent | undefined)[]): boolean {
  const filled = columns.flatMap((e, c) => (e ? [c] : []));
  const centre = (phrase.x0 + phrase.x1) / 2;
  const off = (a: number, b: number): number => Math.abs((columns[filled[a]!]!.x0 + columns[filled[b]!]!.x1) / 2 - centre);
  let best = { span: 0, off: Infinity };
  for (let a = 0; a < filled.length; a++) {
    for (let b = a; b < filled.length; b++) {
      const o = off(a, b);
      if (o < best.off) best = { span: b - a + 1, off: o };
    }
  }
  return best.span >= 2 && best.off <= CENTRE_TOL_EM * size;
}

/**
 * The first row's two lines, told apart when the upper is a heading over groups of columns (every
 * phrase of it centred over two columns or more) that the rows' pitch joined to the header under
 * it as if one header wrapped. Returns the group line's row and the header's; the first row and
 * the second otherwise.
 */
function splitGroupLine(rows: readonly RowWords[]): [RowWords | undefined, RowWords | undefined] {
  const [first] = rows;
  if (!first || first.lines.length !== 2) return [rows[0], rows[1]];
  const [upper, lower] = first.lines as [TextLine, TextLine];
  const on = (line: TextLine) => new Set(line.words);
  const upperWords = on(upper);
  const lowerWords = on(lower);
  const group: RowWords = { lines: [upper], cells: first.cells.map((ws) => ws.filter((w) => upperWords.has(w))) };
  const header: RowWords = { lines: [lower], cells: first.cells.map((ws) => ws.filter((w) => lowerWords.has(w))) };
  const columns = columnExtents([header, ...rows.slice(1)]);
  const spanning = upper.phrases.length > 0 && upper.phrases.every((p) => centredOverSpan(p, Math.max(...p.words.map((w) => w.size)), columns));
  return spanning ? [group, header] : [rows[0], rows[1]];
}
