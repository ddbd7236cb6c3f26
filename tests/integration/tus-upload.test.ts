import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { PDFDocument } from 'pdf-lib';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, fixture, startServer, tinyPdf, waitForDocument, type ApiResponse, type TestServer } from './helpers.ts';

/**
 * Resumable uploads (issue 11, docs/decisions/052): a file cut mid-send resumes where it stopped,
 * a replay with the same client id gives the same document, and the tus door refuses what the
 * multipart one refuses, in the same Spanish words.
 */
let s: TestServer;
let token: string;
let other: string;

beforeAll(async () => {
  s = await startServer({ JOB_TIMEOUT_MS: '30000' });
  token = await s.login();
  other = await s.createUser('otra@example.com');
});
afterAll(() => s.close());

const TUS = '/api/uploads/tus';
const b64 = (v: string) => Buffer.from(v).toString('base64');

function tusHeaders(auth: string | undefined, extra: Record<string, string> = {}): Record<string, string> {
  return { 'Tus-Resumable': '1.0.0', ...(auth ? { Authorization: `Bearer ${auth}` } : {}), ...extra };
}

async function create(auth: string | undefined, length: number, meta: Record<string, string> = {}): Promise<ApiResponse> {
  const metadata = Object.entries(meta).map(([k, v]) => `${k} ${b64(v)}`).join(',');
  return fetch(`${s.url}${TUS}`, {
    method: 'POST',
    headers: tusHeaders(auth, { 'Upload-Length': String(length), ...(metadata ? { 'Upload-Metadata': metadata } : {}) }),
  });
}

/** Creates an upload and answers its URL path (the Location is relative). */
async function created(auth: string, length: number, meta: Record<string, string> = {}): Promise<string> {
  const res = await create(auth, length, meta);
  expect(res.status, await res.clone().text()).toBe(201);
  const location = res.headers.get('location')!;
  expect(location).toMatch(/^\/api\/uploads\/tus\/[0-9a-f]+$/);
  return location;
}

function patch(auth: string | undefined, location: string, offset: number, bytes: Uint8Array): Promise<ApiResponse> {
  return fetch(`${s.url}${location}`, {
    method: 'PATCH',
    headers: tusHeaders(auth, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }),
    body: bytes,
  });
}

const head = (auth: string | undefined, location: string) => fetch(`${s.url}${location}`, { method: 'HEAD', headers: tusHeaders(auth) });

/**
 * A PATCH that declares the whole rest but sends only `sent` bytes, then the client's socket is
 * destroyed: the connection of a tablet that lost its signal mid-file.
 */
async function cutPatch(location: string, bytes: Buffer, sent: number): Promise<void> {
  const { hostname, port } = new URL(s.url);
  const req = http.request({
    host: hostname,
    port,
    method: 'PATCH',
    path: location,
    headers: tusHeaders(token, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(bytes.length) }),
  });
  req.on('error', () => undefined);
  await new Promise<void>((resolve) => req.write(bytes.subarray(0, sent), () => resolve()));
  // Let the bytes reach the server before the cut.
  await new Promise((r) => setTimeout(r, 500));
  req.destroy();
}

/** grid-1001.pdf with a random attachment: a real application over the 1 MB JSON body limit. */
async function bigApplication(mb: number): Promise<Buffer> {
  const doc = await PDFDocument.load(fixture('grid-1001.pdf'));
  const filler = Buffer.alloc(mb * 1024 * 1024);
  for (let i = 0; i < filler.length; i += 4) filler.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  await doc.attach(filler, 'relleno.bin');
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const documentsOf = async (auth: string) => (await (await s.api('/api/documents?page_size=100', { token: auth })).json()).data as { id: number; original_filename: string }[];
/** Partial uploads kept by the server: files in DATA_DIR/tus, or rows on PostgreSQL (issue 13). */
const partials = async () =>
  s.ctx.dialect === 'postgres' ? (await s.ctx.db.selectFrom('tus_uploads').select('id').execute()).map((r) => r.id) : fs.readdirSync(path.join(s.config.dataDir, 'tus'));
/** Every byte of an upload stored as a PATCH would have, without the PATCH (nor its finish). */
async function leaveBytes(id: string, bytes: Buffer): Promise<void> {
  if (s.ctx.dialect !== 'postgres') return fs.writeFileSync(path.join(s.config.dataDir, 'tus', id), bytes);
  await s.ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('tus_uploads').set({ offset: bytes.length }).where('id', '=', id).execute();
    await trx.insertInto('tus_chunks').values({ upload_id: id, offset: 0, bytes }).execute();
  });
}

