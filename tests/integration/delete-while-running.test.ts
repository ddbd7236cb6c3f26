import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixture, startServer, upload, type TestServer } from './helpers.ts';

// Sixth attacker's audit (2026-12-02, decision 037): a document deleted while its extraction ran
// kept its child to the end — up to JOB_TIMEOUT_MS and JOB_MEMORY_MB, holding one of the runner's
// WORKERS slots for a result nobody could store. Likewise a job whose lease another runner of the
// cluster took. The run now stops when its document is gone: at once on the node that deleted it,
// at the next lease renewal (every 5 s) on any other.

/**
 * A document long enough to still be running when deleted, however fast the machine: scanned
 * pages, each read by OCR (a second or more a page). Born-digital pages no longer do: 251 of them
 * took 2.5 s here, under one lease renewal (eleventh session).
 */
async function longPdf(pages: number): Promise<Buffer> {
  const source = await PDFDocument.load(fixture('scan-grid-3001.pdf'));
  const out = await PDFDocument.create();
  while (out.getPageCount() < pages) for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
  while (out.getPageCount() > pages) out.removePage(out.getPageCount() - 1);
  return Buffer.from(await out.save());
}

let s: TestServer;
let token: string;
/** Runs that reached their end and acted on a document (stored it, or failed it), by document. */
const ends = new Map<number, string[]>();

beforeAll(async () => {
  s = await startServer({ WORKERS: '2' });
  token = await s.login();
  for (const level of ['info', 'warn'] as const) {
    const original = s.app.log[level].bind(s.app.log);
    vi.spyOn(s.app.log, level).mockImplementation(((obj: unknown, msg?: string) => {
      const id = (obj as { document?: number })?.document;
      if (id !== undefined && (msg === 'document processed' || msg === 'document not extracted')) ends.set(id, [...(ends.get(id) ?? []), msg]);
      return original(obj as object, msg);
    }) as typeof original);
  }
}, 60_000);
afterAll(() => s.close());

/** Uploads a long document and waits until the runner has it. */
async function running(pages: number): Promise<number> {
  const res = await upload(s, token, [{ name: `largo-${pages}.pdf`, bytes: await longPdf(pages) }]);
  const id = (await res.json()).documents[0].id as number;
  const until = Date.now() + 30_000;
  while ((await (await s.api(`/api/documents/${id}/progress`, { token })).json()).status !== 'processing') {
    if (Date.now() > until) throw new Error('the document never started');
    await new Promise((r) => setTimeout(r, 50));
  }
  // Past its start-up: the child is reading pages.
  await new Promise((r) => setTimeout(r, 1_000));
  expect(s.runner?.active).toBe(1);
  return id;
}

/** How long until the runner has no run left (ms), or Infinity past `limitMs`. */
async function stoppedWithin(limitMs: number): Promise<number> {
  const start = Date.now();
  while (s.runner!.active > 0) {
    if (Date.now() - start > limitMs) return Infinity;
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - start;
}

describe('a document that goes away while its job runs', () => {
  it('deleted through this server: its run stops at once and stores nothing', async () => {
    const id = await running(40);
    expect((await s.api(`/api/documents/${id}`, { method: 'DELETE', token })).status).toBe(200);
    expect(await stoppedWithin(2_000)).toBeLessThan(2_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(ends.get(id)).toBeUndefined();
  }, 120_000);

  it('deleted through another node (straight in the database): its run stops at its next lease renewal', async () => {
    const id = await running(41);
    await s.ctx.db.deleteFrom('documents').where('id', '=', id).execute();
    expect(await stoppedWithin(7_000)).toBeLessThan(7_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(ends.get(id)).toBeUndefined();
  }, 120_000);

  it('taken by another runner (its lease lost): this run stops and leaves the document to it', async () => {
    const id = await running(42);
    await s.ctx.db.updateTable('documents').set({ lease_owner: 'another-worker', lease_until: new Date(Date.now() + 60_000).toISOString() }).where('id', '=', id).execute();
    expect(await stoppedWithin(7_000)).toBeLessThan(7_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(ends.get(id)).toBeUndefined();
    const row = await s.ctx.db.selectFrom('documents').select(['status', 'lease_owner']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'processing', lease_owner: 'another-worker' });
    await s.ctx.db.deleteFrom('documents').where('id', '=', id).execute();
  }, 120_000);
});
