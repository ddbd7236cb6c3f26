import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTable } from '../../src/shared/catalog/index.ts';
import { startServer, type TestServer } from './helpers.ts';

let s: TestServer;
let token: string;

/** Stores a processed document with the given CostosDirectos rows, the way the runner does. */
async function seed(nosolicitud: string, concepts: string[], tableName = 'CostosDirectos'): Promise<number> {
  const doc = await s.ctx.documents.insert({ ownerId: 1, originalFilename: `${nosolicitud}.pdf`, storageKey: `k-${nosolicitud}`, sha256: nosolicitud, size: 1 });
  const table = findTable(tableName)!;
  await s.ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('documents').set({ status: 'processed', nosolicitud, by_table_json: JSON.stringify({ [tableName]: concepts.length }) }).where('id', '=', doc.id).execute();
    await s.ctx.rows.replaceForDocument(trx, doc.id, nosolicitud, [
      {
        table,
        rows: concepts.map((concepto, i) => ({
          values: { actividad: '1. PREPARACIÓN', concepto, unidad: 'Jornal', cantidad: i + 1, valor_unitario: 1500.5, valor_total: (i + 1) * 1500.5 },
          raw: { valor_total: `$ ${((i + 1) * 1500.5).toLocaleString('es-CO')}` },
        })),
      },
    ]);
  });
  return doc.id;
}

beforeAll(async () => {
  s = await startServer({}, { runJobs: false });
  token = await s.login();
  await seed('2025-000123', ['Análisis de suelo', 'Rocería', 'Fertilización con UREA']);
  await seed('000777', ['Siembra', 'Cosecha; "manual"']);
  await seed('123456789', ['=cmd|calc', 'Abonadura orgánica']);
  await seed('555000', ['Urea en otra tabla'], 'CostosIndirectos');
});
afterAll(() => s.close());

const get = async (url: string) => {
  const res = await s.api(url, { token });
  return { status: res.status, body: await res.json() };
};

