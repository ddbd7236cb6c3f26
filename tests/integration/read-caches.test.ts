import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../../src/server/repos/sessions.ts';
import { TABLE_PAGE_CACHE_MS } from '../../src/server/routes/tables.ts';
import { FILTERED_IDS_CACHE_MS } from '../../src/server/repos/rows.ts';
import { fixture, startServer, upload, waitForDocument, type TestServer } from './helpers.ts';

// Sessions, unfiltered table pages and the rows a filter selects are kept in memory (decisions 032, 033): every write of the
// node empties them at once; another node's write counts within their maximum age.
type Row = Record<string, string | number | null>;
type Page = { data: Row[]; meta: { id: number; document_id: number; corrected: Record<string, unknown> }[]; pagination: { total_items: number } };

let s: TestServer;
let admin: string;
let reader: string;
let reviewer: string;
let docId: number;

const PAGE = '/api/tables/CostosDirectos?page=1&page_size=100';
// grid-1001's request number and one of its CostosDirectos concepts ("Rocería y limpieza").
const BY_NUMBER = '/api/tables/CostosDirectos?page=1&page_size=100&nosolicitud=9176';
const searchOf = (term: string) => `/api/tables/CostosDirectos?page=1&page_size=100&search=${encodeURIComponent(term)}`;
const SEARCH = searchOf('roceria y limp');
async function pageOf(server: Pick<TestServer, 'api'>, token: string): Promise<Page> {
  const res = await server.api(PAGE, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}
/** Reads the page twice, so the second answer (the one compared after a write) came from the cache if anything did. */
async function cachedPage(token = reader): Promise<Page> {
  await pageOf(s, token);
  return pageOf(s, token);
}
const idOf = async (token: string) => ((await (await s.api('/api/users/me', { token })).json()) as { data: { id: number } }).data.id;
const cellUrl = (rowId: number, column: string) => `/api/tables/CostosDirectos/rows/${rowId}/cells/${column}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
  reader = await s.createUser('lectora@example.com');
  reviewer = await s.createUser('revisor@example.com');
  expect((await s.api(`/api/users/${await idOf(reviewer)}/permissions`, { method: 'PUT', token: admin, json: { permissions: ['review'] } })).status).toBe(200);
});
afterAll(() => s.close());

describe('a cached unfiltered table page', () => {
  it("shows a new document's rows as soon as they are stored", async () => {
    expect((await cachedPage()).pagination.total_items).toBe(0);
    const res = await upload(s, admin, [{ name: 'grid.pdf', bytes: fixture('grid-1001.pdf') }]);
    docId = (await res.json()).documents[0].id;
    expect(await waitForDocument(s, admin, docId)).toMatchObject({ status: 'processed' });
    const after = await pageOf(s, reader);
    expect(after.pagination.total_items).toBeGreaterThan(3);
    expect(after.data).toHaveLength(after.pagination.total_items);
    expect(new Set(after.meta.map((m) => m.document_id))).toEqual(new Set([docId]));
  });

  it("answers each document's confidence from the stored map, and from the report for a document stored before it", async () => {
    type Detail = { data: { tables: { name: string; quality: { confidence: number }[] }[] } };
    const detail = (await (await s.api(`/api/documents/${docId}`, { token: reader })).json()) as Detail;
    const expected = Math.min(...detail.data.tables.find((t) => t.name === 'CostosDirectos')!.quality.map((q) => q.confidence));
    const confidence = async () => ((await pageOf(s, reader)) as Page & { documents: { id: number; confidence: number | null }[] }).documents.find((d) => d.id === docId)?.confidence;
    expect(await confidence()).toBe(expected);
    // As migration 013 found a document it could not fill, or one stored before it ran.
    await s.ctx.db.updateTable('documents').set({ table_confidence_json: null }).where('id', '=', docId).execute();
    expect(await confidence()).toBe(expected);
  });

  it('shows a correction and its revert at once', async () => {
    const before = await cachedPage();
    const i = before.data.findIndex((r) => typeof r.valor_total === 'number');
    const rowId = before.meta[i]!.id;
    expect((await s.api(cellUrl(rowId, 'valor_total'), { method: 'PUT', token: reviewer, json: { value: '7.777.777' } })).status).toBe(200);
    const corrected = await pageOf(s, reader);
    expect(corrected.data[i]!.valor_total).toBe(7777777);
    expect(corrected.meta[i]!.corrected).toEqual({ valor_total: before.data[i]!.valor_total });

    await pageOf(s, reader);
    expect((await s.api(cellUrl(rowId, 'valor_total'), { method: 'DELETE', token: reviewer })).status).toBe(200);
    const reverted = await pageOf(s, reader);
    expect(reverted.data[i]!.valor_total).toBe(before.data[i]!.valor_total);
    expect(reverted.meta[i]!.corrected).toEqual({});
  });

  it("shows a reprocessed document's new rows at once", async () => {
    const before = await cachedPage();
    expect((await s.api(`/api/documents/${docId}/reprocess`, { method: 'POST', token: admin })).status).toBe(202);
    expect(await waitForDocument(s, admin, docId)).toMatchObject({ status: 'processed' });
    const after = await pageOf(s, reader);
    expect(after.data).toEqual(before.data);
    // The same values on new rows: the rows were replaced, and the page says so.
    expect(after.meta.map((m) => m.id)).not.toEqual(before.meta.map((m) => m.id));
  });

  it("drops a deleted document's rows at once", async () => {
    expect((await cachedPage()).pagination.total_items).toBeGreaterThan(0);
    expect((await s.api(`/api/documents/${docId}`, { method: 'DELETE', token: admin })).status).toBe(200);
    const after = await pageOf(s, reader);
    expect(after.pagination.total_items).toBe(0);
    expect(after.data).toEqual([]);
  });
});

describe('a cached filtered table page (search, N° Solicitud)', () => {
  async function filtered(url: string): Promise<Page> {
    const res = await s.api(url, { token: reader });
    expect(res.status).toBe(200);
    return (await res.json()) as Page;
  }
  /** Read twice, so the second answer came from the cache if anything did. */
  async function cachedFiltered(url: string): Promise<Page> {
    await filtered(url);
    return filtered(url);
  }
  let id: number;

  it("finds a new document's rows as soon as they are stored", async () => {
    expect((await cachedFiltered(SEARCH)).pagination.total_items).toBe(0);
    expect((await cachedFiltered(BY_NUMBER)).pagination.total_items).toBe(0);
    const res = await upload(s, admin, [{ name: 'grid.pdf', bytes: fixture('grid-1001.pdf') }]);
    id = (await res.json()).documents[0].id;
    expect(await waitForDocument(s, admin, id)).toMatchObject({ status: 'processed' });
    const found = await filtered(SEARCH);
    expect(found.pagination.total_items).toBe(1);
    expect(found.data[0]!.concepto).toBe('Rocería y limpieza');
    expect((await filtered(BY_NUMBER)).pagination.total_items).toBeGreaterThan(3);
  });

  it('finds a corrected value at once, and the original again after the revert', async () => {
    const rowId = (await cachedFiltered(SEARCH)).meta[0]!.id;
    expect((await cachedFiltered(searchOf('xilofono'))).pagination.total_items).toBe(0);
    expect((await s.api(cellUrl(rowId, 'concepto'), { method: 'PUT', token: reviewer, json: { value: 'Xilófono' } })).status).toBe(200);
    expect((await filtered(searchOf('xilofono'))).meta.map((m) => m.id)).toEqual([rowId]);
    expect((await filtered(SEARCH)).pagination.total_items).toBe(0);

    expect((await s.api(cellUrl(rowId, 'concepto'), { method: 'DELETE', token: reviewer })).status).toBe(200);
    expect((await filtered(searchOf('xilofono'))).pagination.total_items).toBe(0);
    expect((await filtered(SEARCH)).meta.map((m) => m.id)).toEqual([rowId]);
  });

  it("answers a reprocessed document's new rows at once", async () => {
    const before = await cachedFiltered(BY_NUMBER);
    const searched = await cachedFiltered(SEARCH);
    expect((await s.api(`/api/documents/${id}/reprocess`, { method: 'POST', token: admin })).status).toBe(202);
    expect(await waitForDocument(s, admin, id)).toMatchObject({ status: 'processed' });
    const after = await filtered(BY_NUMBER);
    expect(after.data).toEqual(before.data);
    expect(after.meta.map((m) => m.id)).not.toEqual(before.meta.map((m) => m.id));
    expect((await filtered(SEARCH)).meta.map((m) => m.id)).not.toEqual(searched.meta.map((m) => m.id));
  });

  it("drops a deleted document's rows at once", async () => {
    expect((await cachedFiltered(SEARCH)).pagination.total_items).toBe(1);
    expect((await cachedFiltered(BY_NUMBER)).pagination.total_items).toBeGreaterThan(0);
    expect((await s.api(`/api/documents/${id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await filtered(SEARCH)).pagination.total_items).toBe(0);
    expect((await filtered(BY_NUMBER)).data).toEqual([]);
  });
});

