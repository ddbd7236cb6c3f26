import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTable } from '../../src/shared/catalog/index.ts';
import { fixture, startServer, upload, waitForDocument, type TestServer } from './helpers.ts';

// Issue 12: a reviewer corrects a value, with a trail (docs/decisions/039-corrections.md).
let s: TestServer;
let admin: string;
let reviewer: string;
let reviewerId: number;
let plain: string;
let docId: number;
const NOS = '4242-000001';

type Row = Record<string, string | number | null>;
type Meta = { id: number; document_id: number; corrected: Record<string, string | number | null> };

/** Stores a processed document with CostosDirectos and PlanAmortizacionDetalle rows, as the runner does. */
async function seed(): Promise<number> {
  const doc = await s.ctx.documents.insert({ ownerId: 1, originalFilename: 'revision.pdf', storageKey: 'k-rev', sha256: 'rev', size: 1 });
  await s.ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('documents').set({ status: 'processed', nosolicitud: NOS }).where('id', '=', doc.id).execute();
    await s.ctx.rows.replaceForDocument(trx, doc.id, NOS, [
      {
        table: findTable('CostosDirectos')!,
        rows: ['Rocería', 'Siembra', 'Fertilización'].map((concepto, i) => ({
          values: { actividad: '1. PREPARACIÓN', concepto, unidad: 'Jornal', cantidad: i + 1, valor_unitario: 50000, valor_total: (i + 1) * 50000 },
          raw: { concepto, valor_total: `$ ${((i + 1) * 50000).toLocaleString('es-CO')}` },
        })),
      },
      { table: findTable('PlanAmortizacionDetalle')!, rows: [{ values: { numero_cuota: 1, fecha_pago: '2025-03-15', valor_cuota: 1000 } }] },
    ]);
  });
  return doc.id;
}

async function rowsOf(table: string, query = ''): Promise<{ data: Row[]; meta: Meta[] }> {
  const res = await s.api(`/api/tables/${table}?page_size=100&nosolicitud=${NOS}${query}`, { token: plain });
  expect(res.status).toBe(200);
  return res.json();
}

const cellUrl = (table: string, rowId: number, column: string) => `/api/tables/${table}/rows/${rowId}/cells/${column}`;
const put = (token: string, url: string, json: unknown) => s.api(url, { method: 'PUT', token, json });

/** A document's correction counts as the documents LIST answers them (one grouped query per page). */
async function listCounts(id: number): Promise<{ corrections_count?: number; corrections_to_review?: number } | undefined> {
  const res = await s.api('/api/documents?all_documents=true&page_size=100', { token: plain });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { id: number; corrections_count?: number; corrections_to_review?: number }[] };
  const doc = body.data.find((d) => d.id === id);
  return doc && { corrections_count: doc.corrections_count, corrections_to_review: doc.corrections_to_review };
}

beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
  plain = await s.createUser('lectora@example.com');
  reviewer = await s.createUser('revisor@example.com');
  reviewerId = (await (await s.api('/api/users/me', { token: reviewer })).json()).data.id;
  docId = await seed();
});
afterAll(() => s.close());

describe('the review permission', () => {
  it('is refused to a plain user (403) and granted by an administrator only', async () => {
    const { meta } = await rowsOf('CostosDirectos');
    const url = cellUrl('CostosDirectos', meta[0]!.id, 'valor_total');
    expect((await put(reviewer, url, { value: '1' })).status).toBe(403);
    expect((await (await s.api('/api/users/me', { token: reviewer })).json()).data.permissions).toEqual(['read', 'upload']);
    // Only an administrator grants, and only what is grantable.
    expect((await put(reviewer, `/api/users/${reviewerId}/permissions`, { permissions: ['review'] })).status).toBe(403);
    expect((await put(admin, `/api/users/${reviewerId}/permissions`, { permissions: ['admin'] })).status).toBe(400);
    expect((await put(admin, '/api/users/99999/permissions', { permissions: ['review'] })).status).toBe(404);
    const granted = await put(admin, `/api/users/${reviewerId}/permissions`, { permissions: ['review'] });
    expect(granted.status).toBe(200);
    expect((await granted.json()).data).toMatchObject({ role: 'user', permissions: ['read', 'upload', 'review'], granted_permissions: ['review'] });
    expect((await (await s.api('/api/users/me', { token: reviewer })).json()).data.permissions).toEqual(['read', 'upload', 'review']);
    const admins = (await (await s.api('/api/users/me', { token: admin })).json()).data;
    expect(admins.permissions).toContain('review');
  });
});

