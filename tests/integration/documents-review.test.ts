import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

// Issue 12: 'Revisado', the 'Revisado' and 'Con advertencias' filters, and a repeated N° Solicitud.
let s: TestServer;
let admin: string;
let plain: string;
let reviewer: string;
const ids: Record<string, number> = {};

type ListDoc = {
  id: number;
  original_filename: string;
  reviewed: { at: string; by: { email: string } } | null;
  duplicates: { id: number; filename: string }[];
};

async function seed(name: string, nosolicitud: string, warnings: string[], tableWarnings: string[] = []): Promise<void> {
  const doc = await s.ctx.documents.insert({ ownerId: 1, originalFilename: name, storageKey: `k-${name}`, sha256: name, size: 1 });
  const quality = { tables: tableWarnings.length ? [{ table: 'CostosDirectos', page: 1, pages: [1], method: 'lattice', confidence: 1, signals: {}, rows: 1, missing_columns: [], unparsed_cells: 0, typed_cells: 0, check_sums_ok: true, warnings: tableWarnings, low_confidence_cells: [] }] : [], warnings, ocr_pages: [] };
  await s.ctx.db.updateTable('documents').set({ status: 'processed', nosolicitud, quality_json: JSON.stringify(quality) }).where('id', '=', doc.id).execute();
  ids[name] = doc.id;
}

async function list(query: string): Promise<ListDoc[]> {
  const res = await s.api(`/api/documents?all_documents=true&page_size=100${query}`, { token: plain });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: ListDoc[] }).data;
}
const names = (docs: ListDoc[]) => docs.map((d) => d.original_filename).sort();
const mark = (token: string, id: number, reviewed: unknown) => s.api(`/api/documents/${id}/reviewed`, { method: 'PUT', token, json: { reviewed } });

beforeAll(async () => {
  s = await startServer({}, { runJobs: false });
  admin = await s.login();
  plain = await s.createUser('lector@example.com');
  reviewer = await s.createUser('revisora@example.com');
  const reviewerId = (await (await s.api('/api/users/me', { token: reviewer })).json()).data.id;
  expect((await s.api(`/api/users/${reviewerId}/permissions`, { method: 'PUT', token: admin, json: { permissions: ['review'] } })).status).toBe(200);
  await seed('a.pdf', '7001', []);
  await seed('b.pdf', '7002', ['Totales no cuadran']);
  await seed('c.pdf', '7001', [], ['Faltan columnas']);
  await seed('d.pdf', '', []);
  await seed('e.pdf', '', []);
});
afterAll(() => s.close());

describe("'Revisado'", () => {
  it('is refused without the review permission (403) and to unknown documents (404)', async () => {
    expect((await mark(plain, ids['a.pdf']!, true)).status).toBe(403);
    expect((await mark(reviewer, 99999, true)).status).toBe(404);
    expect((await mark(reviewer, ids['a.pdf']!, 'yes')).status).toBe(400);
    expect((await list('')).every((d) => d.reviewed === null)).toBe(true);
  });

  it('records who and when, shows it in the list and the detail, and can be taken back', async () => {
    const res = await mark(reviewer, ids['a.pdf']!, true);
    expect(res.status).toBe(200);
    const body = (await res.json()).data as ListDoc;
    expect(body.reviewed).toMatchObject({ by: { email: 'revisora@example.com' } });
    expect(Number.isNaN(Date.parse(body.reviewed!.at))).toBe(false);
    expect((await mark(admin, ids['b.pdf']!, true)).status).toBe(200);
    const detail = (await (await s.api(`/api/documents/${ids['a.pdf']}`, { token: plain })).json()).data as ListDoc;
    expect(detail.reviewed?.by.email).toBe('revisora@example.com');

    expect(names(await list('&reviewed=true'))).toEqual(['a.pdf', 'b.pdf']);
    expect(names(await list('&reviewed=false'))).toEqual(['c.pdf', 'd.pdf', 'e.pdf']);
    expect((await mark(reviewer, ids['b.pdf']!, false)).status).toBe(200);
    expect(names(await list('&reviewed=true'))).toEqual(['a.pdf']);
    expect((await list('')).find((d) => d.original_filename === 'b.pdf')?.reviewed).toBeNull();
  });

  it('is cleared by a reprocess: the new extraction is looked at again', async () => {
    expect((await mark(reviewer, ids['e.pdf']!, true)).status).toBe(200);
    await s.ctx.documents.requeue(ids['e.pdf']!);
    expect((await list('')).find((d) => d.original_filename === 'e.pdf')?.reviewed).toBeNull();
  });

  // Fifth attacker's audit (decision 037): marked while the reprocess ran, the mark outlived the
  // new extraction, vouching for values nobody had looked at.
  it('is refused (409) until the document is processed: pending, being processed again, or failed', async () => {
    const id = ids['e.pdf']!;
    for (const status of ['pending', 'processing', 'error']) {
      await s.ctx.db.updateTable('documents').set({ status }).where('id', '=', id).execute();
      const res = await mark(reviewer, id, true);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: 'NOT_PROCESSED', error: 'Solo se puede marcar como revisado un documento ya procesado. Espera a que termine el procesamiento.' });
      // Taking a mark back is always allowed.
      expect((await mark(reviewer, id, false)).status).toBe(200);
    }
    expect((await list('')).find((d) => d.original_filename === 'e.pdf')?.reviewed).toBeNull();
    await s.ctx.db.updateTable('documents').set({ status: 'processed' }).where('id', '=', id).execute();
    expect((await mark(reviewer, id, true)).status).toBe(200);
    expect((await mark(reviewer, id, false)).status).toBe(200);
  });
});

describe("'Con advertencias'", () => {
  it("filters by the document's or a table's quality warnings, with the other filters", async () => {
    expect(names(await list('&with_warnings=true'))).toEqual(['b.pdf', 'c.pdf']);
    expect(names(await list('&with_warnings=false'))).toEqual(['a.pdf', 'd.pdf', 'e.pdf']);
    expect(names(await list('&with_warnings=false&reviewed=true'))).toEqual(['a.pdf']);
    const res = await s.api('/api/documents?all_documents=true&with_warnings=true', { token: plain });
    expect((await res.json()).pagination.total_items).toBe(2);
  });
});

describe('a repeated N° Solicitud', () => {
  it('is flagged on both documents, naming the other, in the list and the detail; an empty number is no claim', async () => {
    const docs = await list('');
    const byName = new Map(docs.map((d) => [d.original_filename, d]));
    expect(byName.get('a.pdf')!.duplicates).toEqual([{ id: ids['c.pdf'], filename: 'c.pdf' }]);
    expect(byName.get('c.pdf')!.duplicates).toEqual([{ id: ids['a.pdf'], filename: 'a.pdf' }]);
    expect(byName.get('b.pdf')!.duplicates).toEqual([]);
    expect(byName.get('d.pdf')!.duplicates).toEqual([]);
    // Flagged even when the other document is not on the page.
    const onlyWarned = await list('&with_warnings=true');
    expect(onlyWarned.find((d) => d.original_filename === 'c.pdf')!.duplicates).toEqual([{ id: ids['a.pdf'], filename: 'a.pdf' }]);
    const detail = (await (await s.api(`/api/documents/${ids['c.pdf']}`, { token: plain })).json()).data as ListDoc;
    expect(detail.duplicates).toEqual([{ id: ids['a.pdf'], filename: 'a.pdf' }]);
  });
});
