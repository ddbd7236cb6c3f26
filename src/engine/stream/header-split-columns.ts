import type { TextChunk } from '../types.ts';
import type { TextLine } from '../text/chunks-to-lines.ts';
import type { StreamSettings } from '../settings.ts';
import type { RowWords } from './lines-to-rows.ts';
import { isNumeric } from './text-kinds.ts';

/**
 * Two text columns set a word space apart (a browser's tight cell padding: `Aves de postura`
 * `Lohmann Brown` `Pollita de levante` under `Especie | Raza | Clase`; issue 10). When the same
 * values repeat down the columns neither edge of the gap is ragged, and the words' positions are
 * estimates (a PDF run is split into words by character count), so no band of whitespace runs
 * through every row and the rivers keep the columns as one. The header still tells: it prints
 * several cells, phrases apart, over that one column. Each gap between two header phrases is a
 * column gap where, on every body line reaching across it, exactly one word gap lies inside it.
 * A word running across a header gap, or a line with two word gaps in one, leaves the column whole.
 */

interface Gap {
  x0: number;
  x1: number;
}

const figure = (w: TextChunk): boolean => /\d/.test(w.text) && isNumeric(w.text);

/** The header row: the first row that prints words in two or more columns and no figure. */
function headerRow(rows: readonly RowWords[]): number {
  return rows.findIndex((r) => r.cells.filter((c) => c.length > 0).length >= 2 && !r.cells.some((c) => c.some(figure)));
}

/** Gaps between the phrases of a header cell on one line (words further apart than the phrase gap). */
function headerGaps(words: readonly TextChunk[], phraseGapEm: number): Gap[] {
  const gaps: Gap[] = [];
  for (let i = 1; i < words.length; i++) {
    const [a, b] = [words[i - 1]!, words[i]!];
    if (b.x0 - a.x1 > phraseGapEm * a.size) gaps.push({ x0: a.x1, x1: b.x0 });
  }
  return gaps;
}

/** The words of one cell grouped by the line they sit on. */
function byLine(words: readonly TextChunk[], lines: readonly TextLine[]): TextChunk[][] {
  return lines.map((l) => words.filter((w) => l.words.includes(w)).sort((a, b) => a.x0 - b.x0)).filter((ws) => ws.length > 0);
}

/** Where one line of a cell is cut for each header gap (index of the first word right of it), or undefined. */
function lineCuts(words: readonly TextChunk[], gaps: readonly Gap[]): number[] | undefined {
  const cuts: number[] = [];
  for (const g of gaps) {
    if (words.some((w) => w.x0 < g.x0 && w.x1 > g.x1)) return undefined;
    const left = words.filter((w) => w.x1 <= g.x1).length;
    // Not reaching across the gap: every word on one side of it.
    if (left === 0 || left === words.length) {
      cuts.push(words.filter((w) => w.x0 < g.x0).length);
      continue;
    }
    const inside = [];
    for (let i = 1; i < words.length; i++) if (words[i - 1]!.x1 >= g.x0 && words[i]!.x0 <= g.x1) inside.push(i);
    if (inside.length !== 1) return undefined;
    cuts.push(inside[0]!);
  }
  return cuts;
}

/** Splits columns of `rows` in place where the header parts them (see above); returns the rows. */
export function splitAtHeaderGaps(rows: RowWords[], settings: StreamSettings, phraseGapEm: number): RowWords[] {
  const h = headerRow(rows);
  if (h < 0) return rows;
  const width = rows[h]!.cells.length;
  for (let c = width - 1; c >= 0; c--) {
    // A header wrapped over lines is not several cells.
    const header = byLine(rows[h]!.cells[c]!, rows[h]!.lines);
    const gaps = header.length === 1 ? headerGaps(header[0]!, phraseGapEm) : [];
    if (gaps.length === 0) continue;
    const split: TextChunk[][][] = [];
    let crossed = 0;
    let ok = true;
    for (const row of rows) {
      const parts: TextChunk[][] = gaps.map(() => []).concat([[]]);
      for (const words of byLine(row.cells[c]!, row.lines)) {
        const cuts = lineCuts(words, gaps);
        if (!cuts) {
          ok = false;
          break;
        }
        if (row !== rows[h] && words.some((w) => w.x1 <= gaps[0]!.x0) && words.some((w) => w.x0 >= gaps[gaps.length - 1]!.x1)) crossed++;
        let start = 0;
        cuts.forEach((cut, k) => {
          parts[k]!.push(...words.slice(start, Math.max(start, cut)));
          start = Math.max(start, cut);
        });
        parts[gaps.length]!.push(...words.slice(start));
      }
      if (!ok) break;
      split.push(parts);
    }
    // Body lines must show the cut: a header over a column no row reaches across proves nothing.
    // A table's first rows at a page's foot (its others go on overleaf) show it with fewer: every
    // row under the header, two at least.
    const body = rows.length - h - 1;
    if (!ok || crossed < Math.min(settings.minTableRows, Math.max(body, 2))) continue;
    rows.forEach((row, r) => row.cells.splice(c, 1, ...split[r]!));
  }
  return rows;
}
