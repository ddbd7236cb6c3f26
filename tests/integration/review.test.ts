import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewResponse, ReviewTable } from '../../src/shared/api/review.ts';
import { findTable } from '../../src/shared/catalog/index.ts';
import { checkSumWarning } from '../../src/engine/domain/warnings.ts';
import { reviewTables } from '../../src/server/review/review-tables.ts';
import { fixture, startServer, upload, waitForDocument, type TestServer } from './helpers.ts';

// Issue 12: GET /api/documents/:id/review answers what the review screen draws: page sizes, every
// table found with its box, and its rows with each cell's box, the flags and the corrected cells.
let s: TestServer;
let token: string;
let docId: number;

beforeAll(async () => {
  s = await startServer();
  token = await s.login();
  const res = await upload(s, token, [{ name: 'revisar.pdf', bytes: fixture('grid-1001.pdf') }]);
  docId = (await res.json()).documents[0].id;
  expect(await waitForDocument(s, token, docId)).toMatchObject({ status: 'processed' });
}, 90_000);
afterAll(() => s.close());

const review = async (id = docId, as = token) => s.api(`/api/documents/${id}/review`, { token: as });

describe('GET /api/documents/:id/review', () => {
  it('answers page sizes and every table with its Spanish title, box and rows with cell boxes', async () => {
    const res = await review();
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as ReviewResponse;
    expect(data.document_id).toBe(docId);
    expect(data.page_sizes.length).toBeGreaterThan(0);
    const costos = data.tables.find((t) => t.name === 'CostosDirectos') as ReviewTable;
    expect(costos.title).toBe(findTable('CostosDirectos')!.title);
    expect(costos.method).toMatch(/^(lattice|stream)$/);
    expect(costos.confidence).toBeGreaterThan(0);
    expect(costos.pages.length).toBeGreaterThan(0);
    expect(costos.columns.map((c) => c.key)).toEqual(findTable('CostosDirectos')!.columns.map((c) => c.key));
    const size = data.page_sizes.find((p) => p.page === costos.boxes[0]!.page)!;
    expect(costos.boxes[0]!.box.x1).toBeLessThanOrEqual(size.width);
    expect(costos.rows.length).toBeGreaterThan(3);
    for (const row of costos.rows) {
      expect(row.id).toBeGreaterThan(0);
      expect(costos.pages).toContain(row.page);
      expect(row.values).not.toHaveProperty('nosolicitud');
      const box = costos.boxes.find((b) => b.page === row.page)!.box;
      for (const [key, value] of Object.entries(row.values)) {
        if (value === null || value === '') continue;
        const cell = row.cells[key]!.box!;
        // Inside its table's box (a grouping cell may come from a section title just above).
        expect(cell.x0).toBeGreaterThanOrEqual(box.x0 - 1);
        expect(cell.x1).toBeLessThanOrEqual(box.x1 + 1);
      }
      expect(row.corrected).toEqual({});
    }
    // grid-1001 reads cleanly: nothing to flag.
    expect(data.tables.flatMap((t) => t.rows.flatMap((r) => r.flags))).toEqual([]);
  });

  it('marks a corrected cell with its extracted value', async () => {
    const before = ((await (await review()).json()) as ReviewResponse).data.tables.find((t) => t.name === 'CostosDirectos')!;
    const row = before.rows[0]!;
    const put = await s.api(`/api/tables/CostosDirectos/rows/${row.id}/cells/concepto`, { token, method: 'PUT', json: { value: 'Concepto revisado' } });
    expect(put.status).toBe(200);
    const after = ((await (await review()).json()) as ReviewResponse).data.tables.find((t) => t.name === 'CostosDirectos')!;
    const same = after.rows.find((r) => r.id === row.id)!;
    expect(same.values.concepto).toBe('Concepto revisado');
    expect(same.corrected).toEqual({ concepto: row.values.concepto });
    expect(same.cells.concepto).toEqual(row.cells.concepto);
  });

  it('404 for an unknown document, 401 without a session', async () => {
    expect((await review(999_999)).status).toBe(404);
    expect((await s.api(`/api/documents/${docId}/review`)).status).toBe(401);
  });
});

