import type { TextLine } from '../text/chunks-to-lines.ts';
import type { StreamSettings } from '../settings.ts';
import { shareColumn } from './line-cells.ts';

/**
 * Rules drawn round every row of a table whose rows wrap and are set vertically centred (Writer's
 * HTML import): a row holds its label's lines and, between them, one line of figures, so most
 * pairs of neighbouring lines have no rule between them and the pair count of `isRuledByRow` says
 * nothing. The bands between rules tell it instead: many bands, and in most of them exactly one
 * line with a figure (a row prints its figures on one line). A header ruled apart over a body of
 * rows (booktabs), or rules round groups of rows, leave bands with several lines of figures.
 * Tables of words only are left to the pair count: nothing there tells a wrapped cell from a row.
 * See docs/decisions/018-general-tables.md.
 */
export function isRuledByBand(
  lines: readonly TextLine[],
  rules: readonly number[],
  figureLine: (line: TextLine) => boolean,
  settings: StreamSettings,
  filledOf?: FilledCells,
): boolean {
  const bands = bandsOf(lines, rules);
  if (bands.length < settings.ruledRowMinBands) return false;
  const oneRow = bands.filter((band) => rowFigureLine(band, figureLine, filledOf) !== undefined).length;
  return oneRow >= settings.ruledRowShare * bands.length;
}

/** The columns a line fills on its own. */
export type FilledCells = (line: TextLine) => readonly boolean[];

/**
 * The line of figures of a band that holds one row: its only line of figures, or, when the row's
 * cells wrap round it (`68.240,00` over the line and `€` under it, `11/08/202` over it and `4`
 * under it), the line filling the most columns, when no other line of figures fills a column it
 * fills. Undefined for a band of several rows (each fills the row's columns).
 */
function rowFigureLine(band: readonly TextLine[], figureLine: (line: TextLine) => boolean, filledOf?: FilledCells): TextLine | undefined {
  const figures = band.filter(figureLine);
  if (figures.length === 1) return figures[0];
  if (figures.length === 0 || !filledOf) return undefined;
  const count = (line: TextLine) => filledOf(line).filter(Boolean).length;
  const main = figures.reduce((best, line) => (count(line) > count(best) ? line : best));
  const own = filledOf(main);
  return figures.every((line) => line === main || !shareColumn(filledOf(line), own)) ? main : undefined;
}

/** The text lines between each pair of neighbouring edges, bands without text left out. */
function bandsOf(lines: readonly TextLine[], edges: readonly number[]): TextLine[][] {
  return bandsWithHeights(lines, edges).map((b) => b.lines);
}

function bandsWithHeights(lines: readonly TextLine[], edges: readonly number[]): Array<{ lines: TextLine[]; height: number }> {
  const bands: Array<{ lines: TextLine[]; height: number }> = [];
  for (let k = 1; k < edges.length; k++) {
    const inBand = lines.filter((l) => l.yc > edges[k - 1]! && l.yc < edges[k]!);
    if (inBand.length > 0) bands.push({ lines: inBand, height: edges[k]! - edges[k - 1]! });
  }
  return bands;
}

/**
 * Zebra stripes (fill edges) round rows set vertically centred: the bands tell rows as rules do
 * (`isRuledByBand`), and most bands of several lines hold one row set centred: their lines
 * closer than the band's margins, one line of figures, neither the first nor the last (a label
 * wrapped above and below it). Rows set at the top or the bottom of
 * their band (camelot's m27) are left to the line pitches.
 */
export function isCentredByBand(
  lines: readonly TextLine[],
  edges: readonly number[],
  figureLine: (line: TextLine) => boolean,
  settings: StreamSettings,
  filledOf?: FilledCells,
): boolean {
  if (centredBands(lines, edges, figureLine, settings)) return true;
  // Cells wrapped round the row's line of figures (amounts over it, their signs under it): read so
  // only when no band holds lines of figures of two rows, since then a band or a gap between two
  // may hold several rows (a group label and a row, `$` over each amount: general 6001-05).
  if (!filledOf || !centredBands(lines, edges, figureLine, settings, filledOf)) return false;
  return bandsWithHeights(lines, edges).every((b) => !b.lines.some(figureLine) || rowFigureLine(b.lines, figureLine, filledOf) !== undefined);
}

function centredBands(
  lines: readonly TextLine[],
  edges: readonly number[],
  figureLine: (line: TextLine) => boolean,
  settings: StreamSettings,
  filledOf?: FilledCells,
): boolean {
  if (!isRuledByBand(lines, edges, figureLine, settings, filledOf)) return false;
  // A band of several lines holds one row's wrapped lines only when they sit closer than the
  // band's margins round them add up to (a row's padding and half a line each side); rows of
  // their own (a group label over a row, no stripe between) are as far apart as those margins.
  const tight = ({ lines: band, height }: { lines: TextLine[]; height: number }): boolean => {
    const margins = height - (band[band.length - 1]!.yc - band[0]!.yc);
    return band.every((l, k) => k === 0 || l.yc - band[k - 1]!.yc < margins - settings.pitchTieEm * l.size);
  };
  const tall = bandsWithHeights(lines, edges).filter((b) => b.lines.length >= 2);
  const centred = tall.filter((b) => {
    const main = rowFigureLine(b.lines, figureLine, filledOf);
    return main !== undefined && tight(b) && main !== b.lines[0] && main !== b.lines[b.lines.length - 1];
  }).length;
  return tall.length > 0 && centred >= settings.ruledRowShare * tall.length;
}
