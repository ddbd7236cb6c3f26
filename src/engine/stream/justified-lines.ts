import type { StreamSettings } from '../settings.ts';
import type { RowWords } from './lines-to-rows.ts';

/**
 * Lines of a justified paragraph read as a short table: a line holding a long word (a URL, a
 * title) that cannot break is stretched, every word space widened alike, and two such lines can
 * share gaps by chance. What tells them: on each row every gap between cells is the same width
 * (a justified line's stretched space), where a table's columns, set ragged or to the right,
 * leave gaps as different as their cells. Figures printed at one width (an R printout) do the
 * same, hence no number column.
 */
export function isJustifiedLines(rows: readonly RowWords[], hasNumbers: boolean, settings: StreamSettings): boolean {
  if (hasNumbers) return false;
  let even = 0;
  for (const row of rows) {
    const cells = row.cells.filter((c) => c.length > 0);
    if (cells.length - 1 < settings.minJustifiedGaps) continue;
    const gaps: number[] = [];
    for (let i = 1; i < cells.length; i++) {
      const left = Math.max(...cells[i - 1]!.map((w) => w.x1));
      const right = Math.min(...cells[i]!.map((w) => w.x0));
      gaps.push(right - left);
    }
    const size = Math.min(...cells.flat().map((w) => w.size));
    if (Math.max(...gaps) - Math.min(...gaps) > settings.justifiedGapSpreadEm * size) return false;
    even++;
  }
  return even >= 2 && even * 2 >= rows.length;
}
