import { describe, expect, it } from 'vitest';
import type { ReviewRow, ReviewTable } from '../../shared/api/review.ts';
import { cellAt, cellsOnPage, flagsOf, initialView, isSelected, pageOfSelection, rowsOnPage } from './highlight.ts';

const box = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1 });

function row(id: number, page: number, y: number, extra: Partial<ReviewRow> = {}): ReviewRow {
  return {
    id,
    seq: id,
    page,
    values: { concepto: `Concepto ${id}`, valor_total: id * 1000 },
    cells: {
      concepto: { text: `Concepto ${id}`, box: box(50, y, 200, y + 12) },
      valor_total: { text: `${id}.000`, box: box(400, y, 500, y + 12) },
    },
    flags: [],
    corrected: {},
    ...extra,
  };
}

const table = (name: string, rows: ReviewRow[]): ReviewTable => ({
  name,
  title: name,
  method: 'lattice',
  confidence: 1,
  pages: [...new Set(rows.map((r) => r.page!))],
  boxes: [],
  columns: [
    { key: 'concepto', label: 'Concepto', type: 'text' },
    { key: 'valor_total', label: 'Valor total', type: 'money' },
  ],
  rows,
});

const flagged = row(3, 2, 100, { flags: [{ kind: 'type', column: 'valor_total', message: 'Valor total: no se pudo leer' }] });
// A period header printed on page 1 sources a value of a row on page 2.
const header = row(4, 2, 120, { cells: { ...row(4, 2, 120).cells, concepto: { text: 'Año 1', box: box(50, 700, 200, 712), page: 1 } } });
const tables = [table('CostosDirectos', [row(1, 1, 100), row(2, 1, 112), flagged]), table('CostosIndirectos', [header])];

describe('cells on a page and touching them', () => {
  it('lists each value’s cell on the page it was printed on', () => {
    const onOne = cellsOnPage(tables, 1);
    expect(onOne.map((c) => `${c.rowId}.${c.column}`)).toEqual(['1.concepto', '1.valor_total', '2.concepto', '2.valor_total', '4.concepto']);
    expect(cellsOnPage(tables, 2).find((c) => c.rowId === 3 && c.column === 'valor_total')?.flags).toHaveLength(1);
  });

  it('a touch inside a cell picks it; between cells the nearest within the slop; far away nothing', () => {
    const cells = cellsOnPage(tables, 1);
    expect(cellAt(cells, 450, 105)).toMatchObject({ rowId: 1, column: 'valor_total' });
    expect(cellAt(cells, 450, 113)).toMatchObject({ rowId: 2, column: 'valor_total' });
    expect(cellAt(cells, 300, 105)).toBeUndefined();
    expect(cellAt(cells, 203, 105)).toMatchObject({ rowId: 1, column: 'concepto' });
  });

  it('the smaller of two overlapping boxes wins (a grouping cell over several rows)', () => {
    const cells = [
      { tableIndex: 0, rowId: 9, column: 'actividad', box: box(0, 0, 600, 400), flags: [], corrected: false },
      { tableIndex: 0, rowId: 1, column: 'concepto', box: box(50, 100, 200, 112), flags: [], corrected: false },
    ];
    expect(cellAt(cells, 60, 105)?.rowId).toBe(1);
    expect(cellAt(cells, 300, 300)?.rowId).toBe(9);
  });
});

describe('highlight state', () => {
  it('a value is highlighted with its row; the row is highlighted whichever value is', () => {
    const sel = { rowId: 1, column: 'valor_total' };
    expect(isSelected(sel, 1, 'valor_total')).toBe(true);
    expect(isSelected(sel, 1, 'concepto')).toBe(false);
    expect(isSelected(sel, 1, null)).toBe(true);
    expect(isSelected(sel, 2, null)).toBe(false);
    expect(isSelected(null, 1, null)).toBe(false);
  });

  it('the page of a selection is its value’s, which may not be its row’s', () => {
    expect(pageOfSelection(tables, { rowId: 4, column: 'concepto' })).toBe(1);
    expect(pageOfSelection(tables, { rowId: 4, column: 'valor_total' })).toBe(2);
    expect(pageOfSelection(tables, { rowId: 4, column: null })).toBe(2);
    expect(pageOfSelection(tables, { rowId: 99, column: null })).toBeNull();
  });

  it('flags of a value include the whole row’s', () => {
    const r = row(5, 1, 0, { flags: [{ kind: 'check_sum', column: null, message: 'total' }, { kind: 'type', column: 'valor_total', message: 't' }] });
    expect(flagsOf(r, 'concepto').map((f) => f.kind)).toEqual(['check_sum']);
    expect(flagsOf(r, 'valor_total').map((f) => f.kind)).toEqual(['check_sum', 'type']);
  });

  it('rows of a page, per table', () => {
    expect(rowsOnPage(tables, 2).map((t) => [t.tableIndex, t.rows.map((r) => r.id)])).toEqual([
      [0, [3]],
      [1, [4]],
    ]);
  });
});

describe('opening at ?row=&column=&page=', () => {
  it('jumps to the row’s page and highlights the cell', () => {
    expect(initialView(tables, { rowId: 3, column: 'valor_total' }, 2)).toEqual({ page: 2, selection: { rowId: 3, column: 'valor_total' } });
  });

  it('opens at the row’s page even when the value was printed on another', () => {
    expect(initialView(tables, { rowId: 4, column: 'concepto' }, 2)).toEqual({ page: 2, selection: { rowId: 4, column: 'concepto' } });
  });

  it('an unknown column highlights the row; an unknown row opens the page asked', () => {
    expect(initialView(tables, { rowId: 3, column: 'nope' }, 2)).toEqual({ page: 2, selection: { rowId: 3, column: null } });
    expect(initialView(tables, { rowId: 77, page: 2 }, 2)).toEqual({ page: 2, selection: null });
    expect(initialView(tables, { page: 9 }, 2)).toEqual({ page: 1, selection: null });
  });
});
