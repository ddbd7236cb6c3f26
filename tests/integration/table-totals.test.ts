import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTable, type TableRow } from '../../src/shared/catalog/index.ts';
import { startServer, type TestServer } from './helpers.ts';

// GET /api/tables/:table/totals (issue 12): SUM in SQL over the filtered rows, on the database the
// run uses (SQLite, or PostgreSQL under `npm run test:integration:pg`).
let s: TestServer;
let token: string;

async function seed(nosolicitud: string, tableName: string, rows: TableRow[]): Promise<void> {
  const doc = await s.ctx.documents.insert({ ownerId: 1, originalFilename: `${nosolicitud}.pdf`, storageKey: `t-${nosolicitud}`, sha256: `t${nosolicitud}`, size: 1 });
  await s.ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('documents').set({ status: 'processed', nosolicitud, by_table_json: JSON.stringify({ [tableName]: rows.length }) }).where('id', '=', doc.id).execute();
    await s.ctx.rows.replaceForDocument(trx, doc.id, nosolicitud, [{ table: findTable(tableName)!, rows: rows.map((values) => ({ values })) }]);
  });
}

beforeAll(async () => {
  s = await startServer({}, { runJobs: false });
  token = await s.login();
  await seed('100001', 'CostosDirectos', [
    { concepto: 'Urea granulada', cantidad: 2.5, valor_unitario: 1000, valor_total: 2500.5 },
    { concepto: 'Jornal de siembra', cantidad: 4, valor_unitario: 50000, valor_total: 200000 },
    // A cell that did not parse: null, never counted as 0 or as text.
    { concepto: 'Transporte', cantidad: null, valor_unitario: null, valor_total: null },
  ]);
  await seed('200002', 'CostosDirectos', [{ concepto: 'Urea en otra solicitud', cantidad: 1, valor_unitario: 7, valor_total: 1_000_000 }]);
  await seed('300003', 'IngresosOperacionales', [
    { concepto: 'Ventas', periodo: 'Mes 1', valor: 10 },
    { concepto: 'Ventas', periodo: 'Mes 2', valor: 20 },
  ]);
});
afterAll(() => s.close());

const totals = async (url: string) => {
  const res = await s.api(url, { token });
  return { status: res.status, body: (await res.json()) as { totals: Record<string, number | null> } };
};

describe('table totals', () => {
  it('adds the summed columns of every row, not of one page, and only those columns', async () => {
    const { status, body } = await totals('/api/tables/CostosDirectos/totals');
    expect(status).toBe(200);
    // Unit prices are not added (no `sum` in the catalogue): a total of prices means nothing.
    expect(body).toEqual({ totals: { cantidad: 7.5, valor_total: 1_202_500.5 } });
  });

  it('takes the rows API filters', async () => {
    expect((await totals('/api/tables/CostosDirectos/totals?nosolicitud=100001')).body.totals).toEqual({ cantidad: 6.5, valor_total: 202_500.5 });
    expect((await totals('/api/tables/CostosDirectos/totals?search=urea&sort_by_nosolicitud=true')).body.totals).toEqual({ cantidad: 3.5, valor_total: 1_002_500.5 });
    expect((await totals('/api/tables/CostosDirectos/totals?search=nada-parecido')).body.totals).toEqual({ cantidad: null, valor_total: null });
  });

  it('matches the sum of the rows the rows API pages', async () => {
    const res = await s.api('/api/tables/IngresosOperacionales?page_size=100', { token });
    const rows = ((await res.json()) as { data: { valor: number }[] }).data;
    const { body } = await totals('/api/tables/IngresosOperacionales/totals');
    expect(body.totals.valor).toBe(rows.reduce((sum, r) => sum + r.valor, 0));
    expect((await totals('/api/tables/CultivoProyecto/totals')).body.totals).toEqual({ area_ha: null, valor_produccion: null });
  });

  it('refuses unknown tables and unknown parameters, and asks for a session', async () => {
    expect((await totals('/api/tables/NoExiste/totals')).status).toBe(404);
    expect((await totals('/api/tables/CostosDirectos/totals?page=2')).status).toBe(400);
    expect((await s.api('/api/tables/CostosDirectos/totals')).status).toBe(401);
  });
});
