import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tinyPdf, upload, type TestServer } from './helpers.ts';

/**
 * The Documentos filter 'En proceso' asks for `status=pending,processing`: the query takes one
 * status or a comma-separated list, each one checked by the schema.
 */
let s: TestServer;
let admin: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  // No job runner: the statuses below stay exactly as set.
  s = await startServer({}, { runJobs: false });
  admin = await s.login();
  for (const status of ['pending', 'processing', 'processed', 'error'] as const) {
    const bytes = tinyPdf(`status ${status}`);
    const res = await upload(s, admin, [{ name: `${status}.pdf`, bytes }]);
    const id = ((await res.json()) as { documents: { id: number }[] }).documents[0]!.id;
    await s.ctx.db.updateTable('documents').set({ status }).where('id', '=', id).execute();
    ids[status] = id;
  }
});
afterAll(() => s.close());

async function idsFor(query: string): Promise<number[]> {
  const res = await s.api(`/api/documents?all_documents=true&${query}`, { token: admin });
  expect(res.status, query).toBe(200);
  const body = (await res.json()) as { data: { id: number }[]; pagination: { total_items: number } };
  expect(body.pagination.total_items).toBe(body.data.length);
  return body.data.map((d) => d.id).sort((a, b) => a - b);
}

describe('GET documents?status=', () => {
  it('takes one status or a comma-separated list', async () => {
    expect(await idsFor('status=processed')).toEqual([ids.processed]);
    expect(await idsFor('status=pending,processing')).toEqual([ids.pending, ids.processing]);
    expect(await idsFor(`status=${encodeURIComponent('processing,pending,processing')}`)).toEqual([ids.pending, ids.processing]);
    expect(await idsFor('')).toHaveLength(4);
  });

  it('rejects unknown or malformed lists', async () => {
    for (const q of ['status=done', 'status=pending,done', 'status=pending,', 'status=,pending', 'status=pending%20,processing', 'status=']) {
      const res = await s.api(`/api/documents?${q}`, { token: admin });
      expect(res.status, q).toBe(400);
    }
  });
});
