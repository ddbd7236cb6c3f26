import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualityOf, warningsOf } from '../../src/server/repos/documents.ts';
import { fixture, startServer, upload, waitForDocument, type TestServer } from './helpers.ts';

// Attacker's audit (2026-12-02, decision 037): each document of a list page checked its whole
// stored quality report (TypeBox, every table reading of every page) only to count its warnings.
// An 800-page document's report is ~260 KB, ~60 ms to check: a page of 100 such documents — any
// uploader can make them, and the newest come first on every user's list — held the event loop
// for seconds per request.
let s: TestServer;
let token: string;
const BIG = 30;

beforeAll(async () => {
  s = await startServer({ WORKERS: '1' });
  token = await s.login();
  const res = await upload(s, token, [{ name: 'base.pdf', bytes: fixture('stream-2001.pdf') }]);
  const id = (await res.json()).documents[0].id;
  expect(await waitForDocument(s, token, id, 60_000)).toMatchObject({ status: 'processed' });
  const base = (await s.ctx.documents.findById(id))!;
  const quality = JSON.parse(base.quality_json) as { tables: unknown[]; warnings: string[] };
  // A report as large as an 800-page document's, with one warning of the document's own.
  const large = JSON.stringify({ ...quality, tables: Array.from({ length: 200 }, () => quality.tables).flat(), warnings: ['Advertencia de prueba'] });
  // Stored as the job stores a result (save-result.ts): the report and its warnings count.
  const count = warningsOf(qualityOf({ id: 0, quality_json: large })).length;
  for (let i = 0; i < BIG; i++) {
    const doc = await s.ctx.documents.insert({ ownerId: 1, originalFilename: `grande-${i}.pdf`, storageKey: `k-${i}`, sha256: `s-${i}`, size: 1 });
    await s.ctx.db
      .updateTable('documents')
      .set({ status: 'processed', progress: 100, quality_json: large, warnings_count: count, by_table_json: base.by_table_json })
      .where('id', '=', doc.id)
      .execute();
  }
  // One stored by a server from before the count was kept: read from its report.
  const old = await s.ctx.documents.insert({ ownerId: 1, originalFilename: 'antiguo.pdf', storageKey: 'k-old', sha256: 's-old', size: 1 });
  await s.ctx.db.updateTable('documents').set({ status: 'processed', quality_json: large, warnings_count: null }).where('id', '=', old.id).execute();
}, 120_000);
afterAll(() => s.close());

describe('a page of the documents list costs little, whatever their quality reports hold', () => {
  it('100 documents with large reports: the warnings counted, the event loop never held for long', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const answers = await Promise.all(Array.from({ length: 3 }, () => s.api('/api/documents?all_documents=true&page_size=100', { token })));
    delay.disable();
    for (const res of answers) expect(res.status).toBe(200);
    const body = await answers[0]!.json();
    const big = body.data.filter((d: { original_filename: string }) => d.original_filename.startsWith('grande-'));
    expect(big).toHaveLength(BIG);
    const expected = (await (await s.api(`/api/documents/${big[0].id}`, { token })).json()).data.warnings.length;
    expect(expected).toBeGreaterThan(0);
    for (const d of big) expect(d.warnings_count).toBe(expected);
    expect(body.data.find((d: { original_filename: string }) => d.original_filename === 'antiguo.pdf').warnings_count).toBe(expected);
    // Before: three pages of thirty such documents held it ~1.8 s each (5 s in all).
    expect(delay.max / 1e6).toBeLessThan(400);
  }, 60_000);
});
