import type { TextLine } from '../text/chunks-to-lines.ts';
import type { StreamSettings } from '../settings.ts';

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
): boolean {
  const bands: TextLine[][] = [];
  for (let k = 1; k < rules.length; k++) {
    const inBand = lines.filter((l) => l.yc > rules[k - 1]! && l.yc < rules[k]!);
    if (inBand.length > 0) bands.push(inBand);
  }
  if (bands.length < settings.ruledRowMinBands) return false;
  const oneRow = bands.filter((band) => band.filter(figureLine).length === 1).length;
  return oneRow >= settings.ruledRowShare * bands.length;
}
