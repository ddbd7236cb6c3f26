import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixture, startServer, upload, waitForDocument, type TestServer } from './helpers.ts';

// Fifth attacker's audit (2026-12-02, decision 037): 'Reprocesar' on a document still being
// extracted put it back in the queue and the same runner claimed it again at once; the lease was
// the runner's both times, so the first run went on (its child alive, no longer counted against
// WORKERS: five clicks, six 512 MB children on a two-worker server) and could still store or fail
// the document — a stall of the overloaded first run turned a sound reprocess into an error.

/**
 * A document long enough to be reprocessed while it runs, however fast the machine: scanned pages,
 * each read by OCR (a second or more a page). Born-digital pages no longer do: 150 of them take
 * about 1.5 s here, the time of the three clicks (eleventh session).
 */
async function longPdf(pages: number): Promise<Buffer> {
  const source = await PDFDocument.load(fixture('scan-grid-3001.pdf'));
  const out = await PDFDocument.create();
  while (out.getPageCount() < pages) for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
  return Buffer.from(await out.save());
}

let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startServer({ WORKERS: '2' });
  token = await s.login();
}, 60_000);
afterAll(() => s.close());

describe('a reprocess while the document is being extracted', () => {
  it('stops the runs it replaces: one run answers for the document', async () => {
    const res = await upload(s, token, [{ name: 'largo.pdf', bytes: await longPdf(5) }]);
    const id = (await res.json()).documents[0].id as number;
    // Every run that reached its end and acted on the document (stored it, or failed it).
    const ends: string[] = [];
    for (const level of ['info', 'warn'] as const) {
      const original = s.app.log[level].bind(s.app.log);
      vi.spyOn(s.app.log, level).mockImplementation(((obj: unknown, msg?: string) => {
        if ((obj as { document?: number })?.document === id && (msg === 'document processed' || msg === 'document not extracted')) ends.push(msg);
        return original(obj as object, msg);
      }) as typeof original);
    }
    const until = Date.now() + 30_000;
    while ((await (await s.api(`/api/documents/${id}/progress`, { token })).json()).status !== 'processing') {
      if (Date.now() > until) throw new Error('the document never started');
      await new Promise((r) => setTimeout(r, 50));
    }
    for (let i = 0; i < 3; i++) {
      expect((await s.api(`/api/documents/${id}/reprocess`, { method: 'POST', token })).status).toBe(202);
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(await waitForDocument(s, token, id, 120_000)).toMatchObject({ status: 'processed' });
    // Let any run still going (before: three of them) reach its end.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(s.runner?.active).toBe(0);
    expect(ends).toEqual(['document processed']);
  }, 180_000);
});
