import type { LatticeCandidate } from '../lattice/find-lattice-tables.ts';
import type { LatticeSettings } from '../settings.ts';
import { isNumeric } from '../stream/text-kinds.ts';
import type { PageContent, TextChunk } from '../types.ts';
import { median } from '../median.ts';

/**
 * A ruled or shaded band holding only a table's header, over body rows no rule reaches (a web
 * report's shaded `thead` over zebra stripes or bare rows). Read as a grid, the header becomes a
 * table of its own and the body another without its header, so neither is classified. Left to
 * the text finder, header and body are one table. The band: a few rows, the first no figure, and
 * right under it, within the width of the band, a line of words holding a figure (a body row).
 */
export function isHeaderBand(c: LatticeCandidate, page: PageContent, s: LatticeSettings, phraseGapEm: number): boolean {
  const filled = c.rows.flat().filter((t) => t.trim());
  const [head = []] = c.rows;
  if (filled.length < 2 || head.some((t) => isNumeric(t))) return false;
  // Rows the fills' edges cut between the header's lines hold nothing: they are not header rows.
  // A band of words only may be cut at every line of its wrapped cells (a spreadsheet fills each
  // cell of a one-colour band apart, `Segundo / semestre` over `Peso / (kg)`, general 6015-17):
  // two lines to a header row.
  const rows = c.rows.filter((row) => row.some((t) => t.trim())).length;
  const wordsOnly = !filled.some((t) => isNumeric(t));
  if (rows > (wordsOnly ? 2 : 1) * s.headerBandRows) return false;
  const b = c.grid.bbox;
  const m = s.insideMarginPt;
  const size = median(c.words.map((w) => w.size)) ?? 0;
  const inBand = (w: TextChunk) => w.x0 >= b.x0 - m && w.x1 <= b.x1 + m;
  const near = (top: number) => page.chunks.filter((w) => inBand(w) && w.y0 >= top - m && w.y0 < top + s.headerBandGapEm * size);
  const lineFrom = (top: number) => firstLine(near(top), page.chunks.filter(inBand));
  const columnsOf = (line: readonly TextChunk[]) => new Set(line.map((w) => columnOf((w.x0 + w.x1) / 2, c.grid.xs))).size;
  // A body row fills more than one of the band's columns; a line in one column only (a numbered
  // section title under a two-column form, `3. SEMOVIENTES`) is what follows the table, not its body.
  const isBodyRow = (line: readonly TextChunk[]) => line.some((w) => isNumeric(w.text)) && columnsOf(line) >= Math.min(2, c.grid.xs.length - 1);
  let under = lineFrom(b.y1);
  // A section row opening the body (`1. SIEMBRA` in the first column, the items under it): a
  // header of words only stays a band when the line after the section row is a body row.
  // The next line is looked for one line down, not under the section row's bottom: a body row's
  // cells set centred beside a wrapped one start above the wrapped cell's last line ends.
  if (!isBodyRow(under) && under.length > 0 && isSectionRow(under, c.grid.xs, phraseGapEm * size) && !filled.some((t) => isNumeric(t))) {
    const top = Math.min(...under.map((w) => w.y0));
    const height = median(under.map((w) => w.y1 - w.y0)) ?? 0;
    const section = under;
    under = lineFrom(top + height / 2).filter((w) => !section.includes(w));
  }
  if (!isBodyRow(under)) return false;
  // Only the header: the rows below are the body.
  if (wordsOnly) return true;
  // The header and a first row shaded alike (zebra stripes starting under the header): the band
  // is the table's top only when the row under it keeps to its columns, no word across an edge.
  const inner = c.grid.xs.slice(1, -1);
  return under.every((w) => !inner.some((x) => w.x0 < x - m && w.x1 > x + m));
}

/**
 * A section row: one column's words (`1. SIEMBRA`), or one run of words only (no gap past the
 * line builder's phrase gap) from the first column (a bold `Preparación del suelo` wider than its
 * column, running on over the next, html 26803).
 */
function isSectionRow(line: readonly TextChunk[], xs: readonly number[], phraseGap: number): boolean {
  const sorted = [...line].sort((a, b) => a.x0 - b.x0);
  const columns = new Set(sorted.map((w) => columnOf((w.x0 + w.x1) / 2, xs)));
  if (columns.size === 1) return true;
  if (line.some((w) => isNumeric(w.text))) return false;
  const oneRun = sorted.every((w, i) => i === 0 || w.x0 - sorted[i - 1]!.x1 <= phraseGap);
  return oneRun && columnOf((sorted[0]!.x0 + sorted[0]!.x1) / 2, xs) === 1;
}

function columnOf(x: number, xs: readonly number[]): number {
  const i = xs.findIndex((edge) => x < edge);
  return i < 0 ? xs.length : i;
}

/**
 * The first line of `starts` and, from `all`, the words set beside it: a figure centred beside a
 * cell wrapped on two lines starts half a line below the line's top (general 6013-11, Writer),
 * the next row a whole line below.
 */
function firstLine(starts: readonly TextChunk[], all: readonly TextChunk[]): TextChunk[] {
  if (starts.length === 0) return [];
  const top = Math.min(...starts.map((w) => w.y0));
  const height = median(starts.filter((w) => w.y0 < top + (w.y1 - w.y0) / 2).map((w) => w.y1 - w.y0)) ?? 0;
  return all.filter((w) => w.y0 >= top && w.y0 < top + 0.75 * height);
}