describe('review flags from the stored quality report', () => {
  const table = findTable('CostosDirectos')!;
  const src = (page: number, texts: Record<string, string>) => ({
    page,
    bbox: { x0: 0, y0: 0, x1: 500, y1: 700 },
    method: 'lattice' as const,
    cells: Object.fromEntries(Object.entries(texts).map(([k, text]) => [k, { text, box: { x0: 1, y0: 1, x1: 2, y1: 2 } }])),
  });
  const rows = [
    { id: 1, seq: 0, values: { concepto: 'Urea', valor_total: 'l.5OO' }, source: src(1, { concepto: 'Urea', valor_total: 'l.5OO' }), corrected: {} },
    { id: 2, seq: 1, values: { concepto: 'Semilla', valor_total: 2000 }, source: src(1, { concepto: 'Semilla', valor_total: '2.000' }), corrected: {} },
    { id: 3, seq: 2, values: { concepto: 'TOTAL COSTOS DIRECTOS', valor_total: 9000 }, source: src(2, { concepto: 'TOTAL COSTOS DIRECTOS', valor_total: '9.000' }), corrected: {} },
  ];
  const quality = (n: number, extra: object = {}) => ({
    table: 'CostosDirectos', page: 1, pages: [1, 2], method: 'lattice', confidence: 0.8,
    signals: { title: 1, header: 1, types: 0.5, check_sums: 0 }, rows: n, missing_columns: [], unparsed_cells: 1, typed_cells: 2,
    check_sums_ok: false, failed_check_sums: [], warnings: [], low_confidence_cells: [], ...extra,
  });

  it('flags what the structured check sums name, with the engine’s own warning', () => {
    const sum = { table: 'CostosDirectos', kind: 'column' as const, label: 'TOTAL COSTOS DIRECTOS', page: 2, column: 'valor_total', printed: 9000, computed: 3500, ok: false };
    const w = checkSumWarning(table, sum);
    const failed = { ...sum, header: null, rows: { from: 1, to: 3 }, message: w };
    const [t] = reviewTables(table, rows, [
      quality(3, { warnings: [w], failed_check_sums: [failed], low_confidence_cells: [{ row: 1, column: 'valor_total', confidence: 0.42 }] }),
    ]);
    expect(t!.rows[0]!.flags).toEqual([{ kind: 'type', column: 'valor_total', message: expect.stringContaining('Valor total') }]);
    expect(t!.rows[1]!.flags).toEqual([
      { kind: 'low_confidence', column: 'valor_total', message: expect.stringContaining('42 %') },
      { kind: 'check_sum', column: 'valor_total', message: w },
    ]);
    expect(t!.rows[2]!.flags).toEqual([{ kind: 'check_sum', column: 'valor_total', message: w }]);
    // A report stored before check sums were kept structured: its warning stays text, no flag, no error.
    const [old] = reviewTables(table, rows, [quality(3, { warnings: [w] })]);
    expect(old!.rows.flatMap((r) => r.flags).filter((f) => f.kind === 'check_sum')).toEqual([]);
  });

  it('a TOTAL alone on a continuation page flags the items of the pages before', () => {
    const failed = { kind: 'column' as const, label: 'TOTAL', page: 2, column: 'valor_total', header: null, printed: 1, computed: 2, rows: { from: -2, to: 0 }, message: 'total' };
    const tables = reviewTables(table, rows, [quality(3, { pages: [1] }), quality(0, { page: 2, pages: [2], failed_check_sums: [failed] })]);
    expect(tables[0]!.rows.map((r) => r.flags.filter((f) => f.kind === 'check_sum').length)).toEqual([0, 1, 1]);
  });

  it('a cash flow’s failing sums flag the concept’s periods and the period’s concepts', () => {
    const flow = findTable('IngresosOperacionales')!;
    const cash = (id: number, concepto: string, periodo: string, valor: number) => ({
      id, seq: id, values: { concepto, periodo, valor }, source: src(1, { concepto, periodo, valor: String(valor) }), corrected: {},
    });
    const flowRows = [cash(1, 'Leche', 'Año 1', 10), cash(2, 'Leche', 'Año 2', 20), cash(3, 'Queso', 'Año 1', 5)];
    const base = { table: 'IngresosOperacionales', page: 1, column: 'valor', printed: 1, computed: 2, rows: null };
    const failed = [
      { ...base, kind: 'row' as const, label: 'Leche', header: 'Total', message: 'concepto' },
      { ...base, kind: 'column' as const, label: 'TOTAL INGRESOS', header: 'Año 1', message: 'periodo' },
    ];
    const [t] = reviewTables(flow, flowRows, [{ ...quality(3), table: 'IngresosOperacionales', failed_check_sums: failed }]);
    expect(t!.rows.map((r) => r.flags.map((f) => f.message))).toEqual([['concepto', 'periodo'], ['concepto'], ['periodo']]);
  });

  it('splits the rows into the tables found, each with its box per page', () => {
    const tables = reviewTables(table, rows, [quality(2, { pages: [1] }), quality(0), quality(1, { page: 2, pages: [2] })]);
    expect(tables.map((t) => t.rows.map((r) => r.id))).toEqual([[1, 2], [3]]);
    expect(tables.map((t) => t.boxes.map((b) => b.page))).toEqual([[1], [2]]);
    // Counts that do not add up (a report from another extraction): one table, nothing lost.
    expect(reviewTables(table, rows, [quality(5)]).map((t) => t.rows.length)).toEqual([3]);
  });

  it('a corrected cell is no longer a type failure', () => {
    const [t] = reviewTables(table, [{ ...rows[0]!, corrected: { valor_total: 'l.5OO' } }], [quality(1)]);
    expect(t!.rows[0]!.flags).toEqual([]);
  });
});