describe('resumable uploads (tus)', () => {
  it('resumes a file cut mid-send from the offset HEAD gives: one document, processed', async () => {
    const bytes = await bigApplication(2.5);
    const location = await created(token, bytes.length, { filename: 'solicitud-cortada.pdf', clientId: 'cut-1' });
    await cutPatch(location, bytes, Math.floor(bytes.length / 2));

    // What arrived before the cut is kept (the lock of the cut PATCH is released first).
    let offset = 0;
    await expect
      .poll(async () => {
        const res = await head(token, location);
        expect(res.status).toBe(200);
        expect(res.headers.get('upload-length')).toBe(String(bytes.length));
        offset = Number(res.headers.get('upload-offset'));
        return offset;
      }, { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(Math.floor(bytes.length / 2));

    // The rest, from there (over 1 MB in one PATCH: the JSON body limit does not apply).
    const res = await patch(token, location, offset, bytes.subarray(offset));
    expect(res.status).toBe(201);
    expect(res.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body.message).toBe('Archivo subido correctamente. Se está procesando.');
    expect(body.documents).toHaveLength(1);
    const id = body.documents[0].id as number;
    expect(body.documents[0]).toMatchObject({ original_filename: 'solicitud-cortada.pdf', size: bytes.length, duplicate: false });
    expect(res.headers.get('upload-document-id')).toBe(String(id));

    expect(await waitForDocument(s, token, id, 90_000)).toMatchObject({ status: 'processed' });
    // Where the PDF store keeps it: DATA_DIR/files, or document_files on PostgreSQL.
    const stored = await s.ctx.pdfs.get((await s.ctx.documents.findById(id))!);
    if (!stored) throw new Error('no stored PDF');
    expect((Buffer.isBuffer(stored) ? stored : await buffer(stored)).equals(bytes)).toBe(true);
    expect((await documentsOf(token)).filter((d) => d.original_filename === 'solicitud-cortada.pdf')).toHaveLength(1);
    // The partial file is gone once the upload finished.
    expect((await head(token, location)).status).toBe(404);
    expect(await partials()).toEqual([]);
  }, 120_000);

  it('a replay with the same client id (a new upload of the same file) answers the same document', async () => {
    const bytes = tinyPdf('replay');
    const first = await patch(token, await created(token, bytes.length, { filename: 'replay.pdf', clientId: 'client-7' }), 0, bytes);
    expect(first.status).toBe(201);
    const id = (await first.json()).documents[0].id;

    const again = await patch(token, await created(token, bytes.length, { filename: 'replay.pdf', clientId: 'client-7' }), 0, bytes);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).documents.map((d: { id: number }) => d.id)).toEqual([id]);

    // The client id is the multipart upload's Idempotency-Key too: one record for the file, whichever door.
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'replay.pdf');
    const multipart = await s.api('/api/documents/upload', { method: 'POST', token, body: form, headers: { 'Idempotency-Key': 'client-7' } });
    expect(multipart.headers.get('idempotent-replayed')).toBe('true');
    expect((await multipart.json()).documents[0].id).toBe(id);
    expect((await documentsOf(token)).filter((d) => d.original_filename === 'replay.pdf')).toHaveLength(1);
  });

  it('answers 401 without a token, and 404 to another user on an upload that is not theirs', async () => {
    expect((await create(undefined, 10)).status).toBe(401);
    const bytes = tinyPdf('ajeno');
    const location = await created(token, bytes.length, { filename: 'ajeno.pdf' });
    expect((await head(undefined, location)).status).toBe(401);
    const anonymous = await patch(undefined, location, 0, bytes);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).code).toBe('UNAUTHENTICATED');

    expect((await head(other, location)).status).toBe(404);
    const foreign = await patch(other, location, 0, bytes);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ error: 'Recurso no encontrado', code: 'NOT_FOUND' });
    const deleted = await fetch(`${s.url}${location}`, { method: 'DELETE', headers: tusHeaders(other) });
    expect(deleted.status).toBe(404);
    // Untouched for its owner.
    const own = await head(token, location);
    expect(own.status).toBe(200);
    expect(own.headers.get('upload-offset')).toBe('0');
    expect((await fetch(`${s.url}${location}`, { method: 'DELETE', headers: tusHeaders(token) })).status).toBe(204);
  });

  it('refuses a non-PDF with the Spanish message, stores no document and drops the partial file', async () => {
    const text = Buffer.from('Esto es una hoja de texto, no un PDF.\n'.repeat(50));
    const location = await created(token, text.length, { filename: 'no-es-pdf.pdf', clientId: 'texto-1' });
    const half = Math.floor(text.length / 2);
    expect((await patch(token, location, 0, text.subarray(0, half))).status).toBe(204);
    const res = await patch(token, location, half, text.subarray(half));
    expect(res.status).toBe(415);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ error: 'Solo se permiten archivos PDF', code: 'NOT_PDF' });
    expect((await documentsOf(token)).map((d) => d.original_filename)).not.toContain('no-es-pdf.pdf');
    await expect.poll(() => partials()).toEqual([]);
    // Refusals keep no answer: the same client id is checked again.
    const pdf = tinyPdf('texto-1 corregido');
    expect((await patch(token, await created(token, pdf.length, { filename: 'no-es-pdf.pdf', clientId: 'texto-1' }), 0, pdf)).status).toBe(201);
  });

  it('drops a complete upload that was never accepted (the server stopped in between); sent again, it is one document', async () => {
    const bytes = tinyPdf('sin aceptar');
    const location = await created(token, bytes.length, { filename: 'sin-aceptar.pdf', clientId: 'leftover-1' });
    // What a server killed between the last byte and the document leaves: every byte on disk, no document.
    await leaveBytes(location.split('/').pop()!, bytes);
    // tus alone would say "complete" and the client would never hear of a document.
    expect((await head(token, location)).status).toBe(404);
    expect(await partials()).toEqual([]);
    const again = await patch(token, await created(token, bytes.length, { filename: 'sin-aceptar.pdf', clientId: 'leftover-1' }), 0, bytes);
    expect(again.status).toBe(201);
    expect((await documentsOf(token)).filter((d) => d.original_filename === 'sin-aceptar.pdf')).toHaveLength(1);
  });

  it('refuses a file over 10 MB when the upload is created (413), before any byte is sent', async () => {
    const res = await create(token, 10 * 1024 * 1024 + 1, { filename: 'grande.pdf' });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'El archivo supera el tamaño máximo de 10MB', code: 'FILE_TOO_LARGE' });
    const options = await fetch(`${s.url}${TUS}`, { method: 'OPTIONS', headers: { Authorization: `Bearer ${token}` } });
    expect(options.status).toBe(204);
    expect(options.headers.get('tus-max-size')).toBe(String(10 * 1024 * 1024));
  });

  it('works with tus-js-client, the outbox’s client: chunks, progress, the document in the last answer', async () => {
    const bytes = tinyPdf('tus-js-client '.repeat(200));
    const progress: number[] = [];
    const last = await new Promise<tus.HttpResponse>((resolve, reject) => {
      new tus.Upload(bytes, {
        endpoint: `${s.url}${TUS}`,
        headers: { Authorization: `Bearer ${token}` },
        metadata: { filename: 'cliente.pdf', clientId: 'tus-js-1' },
        chunkSize: 1024,
        retryDelays: [],
        onProgress: (sent) => progress.push(sent),
        onSuccess: ({ lastResponse }) => resolve(lastResponse),
        onError: reject,
      }).start();
    });
    expect(last.getStatus()).toBe(201);
    expect(JSON.parse(last.getBody()).documents[0]).toMatchObject({ original_filename: 'cliente.pdf', duplicate: false });
    expect(progress.length).toBeGreaterThan(2);
  });
});

