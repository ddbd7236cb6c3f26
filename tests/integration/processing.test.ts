import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, clientFor, fixture, loginTo, runServerToExit, serverEnv, spawnServer, startServer, tempDir, upload, waitForDocument, type TestServer } from './helpers.ts';

const TEST_ENGINE = path.join(FIXTURES, 'test-engine.ts');
const HOSTILE_DIR = path.resolve(import.meta.dirname, '../../../shared/corpus/hostile');

describe('job caps', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    // Forked workers inherit this process's environment.
    process.env.EXTRACT_ENGINE_MODULE = TEST_ENGINE;
    s = await startServer({ JOB_TIMEOUT_MS: '5000', JOB_MEMORY_MB: '320', JOB_MAX_ATTEMPTS: '2' });
    token = await s.login();
  });
  afterAll(async () => {
    delete process.env.EXTRACT_ENGINE_MODULE;
    delete process.env.TEST_ENGINE_MODE;
    await s.close();
  });

  it('kills a job past the time cap and ends it in error at once (a cap is not retried)', async () => {
    process.env.TEST_ENGINE_MODE = 'hang';
    const res = await upload(s, token, [{ name: 'cuelga.pdf', bytes: fixture('grid-1001.pdf') }]);
    const id = (await res.json()).documents[0].id;
    expect(await waitForDocument(s, token, id, 30_000)).toMatchObject({ status: 'error' });
    const doc = (await (await s.api(`/api/documents/${id}`, { token })).json()).data;
    expect(doc.processing_info.error).toBe('El procesamiento superó el tiempo máximo permitido.');
    const row = await s.ctx.documents.findById(id);
    expect(row?.attempts).toBe(1);
  }, 60_000);

  it('kills a job past the memory cap', async () => {
    process.env.TEST_ENGINE_MODE = 'hog';
    const res = await upload(s, token, [{ name: 'memoria.pdf', bytes: fixture('stream-2001.pdf') }]);
    const id = (await res.json()).documents[0].id;
    expect(await waitForDocument(s, token, id, 30_000)).toMatchObject({ status: 'error' });
    const doc = (await (await s.api(`/api/documents/${id}`, { token })).json()).data;
    expect(doc.processing_info.error).toBe('El procesamiento superó la memoria máxima permitida.');
  }, 60_000);
});

describe('damaged and hostile PDFs', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer({ JOB_TIMEOUT_MS: '20000' });
    token = await s.login();
  });
  afterAll(() => s.close());

  it('end in error with a Spanish reason (or processed when harmless) while the server keeps serving', async () => {
    const names = fs.existsSync(HOSTILE_DIR)
      ? fs.readdirSync(HOSTILE_DIR).filter((n) => n.endsWith('.pdf'))
      : fs.readdirSync(FIXTURES).filter((n) => /^(qpdf|pdfjs)-/.test(n));
    const ids: { name: string; id: number }[] = [];
    for (const name of names) {
      const bytes = fs.readFileSync(path.join(fs.existsSync(HOSTILE_DIR) ? HOSTILE_DIR : FIXTURES, name));
      const res = await upload(s, token, [{ name, bytes }]);
      // Refused at the door (not a PDF at all) or stored and queued.
      expect([201, 415], name).toContain(res.status);
      if (res.status === 201) ids.push({ name, id: (await res.json()).documents[0].id });
    }
    const password = ids.find((d) => d.name.includes('user-password'));
    for (const { name, id } of ids) {
      const tables = await s.api('/api/tables', { token });
      expect(tables.status).toBe(200);
      const end = await waitForDocument(s, token, id, 90_000);
      expect(['error', 'processed'], name).toContain(end.status);
      const doc = (await (await s.api(`/api/documents/${id}`, { token })).json()).data;
      if (end.status === 'error') expect(doc.processing_info.error, name).toMatch(/PDF|procesamiento/);
    }
    if (password) {
      const doc = (await (await s.api(`/api/documents/${password.id}`, { token })).json()).data;
      expect(doc.processing_info.error).toBe('El archivo PDF está protegido con contraseña.');
    }
  }, 240_000);
});

