/**
 * Blocks of a spreadsheet user's credit application: a table under its title, a label/value block.
 * Each block is placed on the sheet's shared column grid: it starts at some grid column and its
 * columns cover one or more grid columns each, so columns are wider or narrower than the table
 * needs and tables do not line up with each other. Borders vary per table.
 */
import type { SheetCell, SheetRow, Side } from './fods.ts';

export type Borders = 'none' | 'frame' | 'header' | 'grid';

export interface Rng {
  next(): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number], chance: (p) => next() < p };
}

export interface Column {
  header: string;
  align: 'start' | 'end' | 'center';
}

/** A body row: the cells' texts by column, or a section row (one text across the table). */
export type BodyRow = { cells: string[] } | { section: string } | { total: string[] };

export interface TableBlock {
  title: string;
  columns: Column[];
  /** A group header over some columns (`VALOR` over `Unitario | Total`): [first, last, text]. */
  group?: [number, number, string];
  rows: BodyRow[];
  borders: Borders;
  headerFill?: string;
  /** The title as a merged cell across the table, or one cell overflowing to the right. */
  mergedTitle: boolean;
}

export interface Placement {
  start: number;
  /** Grid columns covered by each table column. */
  spans: number[];
}

/** Spread a table of n columns over the grid: a start column and extra grid columns for text columns. */
export function place(columns: Column[], gridWidth: number, r: Rng): Placement {
  const n = columns.length;
  const start = n + 1 <= gridWidth && r.chance(0.4) ? 1 : 0;
  const spans = columns.map(() => 1);
  let spare = gridWidth - start - n;
  const textColumns = columns.map((c, i) => (c.align === 'start' ? i : -1)).filter((i) => i >= 0);
  while (spare > 0 && textColumns.length > 0 && r.chance(0.7)) {
    const at = r.pick(textColumns);
    spans[at] = (spans[at] ?? 1) + 1;
    spare--;
  }
  return { start, spans };
}

function bordersOf(kind: Borders, part: 'head' | 'body', first: boolean, last: boolean, firstRow: boolean, lastRow: boolean): Side[] {
  if (kind === 'grid') return ['top', 'bottom', 'left', 'right'];
  if (kind === 'header') return part === 'head' ? ['top', 'bottom'] : [];
  if (kind === 'none') return [];
  const sides: Side[] = [];
  if (first) sides.push('left');
  if (last) sides.push('right');
  if (firstRow && part === 'head') sides.push('top');
  if (part === 'head' && lastRow) sides.push('bottom');
  if (lastRow && part === 'body') sides.push('bottom');
  return sides;
}

/** The sheet rows of a table block; `headerRow` is the index (within the result) of its column header row. */
export function tableRows(block: TableBlock, at: Placement): { rows: SheetRow[]; headerRow: number } {
  const width = at.spans.reduce((a, b) => a + b, 0);
  const colStart = at.spans.map((_, i) => at.start + at.spans.slice(0, i).reduce((a, b) => a + b, 0));
  const startOf = (i: number) => colStart[i] ?? at.start;
  const spanOf = (i: number) => at.spans[i] ?? 1;
  const rows: SheetRow[] = [];
  const title = new Map<number, SheetCell>([[at.start, { text: block.title, bold: true, span: block.mergedTitle ? width : 1, sizePt: 10 }]]);
  rows.push({ cells: title });
  const n = block.columns.length;
  const hasGroup = block.group !== undefined;
  if (block.group) {
    const [first, last, text] = block.group;
    const cells = new Map<number, SheetCell>();
    for (let i = 0; i < n; i++) {
      const edge = { first: i === 0, last: i === n - 1 };
      const sides = bordersOf(block.borders, 'head', edge.first, edge.last, true, false);
      if (i === first) {
        const span = at.spans.slice(first, last + 1).reduce((a, b) => a + b, 0);
        cells.set(startOf(i), { text, span, bold: true, align: 'center', fill: block.headerFill, borders: sides });
        i = last;
      } else cells.set(startOf(i), { text: block.columns[i]?.header ?? '', span: spanOf(i), bold: true, align: 'center', fill: block.headerFill, borders: sides, wrap: true });
    }
    rows.push({ cells });
  }
  const head = new Map<number, SheetCell>();
  block.columns.forEach((c, i) => {
    const inGroup = block.group && i >= block.group[0] && i <= block.group[1];
    const text = hasGroup && !inGroup ? '' : c.header;
    const sides = bordersOf(block.borders, 'head', i === 0, i === n - 1, !hasGroup, true);
    head.set(startOf(i), { text, span: spanOf(i), bold: true, align: 'center', fill: block.headerFill, borders: sides, wrap: true });
  });
  const headerRow = rows.length;
  rows.push({ cells: head });
  block.rows.forEach((row, r) => {
    const lastRow = r === block.rows.length - 1;
    const cells = new Map<number, SheetCell>();
    if ('section' in row) {
      const sides = bordersOf(block.borders, 'body', true, true, false, lastRow);
      cells.set(at.start, { text: row.section, span: width, bold: true, borders: sides });
    } else {
      const texts = 'cells' in row ? row.cells : row.total;
      block.columns.forEach((c, i) => {
        const sides = bordersOf(block.borders, 'body', i === 0, i === n - 1, false, lastRow);
        if ('total' in row && block.borders === 'header') sides.push('top');
        cells.set(startOf(i), { text: texts[i] ?? '', span: spanOf(i), align: c.align, bold: 'total' in row, borders: sides });
      });
    }
    rows.push({ cells });
  });
  return { rows, headerRow };
}

/** Label/value pairs, `perRow` pairs on a row, each label one grid column and its value `valueSpan` columns. */
export function keyValueRows(title: string | undefined, pairs: [string, string][], perRow: number, valueSpan: number, colon: boolean): SheetRow[] {
  const rows: SheetRow[] = [];
  if (title) rows.push({ cells: new Map([[0, { text: title, bold: true, sizePt: 10 }]]) });
  for (let i = 0; i < pairs.length; i += perRow) {
    const cells = new Map<number, SheetCell>();
    pairs.slice(i, i + perRow).forEach(([label, value], j) => {
      const col = j * (1 + valueSpan);
      cells.set(col, { text: colon ? `${label}:` : label, bold: true });
      cells.set(col + 1, { text: value, span: valueSpan });
    });
    rows.push({ cells });
  }
  return rows;
}

export const blank = (): SheetRow => ({ cells: new Map() });
