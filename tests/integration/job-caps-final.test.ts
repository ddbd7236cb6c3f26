import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, fixture, startServer, tinyPdf, upload, waitForDocument, type TestServer } from './helpers.ts';

// Forked job children inherit this process's environment: the stand-in engine runs in them.
const TEST_ENGINE = path.join(FIXTURES, 'test-engine.ts');
const TIMEOUT_MESSAGE = 'El procesamiento superó el tiempo máximo permitido.';
const MEMORY_MESSAGE = 'El procesamiento superó la memoria máxima permitida.';

async function errorOf(s: TestServer, token: string, id: number): Promise<string> {
  return (await (await s.api(`/api/documents/${id}`, { token })).json()).data.processing_info.error;
}

describe('a document that hits its time cap ends at once (no retry)', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    process.env.EXTRACT_ENGINE_MODULE = TEST_ENGINE;
    s = await startServer({ JOB_TIMEOUT_MS: '1000', JOB_MAX_ATTEMPTS: '3', WORKERS: '2' });
    token = await s.login();
  });
  afterEach(() => {
    delete process.env.TEST_ENGINE_MODE;
  });
  afterAll(async () => {
    delete process.env.EXTRACT_ENGINE_MODULE;
    await s.close();
  });

  it('time cap: error after exactly one attempt, with the time message', async () => {
    process.env.TEST_ENGINE_MODE = 'hang';
    const res = await upload(s, token, [{ name: 'lento.pdf', bytes: fixture('grid-1001.pdf') }]);
    const id = (await res.json()).documents[0].id as number;
    const started = Date.now();
    expect(await waitForDocument(s, token, id, 20_000)).toEqual({ status: 'error', progress: 100 });
    // One 1 s attempt plus a child's start-up; three attempts with back-off took 7 s and more.
    expect(Date.now() - started).toBeLessThan(6000);
    expect(await errorOf(s, token, id)).toBe(TIMEOUT_MESSAGE);
    expect((await s.ctx.documents.findById(id))?.attempts).toBe(1);
  }, 30_000);
});

describe('with default caps (JOB_TIMEOUT_MS, JOB_MEMORY_MB, JOB_MAX_ATTEMPTS) and two workers', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    process.env.EXTRACT_ENGINE_MODULE = TEST_ENGINE;
    // Default JOB_TIMEOUT_MS / JOB_MEMORY_MB / JOB_MAX_ATTEMPTS; two workers.
    s = await startServer({ WORKERS: '2' });
    token = await s.login();
  });
  afterAll(async () => {
    delete process.env.EXTRACT_ENGINE_MODULE;
    delete process.env.TEST_ENGINE_MODE;
    await s.close();
  });

  it('memory cap: error after exactly one attempt, with the memory message', async () => {
    process.env.TEST_ENGINE_MODE = 'hog';
    const res = await upload(s, token, [{ name: 'pesado.pdf', bytes: fixture('stream-2001.pdf') }]);
    const id = (await res.json()).documents[0].id as number;
    expect(await waitForDocument(s, token, id, 20_000)).toEqual({ status: 'error', progress: 100 });
    expect(await errorOf(s, token, id)).toBe(MEMORY_MESSAGE);
    expect((await s.ctx.documents.findById(id))?.attempts).toBe(1);
  }, 30_000);

  it('a file that never finishes a page ends in error within 60 s of its upload, even queued behind two others like it', async () => {
    process.env.TEST_ENGINE_MODE = 'hang';
    const docs: { id: number; uploaded: number }[] = [];
    for (const label of ['a', 'b', 'c']) {
      const uploaded = Date.now();
      const res = await upload(s, token, [{ name: `atascado-${label}.pdf`, bytes: tinyPdf(`stall ${label}`) }]);
      expect(res.status).toBe(201);
      docs.push({ id: (await res.json()).documents[0].id, uploaded });
    }
    await Promise.all(
      docs.map(async ({ id, uploaded }) => {
        const end = await waitForDocument(s, token, id, 60_000 - (Date.now() - uploaded));
        expect(end.status).toBe('error');
        expect(Date.now() - uploaded).toBeLessThan(60_000);
        expect(await errorOf(s, token, id)).toBe(TIMEOUT_MESSAGE);
        expect((await s.ctx.documents.findById(id))?.attempts).toBe(1);
      }),
    );
  }, 70_000);
});
