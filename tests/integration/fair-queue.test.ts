import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tinyPdf, upload, waitForDocument, type TestServer } from './helpers.ts';

const LEASE_MS = 15_000;

/** Uploads `count` distinct one-page PDFs for a user, at most three per request (the upload limit). */
async function uploadMany(s: TestServer, token: string, who: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 3) {
    const files = Array.from({ length: Math.min(3, count - i) }, (_, k) => ({ name: `${who}-${i + k}.pdf`, bytes: tinyPdf(`${who} ${i + k}`) }));
    const res = await upload(s, token, files);
    expect(res.status).toBe(201);
    ids.push(...((await res.json()).documents as { id: number }[]).map((d) => d.id));
  }
  return ids;
}

describe('the queue hands out jobs round-robin by uploader', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({}, { runJobs: false });
  });
  afterAll(() => s.close());

  it('interleaves owners (least recently served first), oldest first within an owner', async () => {
    const a = await s.createUser('a@example.com');
    const b = await s.createUser('b@example.com');
    const c = await s.createUser('c@example.com');
    const aIds = await uploadMany(s, a, 'a', 6);
    const bIds = await uploadMany(s, b, 'b', 2);
    const order: number[] = [];
    for (let i = 0; i < 4; i++) order.push((await s.ctx.queue.claim('test-claimer', LEASE_MS))!.id);
    // FIFO would have given a0 a1 a2 a3.
    expect(order).toEqual([aIds[0], bIds[0], aIds[1], bIds[1]]);
    // A newcomer goes before the owner served least recently.
    const cIds = await uploadMany(s, c, 'c', 1);
    for (;;) {
      const job = await s.ctx.queue.claim('test-claimer', LEASE_MS);
      if (!job) break;
      order.push(job.id);
    }
    expect(order).toEqual([aIds[0], bIds[0], aIds[1], bIds[1], cIds[0], aIds[2], aIds[3], aIds[4], aIds[5]]);
  });

  it('concurrent claimers never take the same job', async () => {
    while (await s.ctx.queue.claim('drain', LEASE_MS));
    const users = [await s.createUser('d@example.com'), await s.createUser('e@example.com'), await s.createUser('f@example.com')];
    const ids = (await Promise.all(users.map((t, i) => uploadMany(s, t, `u${i}`, 4)))).flat();
    const claimed = await Promise.all(Array.from({ length: ids.length + 3 }, (_, i) => s.ctx.queue.claim(`claimer-${i}`, LEASE_MS)));
    const got = claimed.filter((j) => j !== undefined).map((j) => j.id);
    expect(new Set(got).size).toBe(got.length);
    expect([...got].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
  });
});

describe('the runner follows the fair order', () => {
  let s: TestServer;
  beforeAll(async () => {
    delete process.env.EXTRACT_ENGINE_MODULE;
    s = await startServer({ WORKERS: '1' });
  });
  afterAll(() => s.close());

  it("with one worker, a second uploader's files start right after the first uploader's first ones", async () => {
    const a = await s.createUser('a@example.com');
    const b = await s.createUser('b@example.com');
    // Paused while both upload, so a slow machine cannot finish a's files before b's arrive.
    await s.runner!.stop();
    const aIds = await uploadMany(s, a, 'a', 6);
    const bIds = await uploadMany(s, b, 'b', 2);
    s.runner!.start();
    for (const id of [...aIds, ...bIds]) await waitForDocument(s, id <= aIds.at(-1)! ? a : b, id, 60_000);
    const started = await s.ctx.db.selectFrom('documents').select(['id', 'started_at']).orderBy('started_at').orderBy('id').execute();
    const order = started.map((d) => d.id);
    // First-in first-out would start b's files 7th and 8th; fair turns alternate the owners.
    expect(order, `start order ${order.join(',')}`).toEqual([aIds[0], bIds[0], aIds[1], bIds[1], ...aIds.slice(2)]);
  }, 60_000);
});
