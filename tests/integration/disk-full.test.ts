import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, fixture, startServer, tempDir, tinyPdf, upload, waitForDocument, type TestServer } from './helpers.ts';

/**
 * A full disk, for real: DATA_DIR is a small tmpfs that a filler file fills to the last byte
 * (docs/decisions/035). With SQLite the database lives on it too; with PostgreSQL (DATABASE_URL)
 * only the stored files do, so the database-side cases run on SQLite only (named so below).
 */

const TEST_ENGINE = path.join(FIXTURES, 'test-engine.ts');
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const MOUNT_MB = 24;
const FILE_FULL = 'No hay espacio suficiente en el servidor para guardar el archivo.';
const DISK_FULL = 'No hay espacio suficiente en el servidor. Intenta de nuevo más tarde.';

function probeMount(): { ok: true } | { ok: false; reason: string } {
  if (process.platform !== 'linux') return { ok: false, reason: 'tmpfs mounts need Linux' };
  if (process.getuid?.() !== 0) return { ok: false, reason: 'not root, so a tmpfs cannot be mounted' };
  const dir = tempDir();
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
    execFileSync('umount', [dir], { stdio: 'pipe' });
    return { ok: true };
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim();
    return { ok: false, reason: `mount -t tmpfs failed (${stderr || (err as Error).message})` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const probe = probeMount();
// On CI as root the mount must work: a silent skip there would hide the whole feature.
const mustRun = Boolean(process.env.CI) && process.getuid?.() === 0;
if (!probe.ok) console.warn(`[disk-full] SKIPPED: ${probe.reason}`);

/** Writes until the file system refuses another byte. */
function fill(file: string): void {
  const fd = fs.openSync(file, 'a');
  try {
    for (const size of [1 << 20, 64 << 10, 4096, 512, 1]) {
      const chunk = Buffer.alloc(size, 0x5a);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

function freeBytes(dir: string): number {
  const s = fs.statfsSync(dir);
  return s.bavail * s.bsize;
}

/** Polls until `check` returns a value other than undefined, or fails after `ms`. */
async function until<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

if (!probe.ok && mustRun) {
  describe('disk full (tmpfs DATA_DIR)', () => {
    it('can mount a tmpfs (required on CI as root)', () => {
      throw new Error(probe.reason);
    });
  });
}

describe.skipIf(!probe.ok)(`disk full: DATA_DIR on a ${MOUNT_MB} MB tmpfs${probe.ok ? '' : ` (skipped: ${probe.reason})`}`, () => {
  let dataDir: string;
  let filler: string;
  let s: TestServer;
  let token: string;
  let userId: number;
  let jobId: number;

  const status = async (id: number) => (await s.ctx.documents.findById(id))?.status;
  const processing = async () => (await s.ctx.db.selectFrom('documents').select('id').where('status', '=', 'processing').execute()).map((r) => r.id);
  /** No temp upload left, and stored files and document rows name the same keys. */
  async function expectNothingHalfWritten(): Promise<void> {
    expect(fs.readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
    if (ON_POSTGRES) {
      // The PDFs are in the database (issue 13): every document has one, DATA_DIR/files holds none.
      const missing = await s.ctx.db
        .selectFrom('documents')
        .leftJoin('document_files', 'document_files.document_id', 'documents.id')
        .select('documents.id')
        .where('document_files.document_id', 'is', null)
        .execute();
      expect(missing).toEqual([]);
      expect(fs.readdirSync(path.join(dataDir, 'files'))).toEqual([]);
      return;
    }
    const keys = (await s.ctx.db.selectFrom('documents').select('storage_key').execute()).map((r) => `${r.storage_key}.pdf`);
    expect(fs.readdirSync(path.join(dataDir, 'files')).sort()).toEqual(keys.sort());
  }

  beforeAll(async () => {
    dataDir = tempDir();
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${MOUNT_MB}m`, 'tmpfs', dataDir]);
    filler = path.join(dataDir, 'filler.bin');
    // Forked workers inherit this environment: a job that waits 3 s before extracting.
    process.env.EXTRACT_ENGINE_MODULE = TEST_ENGINE;
    process.env.TEST_ENGINE_MODE = 'slow';
    process.env.TEST_ENGINE_DELAY_MS = '3000';
    s = await startServer({ WORKERS: '1', DISK_MIN_FREE_MB: '1', DISK_RESERVE_MB: '2', JOB_TIMEOUT_MS: '60000' }, { dataDir });
    token = await s.login();
    const register = await s.api('/api/auth/register', { method: 'POST', token, json: { email: 'ana@example.com', password: 'user-pass-123', role: 'user' } });
    userId = (await register.json()).data.id;
  });

  afterAll(async () => {
    delete process.env.EXTRACT_ENGINE_MODULE;
    delete process.env.TEST_ENGINE_MODE;
    delete process.env.TEST_ENGINE_DELAY_MS;
    await s?.close();
    if (dataDir) execFileSync('umount', ['-l', dataDir]);
    // The server's close waits for its worker's slow test job: more than the default 10 s on a loaded machine.
  }, 30_000);

  it(`a job whose save meets a full disk is never left processing${ON_POSTGRES ? ' (PostgreSQL: its database is elsewhere, so it is stored)' : ' (SQLite: back to pending, attempt not counted)'}`, async () => {
    const res = await upload(s, token, [{ name: 'grid.pdf', bytes: fixture('grid-1001.pdf') }]);
    expect(res.status).toBe(201);
    jobId = (await res.json()).documents[0].id;
    await until('the job to start', 30_000, async () => ((await status(jobId)) === 'processing' ? true : undefined));
    if (ON_POSTGRES) {
      // The worker copies the PDF from the database into DATA_DIR/tmp after claiming the job: this
      // case is about the save, so the disk fills once that copy is whole (on a loaded machine it
      // came after the fill, and the job rightly went back to pending).
      const size = fixture('grid-1001.pdf').length;
      await until('the job copy to be written', 30_000, async () =>
        fs.readdirSync(path.join(dataDir, 'tmp')).some((f) => f.startsWith(`job-${jobId}-`) && fs.statSync(path.join(dataDir, 'tmp', f)).size === size) ? true : undefined,
      );
    }
    // The engine is still waiting: fill the disk before the result comes back to be saved.
    fill(filler);
    expect(freeBytes(dataDir)).toBeLessThan(64 * 1024);
    const end = await until('the job to leave processing', 30_000, async () => {
      const now = await status(jobId);
      return now === 'processing' ? undefined : now;
    });
    if (ON_POSTGRES) {
      expect(end).toBe('processed');
    } else {
      expect(end).toBe('pending');
      expect((await s.ctx.documents.findById(jobId))?.attempts).toBe(0);
      // Stays queued (no claim) while the disk is full, never stuck in processing.
      await new Promise((r) => setTimeout(r, 5000));
      expect(await status(jobId)).toBe('pending');
      expect(await processing()).toEqual([]);
    }
  }, 90_000);

  it.skipIf(ON_POSTGRES)('SQLite: every writing route answers 507 in Spanish while reads keep answering 200', async () => {
    // Whatever the server freed for its own bookkeeping is taken too.
    fill(filler);
    const writes: [string, Promise<Response>, string][] = [
      ['upload', upload(s, token, [{ name: 'otro.pdf', bytes: tinyPdf('lleno-1') }]), FILE_FULL],
      ['login', s.api('/api/auth/login', { method: 'POST', json: { email: 'admin@example.com', password: 'admin-pass-123' } }), DISK_FULL],
      ['register', s.api('/api/auth/register', { method: 'POST', token, json: { email: 'luis@example.com', password: 'user-pass-123' } }), DISK_FULL],
      ['patch user', s.api(`/api/users/${userId}`, { method: 'PATCH', token, json: { active: false } }), DISK_FULL],
      ['delete', s.api(`/api/documents/${jobId}`, { method: 'DELETE', token }), DISK_FULL],
      ['reprocess', s.api(`/api/documents/${jobId}/reprocess`, { method: 'POST', token }), DISK_FULL],
    ];
    for (const [name, pending, message] of writes) {
      const res = await pending;
      expect(res.status, name).toBe(507);
      expect(await res.json(), name).toEqual({ error: message, detail: expect.any(String), code: 'INSUFFICIENT_STORAGE' });
    }
    const reads = [
      '/api/documents?all_documents=true',
      `/api/documents/${jobId}`,
      `/api/documents/${jobId}/progress`,
      `/api/documents/${jobId}/file`,
      '/api/tables',
      '/api/tables/CultivoProyecto',
      '/api/tables/CultivoProyecto?search=castilla',
      '/api/users',
      '/api/users/me',
    ];
    for (const url of reads) expect((await s.api(url, { token })).status, url).toBe(200);
    // Nothing changed: the user is still active, the document still queued, nothing stuck.
    expect((await s.ctx.users.findById(userId))?.active).toBe(1);
    expect(await status(jobId)).toBe('pending');
    expect(await processing()).toEqual([]);
    await expectNothingHalfWritten();
  }, 60_000);

  it('both databases: an upload onto a full DATA_DIR answers 507 and leaves nothing half-written', async () => {
    fill(filler);
    const before = (await s.ctx.db.selectFrom('documents').select('id').execute()).length;
    const full = await upload(s, token, [{ name: 'lleno.pdf', bytes: tinyPdf('lleno-2') }]);
    expect(full.status).toBe(507);
    expect(await full.json()).toEqual({ error: FILE_FULL, detail: expect.any(String), code: 'INSUFFICIENT_STORAGE' });
    // The resumable upload is refused up front alike (docs/decisions/052).
    const tusFull = await s.api('/api/uploads/tus', { method: 'POST', token, headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1000' } });
    expect(tusFull.status).toBe(507);
    expect(await tusFull.json()).toMatchObject({ error: FILE_FULL, code: 'INSUFFICIENT_STORAGE' });
    // 1.5 MB free: above the refusal threshold, so the upload starts and runs out mid-file.
    fs.truncateSync(filler, fs.statSync(filler).size - 1536 * 1024);
    const big = Buffer.concat([tinyPdf('grande'), Buffer.alloc(4 * 1024 * 1024, 0x20)]);
    const midway = await upload(s, token, [{ name: 'grande.pdf', bytes: big }]);
    expect(midway.status).toBe(507);
    expect(await midway.json()).toEqual({ error: FILE_FULL, detail: expect.any(String), code: 'INSUFFICIENT_STORAGE' });
    // A resumable upload running out mid-file: 507 too; what arrived stays, to resume from once space is back.
    const tusHeaders = { 'Tus-Resumable': '1.0.0' };
    const created = await s.api('/api/uploads/tus', { method: 'POST', token, headers: { ...tusHeaders, 'Upload-Length': String(big.length) } });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const tusMidway = await s.api(location, { method: 'PATCH', token, headers: { ...tusHeaders, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: big });
    expect(tusMidway.status).toBe(507);
    expect(JSON.parse(await tusMidway.text())).toMatchObject({ error: FILE_FULL, code: 'INSUFFICIENT_STORAGE' });
    const offset = Number((await s.api(location, { method: 'HEAD', token, headers: tusHeaders })).headers.get('upload-offset'));
    expect(offset).toBeLessThan(big.length);
    // PostgreSQL keeps a resumable upload's bytes in the database (issue 13): every byte arrived, the
    // copy into the full DATA_DIR/tmp failed at its finish, and the finished upload is gone once its
    // removal (after the answer) is done; until then the server says 423, ask again (decision 052).
    const deleted = await until('the DELETE of the refused upload', 10_000, async () => {
      const { status } = await s.api(location, { method: 'DELETE', token, headers: tusHeaders });
      return status === 423 ? undefined : status;
    });
    expect(deleted).toBe(ON_POSTGRES ? 404 : 204);
    expect((await s.ctx.db.selectFrom('documents').select('id').execute()).length).toBe(before);
    await expectNothingHalfWritten();
    for (const url of ['/api/documents?all_documents=true', '/api/tables', `/api/documents/${jobId}`]) {
      expect((await s.api(url, { token })).status, url).toBe(200);
    }
    expect(await processing()).toEqual([]);
  }, 60_000);

  it('both databases: when space returns, jobs resume, search answers and uploads are stored, without a restart', async () => {
    fs.rmSync(filler);
    expect(await waitForDocument(s, token, jobId, 60_000)).toEqual({ status: 'processed', progress: 100 });
    expect((await s.ctx.documents.findById(jobId))?.attempts).toBe(1);
    const search = await s.api('/api/tables/CultivoProyecto?search=castilla', { token });
    expect(search.status).toBe(200);
    const found = (await search.json()) as { data: { variedad: string }[] };
    expect(found.data.length).toBeGreaterThan(0);
    for (const row of found.data) expect(row.variedad).toMatch(/Castilla/);
    const res = await upload(s, token, [{ name: 'nuevo.pdf', bytes: fixture('stream-2001.pdf') }]);
    expect(res.status).toBe(201);
    const id = (await res.json()).documents[0].id as number;
    expect(await waitForDocument(s, token, id, 60_000)).toEqual({ status: 'processed', progress: 100 });
    const login = await s.api('/api/auth/login', { method: 'POST', json: { email: 'ana@example.com', password: 'user-pass-123' } });
    expect(login.status).toBe(200);
    await expectNothingHalfWritten();
  }, 120_000);
});
