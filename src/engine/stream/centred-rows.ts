import type { TextLine } from '../text/chunks-to-lines.ts';
import { shareColumn } from './line-cells.ts';

/**
 * Rows set vertically centred against a label wrapped over three lines or more (Writer's tables,
 * unruled): the label's lines run at one pitch, and the row's one line of figures sits at the
 * middle of that run — on its middle line, or halfway between its two middle lines. The gaps
 * round the run are wider than its pitch (a row's padding), so the run is one row's label, not a
 * cell's lines that go on from a row above; and it is closer than the rows' pitch (group labels
 * round a row at the row pitch are rows of their own). Decision 012 joins two-line labels (centred pairs);
 * this groups the longer ones. Returns, for each line in such a row, the index of the row's first
 * line. See docs/decisions/018-general-tables.md (third pass).
 */
export function centredRowGroups(
  lines: readonly TextLine[],
  labelFilled: readonly boolean[],
  isFigureLine: (i: number) => boolean,
  tieOf: (line: TextLine) => number,
  ruleBetween: (upper: TextLine, lower: TextLine) => boolean,
  maxPitch: number,
  sharesCell: (k: number, f: number) => boolean,
  separate: Separate,
): Map<number, number> {
  const groups = new Map<number, number>();
  const labels = lines.map((_, i) => i).filter((i) => labelFilled[i]);
  const yc = (i: number): number => lines[i]!.yc;
  for (let f = 0; f < lines.length; f++) {
    if (!isFigureLine(f)) continue;
    const tie = tieOf(lines[f]!);
    const above = labels.filter((i) => i < f);
    const below = labels.filter((i) => i > f);
    // The run's two middle lines: the figure line itself (odd runs) or the label lines round it.
    let up = above.length - 1;
    let down = 0;
    let pitch: number;
    if (labelFilled[f]) {
      if (up < 0 || down >= below.length) continue;
      pitch = yc(f) - yc(above[up]!);
      if (Math.abs(yc(below[down]!) - yc(f) - pitch) > tie) continue;
    } else {
      if (up < 0 || down >= below.length) continue;
      const [a, b] = [above[up]!, below[down]!];
      if (Math.abs(yc(f) - yc(a) - (yc(b) - yc(f))) > tie) continue;
      pitch = yc(b) - yc(a);
    }
    // A cell's lines sit closer than rows do (a row's padding), and within the line spacing.
    if (pitch > 1.6 * lines[f]!.size || pitch >= maxPitch) continue;
    // Widen the run one line each side while the label goes on at the pitch.
    while (
      up > 0 &&
      down + 1 < below.length &&
      Math.abs(yc(above[up]!) - yc(above[up - 1]!) - pitch) <= tie &&
      Math.abs(yc(below[down + 1]!) - yc(below[down]!) - pitch) <= tie
    ) {
      up--;
      down++;
    }
    const top = above[up]!;
    const bottom = below[down]!;
    const length = (labelFilled[f] ? 1 : 0) + (above.length - up) + (down + 1);
    if (length < 3) continue;
    // Padding round the run: the label lines next to it sit further off than the pitch.
    const before = above[up - 1];
    const after = below[down + 1];
    if (before !== undefined && yc(top) - yc(before) <= pitch + tie) continue;
    if (after !== undefined && yc(after) - yc(bottom) <= pitch + tie) continue;
    // Lines further apart than a cell's own, each opening in a capital: labels of rows of their
    // own round the row (`Región norte` / `Fletes …` / `Repuestos`), not one label wrapped.
    const run = labels.filter((i) => i >= top && i <= bottom);
    if (pitch > separate.leading + tie && run.slice(1).every((i) => separate.opensLabel(i))) continue;
    let clean = true;
    for (let k = top; k <= bottom && clean; k++) {
      // Another row's figures; figures in cells the row's line leaves empty are its own, wrapped
      // round it (`60.587,49` over the line, `€` under it).
      if (k !== f && isFigureLine(k) && sharesCell(k, f)) clean = false;
      if (k > top && ruleBetween(lines[k - 1]!, lines[k]!)) clean = false;
      if (groups.has(k)) clean = false;
    }
    if (!clean) continue;
    for (let k = top; k <= bottom; k++) groups.set(k, top);
  }
  return groups;
}

/** What tells a run of labels apart from one label wrapped: a cell's line pitch, and which lines open a label. */
interface Separate {
  leading: number;
  opensLabel: (i: number) => boolean;
}

/** The pitch of a cell's own lines: the closest two successive lines filling the same column. */
function cellLeading(lines: readonly TextLine[], own: readonly (readonly boolean[])[], tieOf: (line: TextLine) => number): number {
  let leading = Infinity;
  const last = new Map<number, number>();
  lines.forEach((line, i) => {
    own[i]!.forEach((filled, c) => {
      if (!filled) return;
      const before = last.get(c);
      const pitch = before === undefined ? Infinity : line.yc - lines[before]!.yc;
      if (pitch > tieOf(line)) leading = Math.min(leading, pitch);
      last.set(c, i);
    });
  });
  return leading;
}

/**
 * centredRowGroups over each column in turn, the first column first: the cell wrapped longest may
 * be any column's (`Resiembra - / árboles / injertados de / cítricos` beside a two-line activity,
 * Writer). A later column's group is kept only where no earlier group took any of its lines.
 */
export function centredRowGroupsByColumn(
  lines: readonly TextLine[],
  own: readonly (readonly boolean[])[],
  isFigureLine: (i: number) => boolean,
  tieOf: (line: TextLine) => number,
  ruleBetween: (upper: TextLine, lower: TextLine) => boolean,
  maxPitch: number,
  opensLabel: (i: number, column: number) => boolean = () => false,
): Map<number, number> {
  const out = new Map<number, number>();
  const columns = Math.max(0, ...own.map((cells) => cells.length));
  const sharesCell = (k: number, f: number) => shareColumn(own[k]!, own[f]!);
  const leading = cellLeading(lines, own, tieOf);
  for (let c = 0; c < columns; c++) {
    const separate = { leading, opensLabel: (i: number) => opensLabel(i, c) };
    const groups = centredRowGroups(lines, own.map((cells) => cells[c] === true), isFigureLine, tieOf, ruleBetween, maxPitch, sharesCell, separate);
    const byTop = new Map<number, number[]>();
    for (const [k, top] of groups) byTop.set(top, [...(byTop.get(top) ?? []), k]);
    for (const [top, members] of byTop) if (members.every((k) => !out.has(k))) for (const k of members) out.set(k, top);
  }
  return out;
}