describe('a cached session', () => {
  it('is refused at once after logout', async () => {
    const token = await s.login('lectora@example.com', 'user-pass-123');
    await cachedPage(token);
    expect((await s.api('/api/auth/logout', { method: 'POST', token })).status).toBe(200);
    expect((await s.api(PAGE, { token })).status).toBe(401);
  });

  it('is refused at once when its user is disabled, and a password reset ends it', async () => {
    const token = await s.createUser('pasajera@example.com');
    const id = await idOf(token);
    await cachedPage(token);
    expect((await s.api(`/api/users/${id}`, { method: 'PATCH', token: admin, json: { active: false } })).status).toBe(200);
    expect((await s.api(PAGE, { token })).status).toBe(401);

    expect((await s.api(`/api/users/${id}`, { method: 'PATCH', token: admin, json: { active: true } })).status).toBe(200);
    const again = await s.login('pasajera@example.com', 'user-pass-123');
    await cachedPage(again);
    expect((await s.api(`/api/users/${id}`, { method: 'PATCH', token: admin, json: { password: 'otra-clave-123' } })).status).toBe(200);
    expect((await s.api(PAGE, { token: again })).status).toBe(401);
  });

  it('loses a role or a permission at once', async () => {
    const token = await s.createUser('jefa@example.com', 'admin');
    const id = await idOf(token);
    expect((await s.api('/api/users', { token })).status).toBe(200);
    expect((await s.api(`/api/users/${id}`, { method: 'PATCH', token: admin, json: { role: 'user' } })).status).toBe(200);
    expect((await s.api('/api/users', { token })).status).toBe(403);

    const rowId = (await cachedPage(reviewer)).meta[0]?.id ?? 1;
    expect((await s.api(`/api/users/${await idOf(reviewer)}/permissions`, { method: 'PUT', token: admin, json: { permissions: [] } })).status).toBe(200);
    expect((await s.api(cellUrl(rowId, 'concepto'), { method: 'PUT', token: reviewer, json: { value: 'x' } })).status).toBe(403);
  });
});

