import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, clientFor, fixture, freshDatabaseUrl, loginTo, runServerToExit, tempDir, upload, waitForDocument, type ApiResponse } from './helpers.ts';
import { processedIn, startNode, type ClusterNode } from './cluster-nodes.ts';

/**
 * Issue 13: API nodes and workers as separate processes on one PostgreSQL. PostgreSQL only: in the
 * PostgreSQL suite (TEST_DATABASE=postgres, npm run test:integration:pg / test:cluster) a missing
 * DATABASE_URL fails; the SQLite run skips it and says why.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const PG_SUITE = process.env.TEST_DATABASE === 'postgres';
const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpus/domain-dev');
const corpus = (name: string) => fs.readFileSync(path.join(CORPUS, name));
const WORKER_ENV = {
  WORKERS: '1',
  LOG_LEVEL: 'info',
  // Each job takes at least 2 s: long enough to kill or stop a worker in the middle of one.
  EXTRACT_ENGINE_MODULE: path.join(FIXTURES, 'test-engine.ts'),
  TEST_ENGINE_MODE: 'slow',
  TEST_ENGINE_DELAY_MS: '2000',
};

describe('ROLE needs PostgreSQL', () => {
  it('a worker or an API node without DATABASE_URL refuses to start, naming the variable', async () => {
    for (const role of ['worker', 'api']) {
      const { code, output } = await runServerToExit({ ROLE: role, DATABASE_URL: '', DATA_DIR: tempDir() });
      expect(code, output).toBe(2);
      expect(output).toMatch(new RegExp(`DATABASE_URL is required with ROLE=${role}`));
    }
  });
});

if (PG_SUITE && !DATABASE_URL) {
  describe('cluster on PostgreSQL', () => {
    it('has a PostgreSQL to run on', () => {
      throw new Error('TEST_DATABASE=postgres but no DATABASE_URL: run it through bash scripts/with-postgres.sh');
    });
  });
}

describe.skipIf(!DATABASE_URL)(`cluster: two API nodes and two workers on one PostgreSQL${DATABASE_URL ? '' : ' (skipped: PostgreSQL only, no DATABASE_URL; npm run test:cluster)'}`, () => {
  const nodes: ClusterNode[] = [];
  let db: pg.Client;
  let a: ClusterNode;
  let b: ClusterNode;
  let w1: ClusterNode;
  let w2: ClusterNode;
  let token: string;
  /** Every document an API node answered 201 for. */
  const acknowledged = new Set<number>();
  const apiOf = (n: ClusterNode) => ({ api: clientFor(n.url) });
  const start = async (role: 'api' | 'worker', env: Record<string, string> = {}) => {
    const node = await startNode(role, tempDir(), { DATABASE_URL: url, ...(role === 'worker' ? WORKER_ENV : { LOG_LEVEL: 'error' }), ...env });
    nodes.push(node);
    return node;
  };
  let url: string;

  beforeAll(async () => {
    url = (await freshDatabaseUrl())!;
    // All four at once on an empty database: migrations and the first administrator happen once.
    [a, b, w1, w2] = await Promise.all([start('api'), start('api'), start('worker'), start('worker')]);
    db = new pg.Client({ connectionString: url });
    await db.connect();
    token = await loginTo(clientFor(a.url));
  }, 120_000);
  afterAll(async () => {
    for (const n of nodes) n.child.kill('SIGKILL');
    await db?.end();
  });

  async function send(node: ClusterNode, name: string, bytes: Buffer): Promise<number> {
    const res = await upload(apiOf(node), token, [{ name, bytes }]);
    expect(res.status, await res.clone().text()).toBe(201);
    const id = ((await res.json()) as { documents: { id: number }[] }).documents[0]!.id;
    acknowledged.add(id);
    return id;
  }
  const row = async (id: number) =>
    (await db.query<{ status: string; lease_owner: string | null; processed_by: string | null }>('SELECT status, lease_owner, processed_by FROM documents WHERE id = $1', [id])).rows[0]!;
  async function runningOn(worker: ClusterNode, timeoutMs = 60_000): Promise<number> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await db.query<{ id: number }>(`SELECT id FROM documents WHERE status = 'processing' AND lease_owner = $1`, [worker.owner]);
      if (rows[0]) return rows[0].id;
      if (Date.now() > until) throw new Error(`no job on ${worker.owner}:\n${worker.output().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('an upload through node A is read through node B: progress, rows and the PDF', async () => {
    const pdf = fixture('grid-1001.pdf');
    const id = await send(a, 'solicitud.pdf', pdf);
    expect(await waitForDocument(apiOf(b), token, id, 90_000)).toMatchObject({ status: 'processed' });
    const detail = await (await clientFor(b.url)(`/api/documents/${id}`, { token })).json();
    expect(detail.data).toMatchObject({ nosolicitud: '009176', status: 'processed' });
    expect(detail.data.tables.length).toBeGreaterThan(0);
    const file = await clientFor(b.url)(`/api/documents/${id}/file`, { token });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    // The workers' health ports answer while the database does.
    for (const w of [w1, w2]) expect(await (await fetch(`${w.url}/health`)).json()).toMatchObject({ status: 'ok', role: 'worker', worker: w.owner });
  }, 120_000);

  it('jobs spread over both workers', async () => {
    const names = ['grid-1002.pdf', 'stream-2002.pdf', 'grid-1003.pdf', 'stream-2003.pdf', 'grid-1004.pdf', 'stream-2004.pdf'];
    const ids = [];
    for (const [i, name] of names.entries()) ids.push(await send(i % 2 ? b : a, name, corpus(name)));
    for (const id of ids) expect((await waitForDocument(apiOf(b), token, id, 120_000)).status).toBe('processed');
    const by = new Set<string | null>();
    for (const id of ids) by.add((await row(id)).processed_by);
    expect(by).toEqual(new Set([w1.owner, w2.owner]));
  }, 180_000);

  it('kill -9 of a worker mid-job and of API node A mid-upload: every acknowledged document processed once; the upload cut on A resumes on B', async () => {
    const ids = [];
    for (const name of ['grid-1005.pdf', 'grid-1006.pdf', 'stream-2005.pdf', 'stream-2006.pdf']) ids.push(await send(b, name, corpus(name)));
    const interrupted = await runningOn(w1);
    w1.child.kill('SIGKILL');

    // A resumable upload and a multipart one in flight on A when it dies.
    const big = await bigApplication(2.5);
    const location = await tusCreate(a, big.length, 'grande.pdf');
    const cut = openPatch(a, location, big, Math.floor(big.length * 0.6));
    const lost = openMultipart(a, corpus('grid-1007.pdf'));
    await new Promise((r) => setTimeout(r, 1500));
    a.child.kill('SIGKILL');
    await a.exited;
    cut.destroy();
    lost.destroy();

    // B knows exactly the bytes A committed, and takes the rest.
    const head = await tusFetch(b, location, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(Math.floor(big.length * 0.6));
    const done = await tusFetch(b, location, {
      method: 'PATCH',
      headers: { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: big.subarray(offset),
    });
    expect(done.status, await done.clone().text()).toBe(201);
    const resumed = Number(done.headers.get('upload-document-id'));
    acknowledged.add(resumed);
    const file = await clientFor(b.url)(`/api/documents/${resumed}/file`, { token });
    expect(Buffer.from(await file.arrayBuffer()).equals(big)).toBe(true);

    for (const id of acknowledged) expect((await waitForDocument(apiOf(b), token, id, 150_000)).status, `document ${id}`).toBe('processed');
    // The job w1 held went back to the queue when its lease ran out, and w2 stored it.
    expect((await row(interrupted)).processed_by).toBe(w2.owner);
    // Exactly once: one stored result per acknowledged document across both workers' logs, and
    // no document for the multipart upload A never answered.
    const stored = [...processedIn(w1.output()), ...processedIn(w2.output())];
    expect(stored.sort((x, y) => x - y)).toEqual([...acknowledged].sort((x, y) => x - y));
    const { rows } = await db.query<{ id: number }>('SELECT id FROM documents ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual([...acknowledged].sort((x, y) => x - y));
  }, 240_000);

  it('SIGTERM: a worker finishes its running job and exits 0; past DRAIN_SECONDS it hands the job back', async () => {
    const w3 = await start('worker', { DRAIN_SECONDS: '60' });
    const first = await send(b, 'stream-2007.pdf', corpus('stream-2007.pdf'));
    const second = await send(b, 'stream-2008.pdf', corpus('stream-2008.pdf'));
    const running = await runningOn(w3);
    w3.child.kill('SIGTERM');
    expect(await w3.exited).toBe(0);
    expect(w3.output()).toMatch(/1 trabajos terminados, 0 devueltos/);
    expect(await row(running)).toMatchObject({ status: 'processed', processed_by: w3.owner });

    const w4 = await start('worker', { DRAIN_SECONDS: '0' });
    // Three jobs, so w2 (one extraction at a time) leaves one to w4.
    const more = [];
    for (const name of ['grid-1008.pdf', 'grid-1007.pdf', 'stream-2001.pdf']) more.push(await send(b, name, corpus(name)));
    const handed = await runningOn(w4);
    w4.child.kill('SIGTERM');
    expect(await w4.exited).toBe(0);
    expect(w4.output()).toMatch(/0 trabajos terminados, 1 devueltos/);
    // Back in the queue at once (no lease to wait out), then stored by another worker.
    expect((await row(handed)).status).toBe('pending');
    for (const id of [first, second, ...more]) expect((await waitForDocument(apiOf(b), token, id, 120_000)).status).toBe('processed');
    expect((await row(handed)).processed_by).toBe(w2.owner);
  }, 240_000);

  // --- tus and raw HTTP against one node ---
  const b64 = (v: string) => Buffer.from(v).toString('base64');
  const tusFetch = (node: ClusterNode, pathname: string, init: RequestInit & { headers?: Record<string, string> }): Promise<ApiResponse> =>
    fetch(`${node.url}${pathname}`, { ...init, headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}`, ...init.headers } });
  async function tusCreate(node: ClusterNode, length: number, filename: string): Promise<string> {
    const res = await tusFetch(node, '/api/uploads/tus', { method: 'POST', headers: { 'Upload-Length': String(length), 'Upload-Metadata': `filename ${b64(filename)},clientId ${b64(`c-${filename}`)}` } });
    expect(res.status, await res.clone().text()).toBe(201);
    return res.headers.get('location')!;
  }
  /** A PATCH that declares every byte but sends only `sent` of them, its connection left open. */
  function openPatch(node: ClusterNode, location: string, bytes: Buffer, sent: number): http.ClientRequest {
    const { hostname, port } = new URL(node.url);
    const req = http.request({
      host: hostname,
      port,
      method: 'PATCH',
      path: location,
      headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}`, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(bytes.length) },
    });
    req.on('error', () => undefined);
    req.write(bytes.subarray(0, sent));
    return req;
  }
  /** A multipart upload whose body stops halfway: never acknowledged. */
  function openMultipart(node: ClusterNode, bytes: Buffer): http.ClientRequest {
    const { hostname, port } = new URL(node.url);
    const boundary = 'corte-de-red';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="perdido.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const req = http.request({
      host: hostname,
      port,
      method: 'POST',
      path: '/api/documents/upload',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(head.length + bytes.length + tail.length) },
    });
    req.on('error', () => undefined);
    req.write(head);
    req.write(bytes.subarray(0, bytes.length >> 1));
    return req;
  }
});

/** grid-1001.pdf with a random attachment: a real application of `mb` megabytes. */
async function bigApplication(mb: number): Promise<Buffer> {
  const doc = await PDFDocument.load(fixture('grid-1001.pdf'));
  const filler = Buffer.alloc(mb * 1024 * 1024);
  for (let i = 0; i < filler.length; i += 4) filler.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  await doc.attach(filler, 'relleno.bin');
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
