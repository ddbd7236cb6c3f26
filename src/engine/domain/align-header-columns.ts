import { unionOrNull } from '../geometry.ts';
import type { RawTable } from '../types.ts';
import { isDataCell } from './classify-table.ts';
import { namesColumn } from './header-match.ts';
import { headerCut, splitJoinedColumns } from './joined-columns.ts';
import { recutHeaderCells } from './header-recuts.ts';

/**
 * A spreadsheet prints a header centred over its column, text left-aligned and numbers
 * right-aligned in it, and its columns are often wider than what they hold (one sheet-wide grid for
 * every table; issue 10). Without rules a finder reading columns from alignment then sees the
 * header in one column and the values beside it in another: a column with a header and no values
 * next to a column with values and no header. This puts them back together: the values go under
 * the header on the side their alignment says (text lies left of a centred header, numbers right),
 * and a header the finder read as one cell over two value columns (`Tipo Unidad`) is split between
 * them where both halves name catalogue columns.
 */

/** Header rows: the leading rows without a data cell, at most this many. */
const MAX_HEADER_ROWS = 3;
/** Values and a header column may share a row (a text cell the finder cut in two) in at most this share of the value rows. */
const MAX_SHARED_SHARE = 0.5;
/** A header over two value columns shares (nearly) all rows with them: at least this share. */
const MIN_SPLIT_SHARE = 0.8;

const filled = (s: string | undefined): boolean => (s ?? '').trim() !== '';
const NUMBERISH = /^[\d$().,\s%-]+$/;

/**
 * Leading rows without a data cell. A lone cell in the table's first column below the first row is
 * a section row, not header; a lone cell further right is a group header (`COSTO` over two columns).
 */
function headerDepth(rows: readonly string[][]): number {
  const firstColumn = Math.min(...rows.map((r) => r.findIndex(filled)).filter((i) => i >= 0));
  const section = (row: readonly string[]) => row.filter(filled).length === 1 && row.findIndex(filled) === firstColumn;
  let depth = 0;
  while (depth < Math.min(MAX_HEADER_ROWS, rows.length - 1) && !rows[depth]!.some(isDataCell) && !(depth > 0 && section(rows[depth]!))) depth++;
  return depth;
}

export function alignHeaderColumns(found: RawTable): RawTable {
  if (found.method !== 'stream') return found;
  const depth = headerDepth(found.rows);
  if (depth === 0) return found;
  const header = found.rows.map((r) => [...r]);
  const recut = recutHeaderCells(header, depth) ? { ...found, rows: header } : found;
  const raw = splitJoinedColumns(recut, depth);
  const rows = raw.rows.map((r) => [...r]);
  const cells = raw.cells.map((r) => [...r]);
  const width = Math.max(0, ...rows.map((r) => r.length));
  const body = rows.slice(depth);
  const headed = (j: number) => rows.slice(0, depth).some((r) => filled(r[j]));
  const valued = (j: number) => body.filter((r) => filled(r[j])).length;
  const shared = (i: number, j: number) => body.filter((r) => filled(r[i]) && filled(r[j])).length;
  const numeric = (j: number) => {
    const values = body.map((r) => r[j] ?? '').filter(filled);
    return values.filter((v) => NUMBERISH.test(v.trim())).length * 2 > values.length;
  };
  const removed = new Set<number>();

  for (let j = 0; j < width; j++) {
    if (headed(j) || valued(j) === 0 || removed.has(j)) continue;
    const sides = numeric(j) ? [j - 1, j + 1] : [j + 1, j - 1];
    for (const i of sides) {
      if (i < 0 || i >= width || removed.has(i) || !headed(i)) continue;
      const both = shared(i, j);
      // Text beside a header that is one catalogue wording is that column's text cut apart, however often.
      const oneWording = rows.slice(0, depth).some((r) => filled(r[i]) && namesColumn(r[i]!)) && !rows.slice(0, depth).some((r) => filled(r[i]) && headerCut(r[i]!));
      // Sharing rows, text only joins text: a word beside a figure is not part of it.
      if (both === 0 || (!numeric(j) && !numeric(i) && (both <= MAX_SHARED_SHARE * valued(j) || oneWording))) {
        mergeInto(rows, cells, i, j, depth);
        removed.add(j);
        break;
      }
      if (both >= MIN_SPLIT_SHARE * valued(j) && splitHeader(rows, i, j, depth)) break;
    }
  }
  // A column empty in every row (a grid column no value of this table fills) carries nothing.
  for (let j = 0; j < width; j++) if (rows.every((r) => !filled(r[j]))) removed.add(j);
  if (removed.size === 0 && rows.every((r, k) => r.every((c, j) => c === raw.rows[k]![j]))) return raw;
  const keep = (_: unknown, j: number) => !removed.has(j);
  return { ...raw, rows: rows.map((r) => r.filter(keep)), cells: cells.map((r) => r.filter(keep)) };
}

/** Body values of column j join column i (text in column order); the header stays i's. */
function mergeInto(rows: string[][], cells: (RawTable['cells'][number][number])[][], i: number, j: number, depth: number): void {
  const [left, right] = i < j ? [i, j] : [j, i];
  rows.forEach((r, k) => {
    if (k < depth) return;
    r[i] = [r[left], r[right]].filter(filled).map((s) => s!.trim()).join(' ');
    r[j] = '';
    const boxes = cells[k]!;
    boxes[i] = unionOrNull([boxes[left], boxes[right]]);
    boxes[j] = null;
  });
}

/** A header cell over columns i and j whose words split into two catalogue wordings. */
function splitHeader(rows: string[][], i: number, j: number, depth: number): boolean {
  for (let k = 0; k < depth; k++) {
    const row = rows[k]!;
    if (!filled(row[i]) || filled(row[j])) continue;
    const words = row[i]!.trim().split(/\s+/);
    for (let cut = 1; cut < words.length; cut++) {
      const [a, b] = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
      if (!namesColumn(a) || !namesColumn(b)) continue;
      const [leftText, rightText] = [a, b];
      if (j < i) [row[j], row[i]] = [leftText, rightText];
      else [row[i], row[j]] = [leftText, rightText];
      return true;
    }
  }
  return false;
}
