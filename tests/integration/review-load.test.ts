import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, startServer, upload, waitForDocument, type TestServer } from './helpers.ts';

// Attacker's audit (2026-12-02, decision 037): `GET /api/documents/:id/review` built its answer
// anew for every request, in one stretch of the event loop: for an 800-page document (any
// uploader can make one, 15 s of extraction) 1.5 s per request in one stretch, 10 MB of JSON.
// Four readers asking at once kept every other request of every user waiting 8 s; a loop of them,
// for as long as it ran.
let s: TestServer;
let token: string;
let docId: number;
/** Copies of the document's extracted rows added to it: ~150 rows × 130, a large document's worth. */
const COPIES = 130;

beforeAll(async () => {
  s = await startServer({ WORKERS: '1' });
  token = await s.login();
  const res = await upload(s, token, [{ name: 'grande.pdf', bytes: fixture('stream-2001.pdf') }]);
  docId = (await res.json()).documents[0].id;
  expect(await waitForDocument(s, token, docId, 60_000)).toMatchObject({ status: 'processed' });
  for (let k = 1; k <= COPIES; k++) {
    await sql`INSERT INTO table_rows (document_id, table_name, seq, nosolicitud, data, search_text, source_json)
      SELECT document_id, table_name, seq + ${k * 100_000}, nosolicitud, data, search_text, source_json
      FROM table_rows WHERE document_id = ${docId} AND seq < 100000`.execute(s.ctx.db);
  }
}, 120_000);
afterAll(() => s.close());

const review = () => s.api(`/api/documents/${docId}/review`, { token });

describe('the review of a large document does not hold the server', () => {
  it('six readers at once all get it, while the event loop never stops for half a second', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const answers = await Promise.all(Array.from({ length: 6 }, review));
    delay.disable();
    for (const res of answers) expect(res.status).toBe(200);
    const bodies = await Promise.all(answers.map((res) => res.json()));
    const rows = bodies[0].data.tables.reduce((n: number, t: { rows: unknown[] }) => n + t.rows.length, 0);
    expect(rows).toBeGreaterThan(150 * COPIES);
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    // Before: each request built its own answer, each in one stretch of ~1.5 s (15 s for the six).
    expect(delay.max / 1e6).toBeLessThan(500);
  }, 120_000);

  it('a correction made after the review was read shows in the next one', async () => {
    const before = (await (await review()).json()).data;
    const table = before.tables.find((t: { name: string }) => t.name === 'CostosDirectos') ?? before.tables[0];
    const row = table.rows[0];
    const column = table.columns.find((c: { type: string }) => c.type === 'text');
    const put = await s.api(`/api/tables/${table.name}/rows/${row.id}/cells/${column.key}`, {
      method: 'PUT',
      token,
      json: { value: 'Corregido en revisión', reason: 'prueba' },
    });
    expect(put.status).toBe(200);
    const after = (await (await review()).json()).data;
    const again = after.tables.flatMap((t: { rows: { id: number }[] }) => t.rows).find((r: { id: number }) => r.id === row.id);
    expect(again.values[column.key]).toBe('Corregido en revisión');
    expect(Object.keys(again.corrected)).toContain(column.key);
  }, 60_000);
});