describe('processing_info.error_code', () => {
  it('says why a document failed, in the detail and in the list; null when it did not', async () => {
    const bytes = fixture('pdfjs-pr6531_2-user-password.pdf');
    const res = await patch(token, await created(token, bytes.length, { filename: 'clave.pdf' }), 0, bytes);
    expect(res.status).toBe(201);
    const id = (await res.json()).documents[0].id;
    expect(await waitForDocument(s, token, id)).toMatchObject({ status: 'error' });
    const detail = (await (await s.api(`/api/documents/${id}`, { token })).json()).data;
    expect(detail.processing_info).toMatchObject({ error: 'El archivo PDF está protegido con contraseña.', error_code: 'password' });
    const listed = (await (await s.api('/api/documents?status=error&page_size=100', { token })).json()).data.find((d: { id: number }) => d.id === id);
    expect(listed.processing_info.error_code).toBe('password');
    const fine = (await documentsOf(token)).find((d) => d.original_filename === 'solicitud-cortada.pdf') as unknown as { processing_info: { error_code: unknown } };
    expect(fine.processing_info.error_code).toBeNull();
  }, 60_000);
});

describe('an upload whose last bytes are being checked', () => {
  afterAll(() => {
    delete process.env.EXTRACT_ENGINE_MODULE;
    delete process.env.TEST_ENGINE_MODE;
  });

  it('answers 423 to HEAD meanwhile, and the finishing PATCH then answers the document', async () => {
    // The upload check's open spins until its budget (2.5 s) runs out: a slow check, then accepted.
    process.env.EXTRACT_ENGINE_MODULE = path.join(FIXTURES, 'test-engine.ts');
    process.env.TEST_ENGINE_MODE = 'hang-open';
    const bytes = tinyPdf('comprobando');
    const location = await created(token, bytes.length, { filename: 'comprobando.pdf', clientId: 'slow-1' });
    const finishing = patch(token, location, 0, bytes);
    await expect.poll(async () => (await head(token, location)).status, { interval: 100, timeout: 10_000 }).toBe(423);
    const busy = await patch(token, location, 0, bytes);
    expect(busy.status).toBe(423);
    expect(await busy.json()).toMatchObject({ error: 'Esta subida ya se está procesando. Intenta de nuevo en unos momentos.', code: 'UPLOAD_FINISHING' });
    expect((await finishing).status).toBe(201);
    await expect.poll(async () => (await head(token, location)).status).toBe(404);
  }, 30_000);
});
