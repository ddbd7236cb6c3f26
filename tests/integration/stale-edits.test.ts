import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTable } from '../../src/shared/catalog/index.ts';
import { CORRECTION_MESSAGES } from '../../src/shared/messages/corrections.ts';
import { SERVER_MESSAGES } from '../../src/shared/messages/server.ts';
import { startServer, type TestServer } from './helpers.ts';

// Sixth attacker's audit (2026-12-02, decision 037): a reviewer saved over a correction another
// reviewer made a moment before, never having seen it, and 'Revisado' clicked on a screen showing
// the old extraction marked the new one after a reprocess finished. Each request now carries what
// its screen showed; the server refuses (409) when that is no longer what is stored.
let s: TestServer;
let ana: string;
let beto: string;
let docId: number;
const NOS = '5151-000001';

type Cell = string | number | null;

async function seed(): Promise<number> {
  const doc = await s.ctx.documents.insert({ ownerId: 1, originalFilename: 'conflicto.pdf', storageKey: 'k-conf', sha256: 'conf', size: 1 });
  await s.ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('documents').set({ status: 'processed', nosolicitud: NOS, finished_at: '2026-12-02T10:00:00.000Z' }).where('id', '=', doc.id).execute();
    await s.ctx.rows.replaceForDocument(trx, doc.id, NOS, [
      {
        table: findTable('CostosDirectos')!,
        rows: [{ values: { actividad: '1. PREPARACIÓN', concepto: 'Rocería', unidad: 'Jornal', cantidad: 2, valor_unitario: 50000, valor_total: 100000 } }],
      },
    ]);
  });
  return doc.id;
}

async function row(): Promise<{ id: number; data: Record<string, Cell> }> {
  const res = await s.api(`/api/tables/CostosDirectos?nosolicitud=${NOS}`, { token: ana });
  const body = (await res.json()) as { data: Record<string, Cell>[]; meta: { id: number }[] };
  return { id: body.meta[0]!.id, data: body.data[0]! };
}
const cell = (rowId: number, column: string) => `/api/tables/CostosDirectos/rows/${rowId}/cells/${column}`;
const put = (token: string, url: string, json: unknown) => s.api(url, { method: 'PUT', token, json });
const revert = (token: string, url: string, expected?: Cell) =>
  s.api(expected === undefined ? url : `${url}?expected=${encodeURIComponent(JSON.stringify(expected))}`, { method: 'DELETE', token });
const trail = async () => ((await (await s.api(`/api/documents/${docId}/corrections`, { token: ana })).json()).data as { value: Cell }[]).map((c) => c.value);

beforeAll(async () => {
  s = await startServer({}, { runJobs: false });
  const admin = await s.login();
  ana = await s.createUser('ana@example.com');
  beto = await s.createUser('beto@example.com');
  for (const token of [ana, beto]) {
    const id = (await (await s.api('/api/users/me', { token })).json()).data.id;
    expect((await s.api(`/api/users/${id}/permissions`, { method: 'PUT', token: admin, json: { permissions: ['review'] } })).status).toBe(200);
  }
  docId = await seed();
});
afterAll(() => s.close());

describe('a correction over a value the reviewer never saw', () => {
  it('is refused (409 CELL_CHANGED, in Spanish) and writes nothing; sent again with the value now, it holds', async () => {
    const { id } = await row();
    // Both open the editor on 100000; Beto saves first.
    expect((await put(beto, cell(id, 'valor_total'), { value: '120.000', expected: 100000 })).status).toBe(200);
    const res = await put(ana, cell(id, 'valor_total'), { value: '90.000', expected: 100000, reason: 'leído mal' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'CELL_CHANGED', error: CORRECTION_MESSAGES.cellChanged });
    expect((await row()).data.valor_total).toBe(120000);
    expect(await trail()).toEqual([120000]);
    // Ana has seen 120000 now and still decides for her value.
    expect((await put(ana, cell(id, 'valor_total'), { value: '90.000', expected: 120000 })).status).toBe(200);
    expect((await row()).data.valor_total).toBe(90000);
  });

  it('compares text and empty cells too, and a revert over a newer correction is refused as well', async () => {
    const { id } = await row();
    expect((await put(beto, cell(id, 'concepto'), { value: 'Rocería y quema', expected: 'Rocería' })).status).toBe(200);
    expect((await put(ana, cell(id, 'concepto'), { value: 'Roceria', expected: 'Rocería' })).status).toBe(409);
    // Ana's screen still shows the correction before Beto's; her 'Restaurar' would undo his.
    expect((await put(beto, cell(id, 'valor_total'), { value: '', expected: 90000 })).status).toBe(200);
    const refused = await revert(ana, cell(id, 'valor_total'), 90000);
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe('CELL_CHANGED');
    expect((await row()).data.valor_total).toBeNull();
    expect((await revert(ana, cell(id, 'valor_total'), null)).status).toBe(200);
    expect((await row()).data.valor_total).toBe(100000);
  });

  it('refuses an expected value that is not a cell value (400), and without one keeps the last writer (clients from before)', async () => {
    const { id } = await row();
    for (const bad of ['{"a":1}', '[1]', 'nope', '1e999']) {
      const res = await s.api(`${cell(id, 'concepto')}?expected=${encodeURIComponent(bad)}`, { method: 'DELETE', token: ana });
      expect(res.status).toBe(400);
    }
    expect((await put(ana, cell(id, 'concepto'), { value: 'x', expected: { a: 1 } })).status).toBe(400);
    expect((await put(ana, cell(id, 'unidad'), { value: 'Día' })).status).toBe(200);
    expect((await row()).data.unidad).toBe('Día');
  });
});

describe("'Revisado' of an extraction the reviewer never saw", () => {
  const mark = (json: unknown) => s.api(`/api/documents/${docId}/reviewed`, { method: 'PUT', token: ana, json });

  it('is refused (409 EXTRACTION_CHANGED) once the document was processed again since the screen read it', async () => {
    const seen = (await (await s.api(`/api/documents/${docId}`, { token: ana })).json()).data.processing_info.finished_at as string;
    expect(seen).toBe('2026-12-02T10:00:00.000Z');
    // A reprocess ran and finished while Ana's page showed the old extraction.
    await s.ctx.documents.requeue(docId);
    await s.ctx.db.updateTable('documents').set({ status: 'processed', finished_at: '2026-12-02T10:05:00.000Z' }).where('id', '=', docId).execute();
    const res = await mark({ reviewed: true, finished_at: seen });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'EXTRACTION_CHANGED', error: SERVER_MESSAGES.reviewedStale });
    expect((await (await s.api(`/api/documents/${docId}`, { token: ana })).json()).data.reviewed).toBeNull();
    // Having looked at the new extraction.
    expect((await mark({ reviewed: true, finished_at: '2026-12-02T10:05:00.000Z' })).status).toBe(200);
    // Taking the mark back needs no version; an old client without one still marks.
    expect((await mark({ reviewed: false, finished_at: seen })).status).toBe(200);
    expect((await mark({ reviewed: true })).status).toBe(200);
  });

  it('still says NOT_PROCESSED while the reprocess runs', async () => {
    await s.ctx.documents.requeue(docId);
    const res = await mark({ reviewed: true, finished_at: '2026-12-02T10:05:00.000Z' });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('NOT_PROCESSED');
  });
});