describe.runIf(process.env.DATABASE_URL)('two nodes on one PostgreSQL database', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startServer({ DATABASE_URL: s.config.databaseUrl! }, { runJobs: false });
  });
  afterAll(() => other.close());

  it("see each other's writes within the caches' maximum age", async () => {
    const res = await upload(s, admin, [{ name: 'grid.pdf', bytes: fixture('grid-1001.pdf') }]);
    const id = (await res.json()).documents[0].id as number;
    expect(await waitForDocument(s, admin, id)).toMatchObject({ status: 'processed' });
    const token = await other.login('lectora@example.com', 'user-pass-123');
    // The other node keeps the page; this node deletes the document.
    await pageOf(other, token);
    expect((await pageOf(other, token)).pagination.total_items).toBeGreaterThan(0);
    const searched = async () => ((await (await other.api(SEARCH, { token })).json()) as Page).pagination.total_items;
    await searched();
    expect(await searched()).toBe(1);
    expect((await s.api(`/api/documents/${id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    await sleep(Math.max(TABLE_PAGE_CACHE_MS, FILTERED_IDS_CACHE_MS) + 100);
    expect((await pageOf(other, token)).pagination.total_items).toBe(0);
    expect(await searched()).toBe(0);

    // Signed out on the other node: refused there at once, here within the session cache's age.
    await pageOf(s, token);
    expect((await other.api('/api/auth/logout', { method: 'POST', token })).status).toBe(200);
    expect((await other.api(PAGE, { token })).status).toBe(401);
    await sleep(SESSION_CACHE_MS + 100);
    expect((await s.api(PAGE, { token })).status).toBe(401);
  });
});
