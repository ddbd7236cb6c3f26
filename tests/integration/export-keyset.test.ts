import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTable } from '../../src/shared/catalog/index.ts';
import { startServer, type TestServer } from './helpers.ts';

// Exports read the table in 2,000-row keyset chunks: a chunk boundary inside one document and
// between documents must lose, repeat and reorder nothing.
let s: TestServer;
let token: string;
const DOCS = [
  { nosolicitud: '300', rows: 2_500 },
  { nosolicitud: '100', rows: 1_500 },
  { nosolicitud: '200', rows: 10 },
];

beforeAll(async () => {
  s = await startServer({}, { runJobs: false });
  token = await s.login();
  const table = findTable('CostosDirectos')!;
  for (const d of DOCS) {
    const doc = await s.ctx.documents.insert({ ownerId: 1, originalFilename: `${d.nosolicitud}.pdf`, storageKey: `k-${d.nosolicitud}`, sha256: d.nosolicitud, size: 1 });
    await s.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('documents').set({ status: 'processed', nosolicitud: d.nosolicitud }).where('id', '=', doc.id).execute();
      const rows = Array.from({ length: d.rows }, (_, i) => ({
        values: { actividad: 'A', concepto: `c-${d.nosolicitud}-${i}${i % 2 ? ' urea' : ''}`, unidad: 'Jornal', cantidad: i, valor_unitario: 1, valor_total: i },
      }));
      await s.ctx.rows.replaceForDocument(trx, doc.id, d.nosolicitud, [{ table, rows }]);
    });
  }
}, 60_000);
afterAll(() => s.close());

async function concepts(query: string): Promise<string[]> {
  const res = await s.api(`/api/tables/CostosDirectos/export?format=csv${query}`, { token });
  expect(res.status).toBe(200);
  const lines = (await res.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1);
  return lines.map((l) => l.split(';')[2]!);
}

const expected = (order: typeof DOCS, keep: (i: number) => boolean = () => true) =>
  order.flatMap((d) => Array.from({ length: d.rows }, (_, i) => i).filter(keep).map((i) => `c-${d.nosolicitud}-${i}${i % 2 ? ' urea' : ''}`));

describe('export over several chunks', () => {
  it('is complete and in page order: newest document first, rows in document order', async () => {
    expect(await concepts('')).toEqual(expected([DOCS[2]!, DOCS[1]!, DOCS[0]!]));
  });

  it('is complete and ordered by request number with sort_by_nosolicitud', async () => {
    expect(await concepts('&sort_by_nosolicitud=true')).toEqual(expected([DOCS[1]!, DOCS[2]!, DOCS[0]!]));
  });

  it('keeps a search filter across chunks', async () => {
    const found = await concepts('&search=urea');
    expect(found).toHaveLength(2_005);
    expect(found).toEqual(expected([DOCS[2]!, DOCS[1]!, DOCS[0]!], (i) => i % 2 === 1));
  });
});
