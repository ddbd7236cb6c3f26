import type { TextChunk } from '../types.ts';
import type { RowWords } from './lines-to-rows.ts';
import type { Phrase, TextLine } from '../text/chunks-to-lines.ts';
import { isFigure } from './text-kinds.ts';
import { wordsText } from '../text/words-text.ts';

/** A span whose middle is this near the heading's (× its size) is the heading's own, however small. */
const CENTRE_TOL_EM = 0.75;
/** Two lines of one cell end, or centre, this near each other (× size). */
const ALIGN_TOL_EM = 0.25;

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
 * The first column of the span a heading is centred over: of the runs of two columns or more round
 * the columns it overlaps whose middle is within a tolerance of its own, the narrowest (a heading
 * of a group row names a group: `First half` over `Orders | Description | Count` is centred on the
 * wide middle column alone too, and a wider run round a span may happen to be centred better);
 * else the one column it overlaps when centred on it; else the run round them whose middle is
 * nearest its own (a heading centred over `Ref. | Precio | Descripción` overlaps only the last two).
 */
function spanStart(phrase: Extent, size: number, columns: readonly (Extent | undefined)[]): number | undefined {
  const filled = columns.flatMap((e, c) => (e ? [c] : []));
  const over = filled.filter((c) => columns[c]!.x0 < phrase.x1 && columns[c]!.x1 > phrase.x0);
  if (over.length === 0) return undefined;
  const centre = (phrase.x0 + phrase.x1) / 2;
  const offset = (a: number, b: number): number => Math.abs((columns[filled[a]!]!.x0 + columns[filled[b]!]!.x1) / 2 - centre);
  const [lo, hi] = [filled.indexOf(over[0]!), filled.indexOf(over[over.length - 1]!)];
  const tol = CENTRE_TOL_EM * size;
  let run: { a: number; n: number; off: number } | undefined;
  for (let a = 0; a <= lo; a++) {
    for (let b = Math.max(hi, a + 1); b < filled.length; b++) {
      const off = offset(a, b);
      if (off <= tol && (!run || b - a < run.n || (b - a === run.n && off < run.off))) run = { a, n: b - a, off };
    }
  }
  if (run) return filled[run.a];
  let best = { a: lo, b: hi, off: offset(lo, hi) };
  if (best.off <= tol) return filled[lo];
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
 * printed centred): a first header row of one line (or a few, where a heading wraps in its span),
 * naming fewer things than the header row under it, over rows of values. The rivers cut such a
 * heading where it crosses a gutter (`Año | actual`) or give it to a column in the middle of its
 * span; each of its phrases goes whole to the first column of the span it is centred over, where a
 * spanning cell's text is read. Rows are changed in place; the rows are returned.
 */
export function placeGroupHeadings(rows: RowWords[]): RowWords[] {
  const [group, header] = splitGroupLine(rows);
  if (!group || !header || group.lines.length > MAX_HEADING_LINES) return rows;
  // The header and the rows under it (the first row holds group and header when they were joined).
  const body = rows[0] === group ? rows.slice(1) : [header, ...rows.slice(1)];
  if (body.length < 2) return rows;
  if (isValued(group) || isValued(header) || !body.slice(1).some(isValued)) return rows;
  const phrases = headingPhrases(group.lines);
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

/** A row with a figure in some cell. */
const isValued = (r: RowWords): boolean => r.cells.some((words) => words.length > 0 && isFigure(wordsText(words)));

/** A group heading wraps in a narrow span (`Segundo` over `semestre`, beside one-line headings). */
const MAX_HEADING_LINES = 3;

/**
 * The headings of a group row: its phrases, those stacked over one another (a heading wrapped in
 * its span, centred on its lines) made one. Words stay in reading order, line by line.
 */
function headingPhrases(lines: readonly TextLine[]): Phrase[] {
  if (lines.length === 1) return lines[0]!.phrases;
  const out: Phrase[] = [];
  for (const p of lines.flatMap((l) => l.phrases)) {
    const stacked = out.find((o) => o.x0 < p.x1 && o.x1 > p.x0);
    if (stacked) {
      stacked.words.push(...p.words);
      stacked.x0 = Math.min(stacked.x0, p.x0);
      stacked.x1 = Math.max(stacked.x1, p.x1);
    } else out.push({ words: [...p.words], x0: p.x0, x1: p.x1 });
  }
  return out.sort((a, b) => a.x0 - b.x0);
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
 * The first row's first line told apart from the rest when it is a heading over groups of columns
 * (every phrase of it centred over two columns or more) that the rows' pitch joined to the header
 * under it as if one header wrapped. Returns the group line's row and the header's; the first row and
 * the second otherwise.
 */
function splitGroupLine(rows: readonly RowWords[]): [RowWords | undefined, RowWords | undefined] {
  const [first, second] = rows;
  if (!first || first.lines.length < 2) return [rows[0], rows[1]];
  // Three lines or more over a row of words: the group headings wrap, and that row is the header.
  if (first.lines.length > 2 && second && !isValued(second)) return [rows[0], rows[1]];
  // The header under the group line may wrap (`Revenue` over `estimated`): its lines are the rest.
  const [upper, ...lower] = first.lines as [TextLine, ...TextLine[]];
  const upperWords = new Set(upper.words);
  const group: RowWords = { lines: [upper], cells: first.cells.map((ws) => ws.filter((w) => upperWords.has(w))) };
  const header: RowWords = { lines: lower, cells: first.cells.map((ws) => ws.filter((w) => !upperWords.has(w))) };
  // Cells whose upper words start, end or centre where their lower ones do, every cell holding
  // both, are one header wrapped (`Precio` over `total`, right-aligned), whatever span they sit
  // centred on; one heading may line up with a header word by chance (`Année` over `Unités`).
  const both = group.cells.flatMap((up, k) => (up.length > 0 && header.cells[k]!.length > 0 ? [k] : []));
  if (both.length > 0 && both.every((k) => wrapsInCell(group.cells[k]!, header.cells[k]!))) return [rows[0], rows[1]];
  const columns = columnExtents([header, ...rows.slice(1)]);
  const spanning = upper.phrases.length > 0 && upper.phrases.every((p) => centredOverSpan(p, Math.max(...p.words.map((w) => w.size)), columns));
  return spanning ? [group, header] : [rows[0], rows[1]];
}

/** Lines of one cell: the upper words start, end or centre where the lower do. */
function wrapsInCell(upper: readonly TextChunk[], lower: readonly TextChunk[]): boolean {
  const extent = (ws: readonly TextChunk[]) => ({ x0: Math.min(...ws.map((w) => w.x0)), x1: Math.max(...ws.map((w) => w.x1)) });
  const [a, b] = [extent(upper), extent(lower)];
  const tol = ALIGN_TOL_EM * Math.max(...upper.map((w) => w.size));
  return Math.abs(a.x0 - b.x0) <= tol || Math.abs(a.x1 - b.x1) <= tol || Math.abs(a.x0 + a.x1 - b.x0 - b.x1) / 2 <= tol;
}