describe('correcting a value', () => {
  it('refuses a value that does not read as the column type, in Spanish, naming the format', async () => {
    const costos = await rowsOf('CostosDirectos');
    const money = await put(reviewer, cellUrl('CostosDirectos', costos.meta[0]!.id, 'valor_total'), { value: '12abc' });
    expect(money.status).toBe(400);
    const body = await money.json();
    expect(body.code).toBe('INVALID_VALUE');
    expect(body.error).toBe('«12abc» no es válido para Valor total: escribe un valor en pesos, por ejemplo 1.234.567,89 o 1234567.');
    const cuota = (await rowsOf('PlanAmortizacionDetalle')).meta[0]!.id;
    const date = await put(reviewer, cellUrl('PlanAmortizacionDetalle', cuota, 'fecha_pago'), { value: '31/02/2025' });
    expect(date.status).toBe(400);
    expect((await date.json()).error).toMatch(/dd\/mm\/aaaa/);
    const int = await put(reviewer, cellUrl('PlanAmortizacionDetalle', cuota, 'numero_cuota'), { value: '1,5' });
    expect((await int.json()).error).toMatch(/número entero/);
    // Nothing was stored by the refusals.
    expect((await (await s.api(`/api/documents/${docId}/corrections`, { token: plain })).json()).data).toEqual([]);
  });

  it('answers 404 for an unknown table, row or column', async () => {
    const id = (await rowsOf('CostosDirectos')).meta[0]!.id;
    for (const url of [cellUrl('NoExiste', id, 'valor_total'), cellUrl('CostosDirectos', 99999, 'valor_total'), cellUrl('CostosDirectos', id, 'nope'), cellUrl('CostosDirectos', id, 'nosolicitud'), cellUrl('CultivoProyecto', id, 'cultivo')]) {
      const res = await put(reviewer, url, { value: '1' });
      expect(res.status, url).toBe(404);
    }
    expect((await s.api(cellUrl('CostosDirectos', id, 'valor_total'), { method: 'DELETE', token: reviewer })).status).toBe(404);
  });

  it('shows the corrected value in rows, search, sort and both exports, marking the cell with the extracted value', async () => {
    const before = await rowsOf('CostosDirectos');
    const i = before.data.findIndex((r) => r.concepto === 'Siembra');
    const id = before.meta[i]!.id;
    const res = await put(reviewer, cellUrl('CostosDirectos', id, 'valor_total'), { value: '1.234.567,89', reason: 'El PDF dice 1.234.567,89' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.row.valor_total).toBe(1234567.89);
    expect(body.data).toMatchObject({ action: 'correct', status: 'active', extracted: 100000, previous: 100000, value: 1234567.89, user: { email: 'revisor@example.com' } });
    const text = await put(reviewer, cellUrl('CostosDirectos', id, 'concepto'), { value: 'Siembra de maíz zafra' });
    expect(text.status).toBe(200);

    const after = await rowsOf('CostosDirectos');
    expect(after.data[i]).toMatchObject({ concepto: 'Siembra de maíz zafra', valor_total: 1234567.89 });
    expect(after.meta[i]).toEqual({ id, document_id: docId, corrected: { valor_total: 100000, concepto: 'Siembra' } });
    expect(after.meta.filter((m) => Object.keys(m.corrected).length > 0)).toHaveLength(1);

    // Search: the corrected words and the number as typed find it; the replaced word no longer does.
    expect((await rowsOf('CostosDirectos', '&search=zafra')).data.map((r) => r.concepto)).toEqual(['Siembra de maíz zafra']);
    expect((await rowsOf('CostosDirectos', '&search=1.234.567')).data.map((r) => r.concepto)).toEqual(['Siembra de maíz zafra']);
    expect((await rowsOf('CostosDirectos', '&search=siembra')).data).toHaveLength(1);
    const unfiltered = await (await s.api('/api/tables/CostosDirectos?search=maiz%20zafra', { token: plain })).json();
    expect(unfiltered.data).toHaveLength(1);
    expect(unfiltered.meta[0].corrected).toEqual({ valor_total: 100000, concepto: 'Siembra' });
    // Sorted by request number, the corrected value is the one shown.
    const sorted = await rowsOf('CostosDirectos', '&sort_by_nosolicitud=true');
    expect(sorted.data.find((r) => r.concepto === 'Siembra de maíz zafra')?.valor_total).toBe(1234567.89);

    const csv = await (await s.api(`/api/tables/CostosDirectos/export?format=csv&nosolicitud=${NOS}`, { token: plain })).text();
    expect(csv).toContain('Siembra de maíz zafra;;Jornal;2;50000;1234567,89');
    const xlsx = await s.api(`/api/tables/CostosDirectos/export?format=xlsx&nosolicitud=${NOS}&search=zafra`, { token: plain });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.getWorksheet('CostosDirectos')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).values).toContain(1234567.89);
    expect(sheet.getRow(2).values).toContain('Siembra de maíz zafra');

    const detail = (await (await s.api(`/api/documents/${docId}`, { token: plain })).json()).data;
    expect(detail).toMatchObject({ corrections_count: 2, corrections_to_review: 0 });
    // The list counts them as the detail does.
    expect(await listCounts(docId)).toEqual({ corrections_count: 2, corrections_to_review: 0 });
  });

  it('corrects a date and a corrected value again, keeping the extracted value', async () => {
    const cuota = (await rowsOf('PlanAmortizacionDetalle')).meta[0]!.id;
    const date = await put(reviewer, cellUrl('PlanAmortizacionDetalle', cuota, 'fecha_pago'), { value: '05/04/2025' });
    expect((await date.json()).row.fecha_pago).toBe('2025-04-05');
    const costos = await rowsOf('CostosDirectos');
    const i = costos.data.findIndex((r) => r.concepto === 'Siembra de maíz zafra');
    const again = await put(reviewer, cellUrl('CostosDirectos', costos.meta[i]!.id, 'valor_total'), { value: '120000' });
    expect((await again.json()).data).toMatchObject({ previous: 1234567.89, value: 120000, extracted: 100000 });
    expect((await rowsOf('CostosDirectos')).meta[i]!.corrected.valor_total).toBe(100000);
  });

  it('reverts to the extracted value, the revert itself in the trail', async () => {
    const costos = await rowsOf('CostosDirectos');
    const i = costos.data.findIndex((r) => r.concepto === 'Siembra de maíz zafra');
    const id = costos.meta[i]!.id;
    const res = await s.api(cellUrl('CostosDirectos', id, 'valor_total'), { method: 'DELETE', token: reviewer });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ action: 'revert', status: 'done', previous: 120000, value: 100000 });
    const after = await rowsOf('CostosDirectos');
    expect(after.data[i]!.valor_total).toBe(100000);
    expect(after.meta[i]!.corrected).toEqual({ concepto: 'Siembra' });
    expect((await s.api(cellUrl('CostosDirectos', id, 'valor_total'), { method: 'DELETE', token: reviewer })).status).toBe(404);
    expect((await s.api(cellUrl('CostosDirectos', id, 'concepto'), { method: 'DELETE', token: plain })).status).toBe(403);
  });

  it('lists the trail of a document, and exports every correction as CSV safe from formulas', async () => {
    const list = (await (await s.api(`/api/documents/${docId}/corrections`, { token: plain })).json()).data;
    expect(list.map((c: { column: string; action: string; status: string; reverted: boolean }) => [c.column, c.action, c.status, c.reverted])).toEqual([
      ['valor_total', 'correct', 'replaced', false],
      ['concepto', 'correct', 'active', false],
      ['fecha_pago', 'correct', 'active', false],
      ['valor_total', 'correct', 'reverted', true],
      ['valor_total', 'revert', 'done', false],
    ]);
    expect(list[0]).toMatchObject({ table: 'CostosDirectos', row_seq: 1, previous: 100000, value: 1234567.89, reason: 'El PDF dice 1.234.567,89', user: { email: 'revisor@example.com' } });
    expect(typeof list[0].created_at).toBe('string');
    expect((await s.api('/api/documents/99999/corrections', { token: plain })).status).toBe(404);

    const costos = await rowsOf('CostosDirectos');
    await put(reviewer, cellUrl('CostosDirectos', costos.meta[0]!.id, 'unidad'), { value: 'Jornal', reason: '=HYPERLINK("http://x")' });
    expect((await s.api('/api/corrections/export?format=csv', { token: plain })).status).toBe(403);
    const res = await s.api('/api/corrections/export?format=csv', { token: reviewer });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/correcciones-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Id;Fecha;Usuario;Documento;Archivo;N° Solicitud;Tabla;Fila;Columna;Acción;Valor extraído;Valor anterior;Valor nuevo;Motivo;Estado');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(new RegExp(`^\\d+;[^;]+;revisor@example.com;${docId};revision.pdf;${NOS};CostosDirectos;2;valor_total;corrección;100000;100000;1234567,89;El PDF dice 1.234.567,89;reemplazada$`));
    expect(lines[6]).toContain(`;"'=HYPERLINK(""http://x"")";vigente`);
    expect((await s.api('/api/corrections/export', { token: admin })).status).toBe(200);
  });
});

