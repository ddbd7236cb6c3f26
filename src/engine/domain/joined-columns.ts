import type { RawTable } from '../types.ts';
import { parseDate } from '../values/dates.ts';
import { isColumnWording, namesColumn } from './header-match.ts';

/**
 * Two spreadsheet columns whose contents nearly touch (left-aligned text ending where the next
 * column's right-aligned number begins; issue 10) reach a finder reading columns from alignment as
 * one column: `Valor total Periodo` over `76.266.000 Año 1`. The column is split again when its
 * header splits into two catalogue wordings and every body cell splits, at one word boundary, into
 * the same two kinds of value (number, date, text) in the same order. Nothing is guessed: a cell
 * that splits two ways, or a kind pattern that differs between rows, leaves the column whole.
 */

/** A column is split only when at least this many body cells show the two-part pattern. */
const MIN_SPLIT_CELLS = 2;

type Kind = 'number' | 'date' | 'text';
const NUMBER = /^\(?-?(?:\$\s?)?\(?-?[\d.,]*\d[\d.,]*\)?%?$|^\$?\s?-$/;

function kindOf(text: string): Kind {
  const s = text.trim();
  if (NUMBER.test(s)) return 'number';
  if (parseDate(s)) return 'date';
  return 'text';
}

const filled = (s: string | undefined): boolean => (s ?? '').trim() !== '';

/** The one word boundary where a cell splits into two parts of different kinds, if exactly one. */
function splitCell(text: string): { left: string; right: string; pattern: string } | undefined {
  // A currency sign belongs to the figure after it.
  const words = text.trim().replace(/\$\s+/g, '$').split(/\s+/);
  const found: { left: string; right: string; pattern: string }[] = [];
  for (let cut = 1; cut < words.length; cut++) {
    const [left, right] = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    const [a, b] = [kindOf(left), kindOf(right)];
    // Text opening with a figure (`76.266.000 Año`) is a figure and a word cut apart, not a text.
    // A text holding an amount (`kg $1,300`) is an amount and its unit cut apart, not a text.
    const badText = (part: string, kind: Kind) => kind === 'text' && (NUMBER.test(part.split(' ')[0]!) || /\$\d/.test(part));
    if (a !== b && !badText(left, a) && !badText(right, b)) found.push({ left, right, pattern: `${a}|${b}` });
  }
  const only = found.length === 1 ? found[0] : undefined;
  // Back to the cell's own spacing after the sign.
  const restore = (part: string) => (/\$\s/.test(text) ? part.replace(/\$(?=[\d(-])/g, '$ ') : part);
  return only && { ...only, left: restore(only.left), right: restore(only.right) };
}

export function headerCut(header: string): [string, string] | undefined {
  // A header that is itself one column's wording (`Valor total`) is not two; one only opened by a
  // wording (`Rendimiento/ha Unidad` opens with `Rendimiento/ha`) may be.
  if (isColumnWording(header)) return undefined;
  const words = header.trim().split(/\s+/);
  for (let cut = 1; cut < words.length; cut++) {
    const [a, b] = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    if (namesColumn(a) && namesColumn(b)) return [a, b];
  }
  return undefined;
}

/**
 * A column with a header and no values beside a column whose cells all end (or start) with a part of
 * another kind (`22,000 kg` under `Rendimiento/ha`, nothing under `Unidad`): that part is the empty
 * column's value, printed so close that the finder kept it in its neighbour's cell.
 */
function spillIntoEmpty(rows: string[][], cells: RawTable['cells'], depth: number): void {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const body = rows.slice(depth);
  const headed = (j: number) => rows.slice(0, depth).some((r) => filled(r[j]));
  for (let h = 0; h < width; h++) {
    if (!headed(h) || body.some((r) => filled(r[h]))) continue;
    for (const i of [h - 1, h + 1]) {
      if (i < 0 || i >= width || !headed(i)) continue;
      const texts = body.map((r) => r[i] ?? '');
      const splits = texts.map((t) => (filled(t) ? splitCell(t) : undefined));
      const patterns = new Set(splits.filter(Boolean).map((x) => x!.pattern));
      if (patterns.size !== 1 || splits.filter(Boolean).length < MIN_SPLIT_CELLS) continue;
      const [leftKind, rightKind] = [...patterns][0]!.split('|') as [Kind, Kind];
      const stays = i < h ? leftKind : rightKind;
      if (texts.some((t, k) => filled(t) && !splits[k] && kindOf(t) !== stays)) continue;
      body.forEach((r, k) => {
        const x = splits[k];
        if (!x) return;
        [r[i], r[h]] = i < h ? [x.left, x.right] : [x.right, x.left];
        // Both parts were read in one box: each keeps it.
        const boxes = cells[depth + k];
        if (boxes) boxes[h] = boxes[i] ?? null;
      });
      break;
    }
  }
}

export function splitJoinedColumns(raw: RawTable, depth: number): RawTable {
  if (raw.method !== 'stream' || depth === 0) return raw;
  let { rows, cells } = raw;
  const width = Math.max(0, ...rows.map((r) => r.length));
  for (let i = width - 1; i >= 0; i--) {
    const headerRow = rows.slice(0, depth).findIndex((r) => filled(r[i]));
    const names = headerRow >= 0 ? headerCut(rows[headerRow]![i]!) : undefined;
    if (!names) continue;
    const body = rows.slice(depth).map((r) => r[i] ?? '');
    const splits = body.map((t) => (filled(t) ? splitCell(t) : undefined));
    const patterns = new Set(splits.filter(Boolean).map((s) => s!.pattern));
    if (patterns.size !== 1 || splits.filter(Boolean).length < MIN_SPLIT_CELLS) continue;
    const [leftKind, rightKind] = [...patterns][0]!.split('|') as [Kind, Kind];
    // A cell that does not split must be one side's kind alone.
    const sides = body.map((t, k) => {
      const s = splits[k];
      if (s) return [s.left, s.right];
      if (!filled(t)) return ['', ''];
      const kind = kindOf(t);
      return kind === leftKind ? [t.trim(), ''] : kind === rightKind ? ['', t.trim()] : undefined;
    });
    if (sides.some((s) => s === undefined)) continue;
    rows = rows.map((r, k) => {
      const [a, b] = k === headerRow ? names : k < depth ? [r[i] ?? '', ''] : sides[k - depth]!;
      return [...r.slice(0, i), a!, b!, ...r.slice(i + 1)];
    });
    cells = cells.map((r) => [...r.slice(0, i), r[i] ?? null, r[i] ?? null, ...r.slice(i + 1)]);
  }
  if (rows === raw.rows) rows = rows.map((r) => [...r]);
  if (cells === raw.cells) cells = cells.map((r) => [...r]);
  spillIntoEmpty(rows, cells, depth);
  const same = rows.every((r, k) => r.length === raw.rows[k]!.length && r.every((c, j) => c === raw.rows[k]![j]));
  return same ? raw : { ...raw, rows, cells };
}