describe('tables', () => {
  it('lists the catalogue with titles, columns and row counts', async () => {
    const { status, body } = await get('/api/tables');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(10);
    const costos = body.data.find((t: { name: string }) => t.name === 'CostosDirectos');
    expect(costos.row_count).toBe(7);
    expect(costos.columns[0]).toEqual({ key: 'nosolicitud', label: 'N° Solicitud', type: 'text' });
    expect(costos.columns.map((c: { key: string }) => c.key).slice(1)).toEqual(findTable('CostosDirectos')!.columns.map((c) => c.key));
    expect(body.data.find((t: { name: string }) => t.name === 'CultivoProyecto').row_count).toBe(0);
  });

  it('pages rows newest document first, rows in document order, flat and typed', async () => {
    const { body } = await get('/api/tables/CostosDirectos?page=1&page_size=3');
    expect(body.pagination).toEqual({ page: 1, page_size: 3, total_items: 7, total_pages: 3, has_next: true, has_previous: false });
    expect(body.data.map((r: { concepto: string }) => r.concepto)).toEqual(['=cmd|calc', 'Abonadura orgánica', 'Siembra']);
    const first = body.data[0];
    expect(Object.keys(first)[0]).toBe('nosolicitud');
    expect(Object.keys(first).slice(1)).toEqual(findTable('CostosDirectos')!.columns.map((c) => c.key));
    expect(first).toMatchObject({ nosolicitud: '123456789', cantidad: 1, valor_unitario: 1500.5, tipo: null });
    const last = await get('/api/tables/CostosDirectos?page=3&page_size=3');
    expect(last.body.data).toHaveLength(1);
    expect(last.body.pagination).toMatchObject({ has_next: false, has_previous: true });
    expect((await get('/api/tables/CostosDirectos?page=4&page_size=3')).body.data).toEqual([]);
  });

  it('groups by request number when asked', async () => {
    const { body } = await get('/api/tables/CostosDirectos?sort_by_nosolicitud=true&page_size=100');
    expect(body.data.map((r: { nosolicitud: string }) => r.nosolicitud)).toEqual(['000777', '000777', '123456789', '123456789', '2025-000123', '2025-000123', '2025-000123']);
  });

  it('searches any cell, case- and accent-insensitively, including raw text and short terms', async () => {
    const cases: [string, string[]][] = [
      // Scoped to the table asked for: the CostosIndirectos row with "Urea" is not here.
      ['urea', ['Fertilización con UREA']],
      ['fertilizacion con', ['Fertilización con UREA']],
      ['cosecha manual', ['Cosecha; "manual"']],
      ['FERTILIZACION', ['Fertilización con UREA']],
      ['analisis', ['Análisis de suelo']],
      ['ORGÁNICA', ['Abonadura orgánica']],
      ['ab', ['Abonadura orgánica']],
      ['"manual"', ['Cosecha; "manual"']],
      ['4.501', ['Fertilización con UREA']],
      ['nothing-like-this', []],
      ['100%_', []],
      ['análisis (de) suelo', ['Análisis de suelo']],
      ['suelo 2025-000123', []],
      // Several words, the last a prefix (PostgreSQL: the word pairs index, decision 032), quotes and backslashes.
      ['fertilizacion con ur', ['Fertilización con UREA']],
      ['de sue', ['Análisis de suelo']],
      ['suelo de', []],
      ["o'neil \\ x", []],
    ];
    for (const [term, expected] of cases) {
      const { body } = await get(`/api/tables/CostosDirectos?search=${encodeURIComponent(term)}`);
      expect(body.data.map((r: { concepto: string }) => r.concepto), term).toEqual(expected);
      expect(body.pagination.total_items, term).toBe(expected.length);
    }
  });

  it('matches a short last word as a prefix after the phrase, whatever the index reads (decision 032)', async () => {
    // PostgreSQL reads a last word of one or two characters as one exact cut pair ('lote |3'),
    // a longer one as a pair prefix; SQLite as an FTS5 prefix. The answers must be the same.
    const concepts = ['Abono foliar lote 3', 'Abono foliar lote 30', 'Abono foliar lote 317', 'Abono foliar lote 3B', 'Abono foliar lote 4', 'Lote 3 abono foliar', 'Abono foliar | lote 3'];
    const id = await seed('444999', concepts, 'EgresosOperacionales');
    const find = async (term: string) => {
      const { body } = await get(`/api/tables/EgresosOperacionales?page_size=50&search=${encodeURIComponent(term)}`);
      expect(body.pagination.total_items, term).toBe(body.data.length);
      return body.data.map((r: { concepto: string }) => r.concepto).sort();
    };
    const cases: [string, string[]][] = [
      ['foliar lote 3', ['Abono foliar lote 3', 'Abono foliar lote 30', 'Abono foliar lote 317', 'Abono foliar lote 3B', 'Abono foliar | lote 3']],
      ['foliar lote 31', ['Abono foliar lote 317']],
      ['foliar lote 317', ['Abono foliar lote 317']],
      ['foliar lote 3b', ['Abono foliar lote 3B']],
      ['foliar lote 4', ['Abono foliar lote 4']],
      ['lote 3', ['Abono foliar lote 3', 'Abono foliar lote 30', 'Abono foliar lote 317', 'Abono foliar lote 3B', 'Abono foliar | lote 3', 'Lote 3 abono foliar']],
      ['lote 3 a', ['Lote 3 abono foliar']],
      ['abono foliar l', ['Abono foliar lote 3', 'Abono foliar lote 30', 'Abono foliar lote 317', 'Abono foliar lote 3B', 'Abono foliar lote 4', 'Abono foliar | lote 3']],
      ['lote 5', []],
      ['foliar 3', []],
    ];
    for (const [term, expected] of cases) expect(await find(term), term).toEqual([...expected].sort());
    await s.ctx.db.transaction().execute((trx) => s.ctx.rows.removeForDocument(trx, id));
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('PostgreSQL: a short last word is an exact cut key of the pairs index, not a prefix', async () => {
    const keys = async (q: string) => (await sql<{ k: string }>`${sql.raw(q)}`.execute(s.ctx.db)).rows[0]!.k;
    expect(await keys(`SELECT search_pair_keys_query('abono foliar lote 3')::text AS k`)).toBe(`'abono foliar' & 'foliar lote |3'`);
    expect(await keys(`SELECT search_pair_keys_query('abono foliar lote 317')::text AS k`)).toBe(`'abono foliar' & 'foliar lote' & 'lote 317':*`);
    expect(await keys(`SELECT search_pair_keys_query('lote 17')::text AS k`)).toBe(`'lote |17'`);
    expect(await keys(`SELECT search_pair_keys_query('urea granu')::text AS k`)).toBe(`'urea granu':*`);
    expect(await keys(`SELECT search_pair_keys('lote 317 x')::text AS k`)).toBe(`'317 x' '317 |x' 'lote 317' 'lote 317 |x' 'lote |3' 'lote |31'`);
    // Migration 014 left no index of the old pairs behind.
    expect(await keys(`SELECT count(*)::text AS k FROM pg_indexes WHERE indexname LIKE 'table_rows\\_pairs\\_%'`)).toBe('0');
  });

  it('searches each table on its own and forgets replaced rows', async () => {
    const other = async (term: string) => (await get(`/api/tables/CostosIndirectos?search=${encodeURIComponent(term)}`)).body.data.map((r: { concepto: string }) => r.concepto);
    expect(await other('urea')).toEqual(['Urea en otra tabla']);
    expect(await other('rocer')).toEqual([]);
    const id = await seed('888111', ['Poda sanitaria'], 'CostosIndirectos');
    expect(await other('poda sani')).toEqual(['Poda sanitaria']);
    await s.ctx.db.transaction().execute((trx) => s.ctx.rows.replaceForDocument(trx, id, '888111', [{ table: findTable('CostosIndirectos')!, rows: [{ values: { concepto: 'Riego' } }] }]));
    expect(await other('poda')).toEqual([]);
    expect(await other('riego')).toEqual(['Riego']);
    await s.ctx.db.transaction().execute((trx) => s.ctx.rows.removeForDocument(trx, id));
    expect(await other('riego')).toEqual([]);
  });

  it('filters by part of the request number, combined with search', async () => {
    expect((await get('/api/tables/CostosDirectos?nosolicitud=000')).body.pagination.total_items).toBe(5);
    expect((await get('/api/tables/CostosIndirectos?nosolicitud=000')).body.pagination.total_items).toBe(1);
    expect((await get('/api/tables/CostosDirectos?nosolicitud=2025-000')).body.pagination.total_items).toBe(3);
    expect((await get('/api/tables/CostosDirectos?nosolicitud=000&search=siembra')).body.data.map((r: { concepto: string }) => r.concepto)).toEqual(['Siembra']);
    expect((await get('/api/tables/CostosDirectos?nosolicitud=999')).body.data).toEqual([]);
    // Under three characters, or with a LIKE wildcard taken literally, SQLite reads past its trigram index: same answers.
    expect((await get('/api/tables/CostosDirectos?nosolicitud=77')).body.pagination.total_items).toBe(2);
    expect((await get('/api/tables/CostosDirectos?nosolicitud=5-0')).body.pagination.total_items).toBe(3);
    expect((await get('/api/tables/CostosDirectos?nosolicitud=0%250')).body.data).toEqual([]);
    expect((await get('/api/tables/CostosDirectos?nosolicitud=0_0')).body.data).toEqual([]);
  });

  it('answers 404 Tabla no encontrada for an unknown table and 400 for bad queries', async () => {
    const res = await get('/api/tables/Inventada');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Tabla no encontrada', code: 'NOT_FOUND' });
    expect((await get('/api/tables/Inventada/export')).status).toBe(404);
    for (const q of ['page_size=101', 'page=0', 'sort_by_nosolicitud=quizas', 'foo=bar']) {
      expect((await get(`/api/tables/CostosDirectos?${q}`)).status, q).toBe(400);
    }
    expect((await get('/api/tables/CostosDirectos/export?format=pdf')).status).toBe(400);
  });

  it('exports CSV with BOM, semicolons, decimal commas, quoting and formula guard', async () => {
    const res = await s.api('/api/tables/CostosDirectos/export?format=csv', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="CostosDirectos-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('N° Solicitud;Actividad;Concepto;Tipo;Unidad;Cantidad;Valor unitario;Valor total');
    expect(lines).toHaveLength(8);
    expect(lines).toContain('000777;1. PREPARACIÓN;"Cosecha; ""manual""";;Jornal;2;1500,5;3001');
    expect(lines.some((l) => l.includes(";'=cmd|calc;"))).toBe(true);
  });

  it('exports XLSX with typed cells', async () => {
    const res = await s.api('/api/tables/CostosDirectos/export?format=xlsx&search=urea', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet('CostosDirectos')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe('N° Solicitud');
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('2025-000123');
    expect(row.getCell(3).value).toBe('Fertilización con UREA');
    expect(row.getCell(6).value).toBe(3);
    expect(row.getCell(8).value).toBeCloseTo(4501.5);
  });
});

describe('the table’s confidence per document of the page (issue 12)', () => {
  it('answers each document of the rows once, with the lowest confidence of the table found in it', async () => {
    const q = (confidence: number) => ({
      table: 'CostosDirectos', page: 1, pages: [1], method: 'lattice', confidence, signals: { title: 1, header: 1, types: 1, check_sums: null },
      rows: 1, missing_columns: [], unparsed_cells: 0, typed_cells: 1, check_sums_ok: true, warnings: [],
    });
    await s.ctx.db.updateTable('documents').set({ quality_json: JSON.stringify({ tables: [q(0.95), q(0.72)], warnings: [] }) }).where('nosolicitud', '=', '2025-000123').execute();
    const { status, body } = await get('/api/tables/CostosDirectos?page_size=100');
    expect(status).toBe(200);
    const ids = [...new Set((body.meta as { document_id: number }[]).map((m) => m.document_id))];
    expect(body.documents.map((d: { id: number }) => d.id)).toEqual(ids);
    expect(body.documents.find((d: { nosolicitud: string }) => d.nosolicitud === '2025-000123')).toMatchObject({ filename: '2025-000123.pdf', confidence: 0.72 });
    // A document whose report has no entry for the table (stored before reports): no figure, not an error.
    expect(body.documents.find((d: { nosolicitud: string }) => d.nosolicitud === '000777')).toMatchObject({ confidence: null });
  });
});