describe('reprocessing', () => {
  it('puts a correction back on the same extracted row and keeps one whose row is gone as to review', async () => {
    const res = await upload(s, admin, [{ name: 'grid.pdf', bytes: fixture('grid-1001.pdf') }]);
    const id = (await res.json()).documents[0].id;
    expect(await waitForDocument(s, admin, id)).toMatchObject({ status: 'processed' });
    const page = async () => {
      const body = await (await s.api('/api/tables/CostosDirectos?page_size=100&nosolicitud=009176', { token: plain })).json();
      return body as { data: Row[]; meta: Meta[] };
    };
    const before = await page();
    expect(before.data.length).toBeGreaterThan(3);
    const kept = before.data.findIndex((r) => typeof r.valor_total === 'number');
    const gone = before.data.findIndex((r, i) => i > kept && typeof r.cantidad === 'number');
    // The second row as an older engine read it: its extracted values differ from what a new reading gives.
    const goneId = before.meta[gone]!.id;
    await s.ctx.db.updateTable('table_rows').set({ data: JSON.stringify({ ...before.data[gone], concepto: 'Leído por otra versión' }) }).where('id', '=', goneId).execute();
    expect((await put(reviewer, cellUrl('CostosDirectos', before.meta[kept]!.id, 'valor_total'), { value: '7.777.777' })).status).toBe(200);
    expect((await put(reviewer, cellUrl('CostosDirectos', goneId, 'cantidad'), { value: '99' })).status).toBe(200);

    expect((await s.api(`/api/documents/${id}/reprocess`, { method: 'POST', token: admin })).status).toBe(202);
    expect(await waitForDocument(s, admin, id)).toMatchObject({ status: 'processed' });

    const after = await page();
    expect(after.data).toHaveLength(before.data.length);
    expect(after.meta[kept]!.id).not.toBe(before.meta[kept]!.id);
    expect(after.data[kept]!.valor_total).toBe(7777777);
    expect(after.meta[kept]!.corrected).toEqual({ valor_total: before.data[kept]!.valor_total });
    // The row read again is the engine's, with no correction applied to it.
    expect(after.data[gone]!.cantidad).toBe(before.data[gone]!.cantidad);
    expect(after.meta[gone]!.corrected).toEqual({});

    const trail = (await (await s.api(`/api/documents/${id}/corrections`, { token: plain })).json()).data;
    expect(trail.map((c: { column: string; status: string; row_id: number | null }) => [c.column, c.status, c.row_id])).toEqual([
      ['valor_total', 'active', after.meta[kept]!.id],
      ['cantidad', 'review', null],
    ]);
    const detail = (await (await s.api(`/api/documents/${id}`, { token: plain })).json()).data;
    expect(detail).toMatchObject({ corrections_count: 1, corrections_to_review: 1 });
    expect(await listCounts(id)).toEqual({ corrections_count: 1, corrections_to_review: 1 });
    const csv = await (await s.api('/api/corrections/export', { token: reviewer })).text();
    expect(csv).toContain(';cantidad;corrección;');
    expect(csv).toContain('corrección por revisar');

    // A second reprocess keeps both as they are.
    expect((await s.api(`/api/documents/${id}/reprocess`, { method: 'POST', token: admin })).status).toBe(202);
    expect(await waitForDocument(s, admin, id)).toMatchObject({ status: 'processed' });
    expect((await page()).data[kept]!.valor_total).toBe(7777777);
    expect((await (await s.api(`/api/documents/${id}`, { token: plain })).json()).data).toMatchObject({ corrections_count: 1, corrections_to_review: 1 });

    // A reviewer closes the one to review; only that one can be.
    const [active, toReview] = trail as { id: number }[];
    const dismiss = (cid: number, token: string) => s.api(`/api/corrections/${cid}/dismiss`, { method: 'POST', token, json: { reason: 'Ya no aplica' } });
    expect((await dismiss(toReview!.id, plain)).status).toBe(403);
    expect((await dismiss(active!.id, reviewer)).status).toBe(409);
    expect((await dismiss(99999, reviewer)).status).toBe(404);
    const dismissed = await dismiss(toReview!.id, reviewer);
    expect(dismissed.status).toBe(200);
    expect((await dismissed.json()).data).toMatchObject({ action: 'dismiss', status: 'done', column: 'cantidad', reason: 'Ya no aplica', row_id: null });
    expect((await dismiss(toReview!.id, reviewer)).status).toBe(409);
    const statuses = (await (await s.api(`/api/documents/${id}/corrections`, { token: plain })).json()).data.map((c: { status: string }) => c.status);
    expect(statuses).toEqual(['active', 'dismissed', 'done']);
    expect((await (await s.api(`/api/documents/${id}`, { token: plain })).json()).data).toMatchObject({ corrections_count: 1, corrections_to_review: 0 });
    expect(await listCounts(id)).toEqual({ corrections_count: 1, corrections_to_review: 0 });
  });

  it('deleting a document deletes its trail', async () => {
    const before = (await (await s.api('/api/corrections/export', { token: reviewer })).text()).trimEnd().split('\r\n');
    expect(before.some((l) => l.includes(';grid.pdf;'))).toBe(true);
    const list = await (await s.api('/api/documents?all_documents=true&search=grid', { token: admin })).json();
    expect((await s.api(`/api/documents/${list.data[0].id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    const after = (await (await s.api('/api/corrections/export', { token: reviewer })).text()).trimEnd().split('\r\n');
    expect(after.some((l) => l.includes(';grid.pdf;'))).toBe(false);
    expect(after.length).toBe(7);
  });
});
