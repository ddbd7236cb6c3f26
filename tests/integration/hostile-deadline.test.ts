import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusDir } from '../../src/engine/test-corpus.ts';
import { startServer, upload, waitForDocument, type TestServer } from './helpers.ts';

// Throws in CI when the corpus is missing; elsewhere warns and the suite is skipped.
const HOSTILE = corpusDir('hostile');
const DEADLINE_MS = 60_000;

describe.skipIf(!HOSTILE)(`every hostile corpus file ends within ${DEADLINE_MS / 1000} s of its upload (default caps, WORKERS=2)`, () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    delete process.env.EXTRACT_ENGINE_MODULE;
    s = await startServer({ WORKERS: '2' });
    token = await s.login();
  });
  afterAll(() => s?.close());

  it('each file is refused at upload (415) or ends processed/error in time', async () => {
    const names = fs.readdirSync(HOSTILE!).filter((n) => n.toLowerCase().endsWith('.pdf')).sort();
    expect(names.length).toBeGreaterThan(0);
    const queued: { name: string; id: number; uploaded: number }[] = [];
    for (const name of names) {
      const uploaded = Date.now();
      const res = await upload(s, token, [{ name, bytes: fs.readFileSync(path.join(HOSTILE!, name)) }]);
      expect([201, 415], name).toContain(res.status);
      if (res.status === 201) queued.push({ name, id: (await res.json()).documents[0].id, uploaded });
    }
    const times: Record<string, number> = {};
    await Promise.all(
      queued.map(async ({ name, id, uploaded }) => {
        const end = await waitForDocument(s, token, id, Math.max(1, DEADLINE_MS - (Date.now() - uploaded)));
        times[name] = Date.now() - uploaded;
        expect(['processed', 'error'], name).toContain(end.status);
        expect(times[name], name).toBeLessThan(DEADLINE_MS);
      }),
    );
    console.log('hostile files, upload to end (ms):', times);
  }, 2 * DEADLINE_MS);
});
