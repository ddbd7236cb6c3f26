import type { TextChunk } from '../types.ts';
import type { StreamSettings } from '../settings.ts';
import type { RowWords } from './lines-to-rows.ts';
import { headerRows } from './header-columns.ts';
import { isFigure } from './text-kinds.ts';
import { wordsText } from '../text/words-text.ts';

/**
 * A header centred over a wide text column can start in the whitespace right of the column's
 * short left-aligned values, and the rivers give it to the next column, where it joins that
 * column's own header as one cell (`Descripción Unidad` over `Unidad`, a spreadsheet's centred
 * headers; issue 10). headerToValueColumns moves a whole header cell wholly left of a text
 * column's values; this is the same rule for the words of a cell: the phrase of a header cell
 * wholly left of its text column's values moves to the column on its left, when that column has
 * values and no header. Right-aligned figures are left out: a header set left over them is beside
 * them by design.
 */

/** The words of one header cell left of `edge`, when a phrase gap parts them from the rest. */
function strayWords(words: readonly TextChunk[], edge: number, gapEm: number): TextChunk[] {
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  const left = sorted.filter((w) => w.x1 < edge);
  const rest = sorted.filter((w) => w.x1 >= edge);
  if (left.length === 0 || rest.length === 0) return [];
  const gap = Math.min(...rest.map((w) => w.x0)) - Math.max(...left.map((w) => w.x1));
  return gap > gapEm * Math.max(...words.map((w) => w.size)) ? left : [];
}

/** Moves stray header words to the headerless text column on their left, in place; returns the rows. */
export function moveHeaderWordsBeside(rows: RowWords[], settings: StreamSettings, phraseGapEm: number): RowWords[] {
  const heads = headerRows(rows.map((r) => r.cells.map(wordsText)), settings);
  if (heads.length === 0) return rows;
  const body = rows.filter((_, i) => !heads.includes(i));
  const width = rows[0]!.cells.length;
  for (let c = 1; c < width; c++) {
    if (heads.some((r) => rows[r]!.cells[c - 1]!.length > 0)) continue;
    const left = body.map((r) => r.cells[c - 1]!).filter((w) => w.length > 0);
    const values = body.map((r) => r.cells[c]!).filter((w) => w.length > 0);
    if (left.length === 0 || values.length === 0 || values.some((w) => isFigure(wordsText(w)))) continue;
    const edge = Math.min(...values.flat().map((w) => w.x0));
    for (const r of heads) {
      const cells = rows[r]!.cells;
      const stray = strayWords(cells[c]!, edge, phraseGapEm);
      if (stray.length === 0) continue;
      cells[c - 1] = stray;
      cells[c] = cells[c]!.filter((w) => !stray.includes(w));
    }
  }
  return rows;
}