describe('a scanned PDF (no text layer)', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login();
  });
  afterAll(() => s.close());

  it('is read by OCR under the default job caps and ends processed, saying which pages were OCR', async () => {
    const res = await upload(s, token, [{ name: 'escaneado.pdf', bytes: fixture('scan-grid-3001.pdf') }]);
    const id = (await res.json()).documents[0].id;
    expect(await waitForDocument(s, token, id, 150_000)).toMatchObject({ status: 'processed' });
    const doc = (await (await s.api(`/api/documents/${id}`, { token })).json()).data;
    expect(doc.nosolicitud).toBe('2024-246075');
    expect(doc.ocr_pages).toEqual([1, 2, 3, 4]);
    expect(doc.warnings).toContainEqual(expect.stringContaining('se leyeron por OCR'));
    expect(doc.tables.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['CultivoProyecto', 'InventarioPecuario']));
    for (const t of doc.tables) for (const q of t.quality) expect(Array.isArray(q.low_confidence_cells)).toBe(true);
  }, 180_000);
});

describe('the server process', () => {
  const children: { kill(signal: NodeJS.Signals): boolean }[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) c.kill('SIGKILL');
  });

  it('recovers a job after kill -9 mid-processing: the document ends processed, once', async () => {
    const env = await serverEnv(tempDir(), { EXTRACT_ENGINE_MODULE: TEST_ENGINE, TEST_ENGINE_MODE: 'slow', TEST_ENGINE_DELAY_MS: '4000' });
    const first = await spawnServer(env);
    children.push(first.child);
    let api = clientFor(first.url);
    const token = await loginTo(api);
    const res = await upload({ api }, token, [{ name: 'grid.pdf', bytes: fixture('grid-1001.pdf') }], { 'Idempotency-Key': 'crash-1' });
    expect(res.status).toBe(201);
    const id = (await res.json()).documents[0].id as number;
    for (let i = 0; ; i++) {
      const p = (await (await api(`/api/documents/${id}/progress`, { token })).json()) as { status: string; progress: number };
      if (p.status === 'processing' && p.progress > 0) break;
      if (i > 100) throw new Error(`never saw processing: ${JSON.stringify(p)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await spawnServer(env);
    children.push(second.child);
    api = clientFor(second.url);
    // The token survived the restart; the outbox's replay finds the first result.
    const replay = await upload({ api }, token, [{ name: 'grid.pdf', bytes: fixture('grid-1001.pdf') }], { 'Idempotency-Key': 'crash-1' });
    expect((await replay.json()).documents[0].id).toBe(id);
    expect(await waitForDocument({ api }, token, id, 60_000)).toEqual({ status: 'processed', progress: 100 });
    const list = await (await api('/api/documents?all_documents=true', { token })).json();
    expect(list.pagination.total_items).toBe(1);
    const detail = (await (await api(`/api/documents/${id}`, { token })).json()).data;
    const tables = (await (await api('/api/tables', { token })).json()).data as { name: string; row_count: number }[];
    for (const t of tables) expect(t.row_count, t.name).toBe(detail.tables_info.by_table[t.name] ?? 0);
    const costos = await (await api('/api/tables/CostosDirectos?page_size=100', { token })).json();
    expect(costos.data).toHaveLength(detail.tables_info.by_table.CostosDirectos);
    // On PostgreSQL the restarted server waits for the dead one's lease (15 s) to run out.
  }, 120_000);

  it('a second server on the same DATA_DIR refuses to start with a clear message', async () => {
    const s = await startServer({}, { runJobs: false });
    try {
      const { code, output } = await runServerToExit({ DATA_DIR: s.config.dataDir, DATABASE_URL: s.config.databaseUrl ?? '' });
      expect(code).toBe(3);
      expect(output).toMatch(/Otro servidor \(pid \d+\) ya está usando la carpeta de datos/);
    } finally {
      await s.close();
    }
  });

  it('a bad configuration value stops the server naming the variable', async () => {
    const dataDir = tempDir();
    for (const [name, value] of [['PORT', 'abc'], ['TOKEN_TTL_DAYS', '0'], ['DATABASE_URL', 'mysql://x'], ['JOB_TIMEOUT_MS', '-5']]) {
      const { code, output } = await runServerToExit({ DATA_DIR: dataDir, [name!]: value! });
      expect(code, name).toBe(2);
      expect(output, name).toContain(`Configuración inválida: ${name}`);
    }
  }, 120_000);
});
