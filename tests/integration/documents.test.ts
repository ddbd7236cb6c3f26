import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, startServer, tinyPdf, upload, waitForDocument, type TestServer } from './helpers.ts';

let s: TestServer;
let admin: string;
let user: string;
let otherUser: string;
const grid = fixture('grid-1001.pdf');

beforeAll(async () => {
  s = await startServer();
  admin = await s.login();
  user = await s.createUser('ana@example.com');
  otherUser = await s.createUser('beto@example.com');
});
afterAll(() => s.close());

describe('upload and documents', () => {
  let docId: number;

  it('stores a PDF as pending, processes it and shows its detail', async () => {
    const res = await upload(s, user, [{ name: 'Solicitud Número 1.pdf', bytes: grid }]);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.message).toBe('Archivo subido correctamente. Se está procesando.');
    expect(body.documents).toHaveLength(1);
    const doc = body.documents[0];
    expect(doc).toMatchObject({ filename: 'Solicitud Número 1.pdf', original_filename: 'Solicitud Número 1.pdf', status: 'pending', progress: 0, duplicate: false, nosolicitud: '' });
    expect(doc.processing_info.upload_date).toBe(doc.upload_date);
    docId = doc.id;

    expect(await waitForDocument(s, user, docId)).toEqual({ status: 'processed', progress: 100 });
    const detail = (await (await s.api(`/api/documents/${docId}`, { token: user })).json()).data;
    expect(detail.nosolicitud).toBe('009176');
    expect(detail.header.solicitante).toMatch(/Los Naranjos/);
    expect(detail.processing_info.pages).toBe(3);
    expect(detail.processing_info.started_at).toBeTruthy();
    expect(detail.processing_info.finished_at).toBeTruthy();
    expect(detail.tables_info.by_table.CostosDirectos).toBeGreaterThan(0);
    expect(detail.total_tables_extracted).toBe(Object.keys(detail.tables_info.by_table).length);
    const costos = detail.tables.find((t: { name: string }) => t.name === 'CostosDirectos');
    expect(costos.title).toBeTruthy();
    expect(costos.quality[0]).toMatchObject({ table: 'CostosDirectos', method: expect.any(String) });
  });

  it('answers a byte-identical file with the existing document', async () => {
    const res = await upload(s, user, [{ name: 'copia.pdf', bytes: grid }]);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toMatch(/ya había sido subido/);
    expect(body.documents[0]).toMatchObject({ id: docId, duplicate: true, filename: 'Solicitud Número 1.pdf' });
  });

  it('replays an Idempotency-Key without a second document', async () => {
    const bytes = Buffer.concat([fixture('stream-2001.pdf'), Buffer.from('\n% outbox copy\n')]);
    const headers = { 'Idempotency-Key': 'client-file-42' };
    const first = await upload(s, user, [{ name: 'outbox.pdf', bytes }], headers);
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const again = await upload(s, user, [{ name: 'outbox.pdf', bytes }], headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    const list = await (await s.api('/api/documents?page_size=100', { token: user })).json();
    expect(list.data.filter((d: { filename: string }) => d.filename === 'outbox.pdf')).toHaveLength(1);
    await waitForDocument(s, user, firstBody.documents[0].id);
  });

  it('refuses non-PDF content whatever its name and type (415)', async () => {
    const res = await upload(s, user, [{ name: 'factura.pdf', bytes: Buffer.from('<html>not a pdf</html>'), type: 'application/pdf' }]);
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: 'Solo se permiten archivos PDF', code: 'NOT_PDF' });
    const tiny = await upload(s, user, [{ name: 'bad.pdf', bytes: fixture('qpdf-bad1-5bytes.pdf') }]);
    expect(tiny.status).toBe(415);
  });

  it('checks content by a parse: damaged files are refused, password-protected PDFs accepted', async () => {
    // bug1020226 carries the %PDF- signature: only the parse can refuse it.
    expect(fixture('pdfjs-bug1020226.pdf').subarray(0, 1024).includes('%PDF-')).toBe(true);
    for (const name of ['pdfjs-bug1020226.pdf', 'qpdf-issue-148-bad-flate.pdf']) {
      const bytes = fixture(name);
      const res = await upload(s, user, [{ name, bytes }]);
      expect(res.status, name).toBe(415);
      expect(await res.json()).toMatchObject({ error: 'Solo se permiten archivos PDF', code: 'NOT_PDF' });
    }
    const list = await (await s.api('/api/documents?page_size=100', { token: user })).json();
    expect(list.data.map((d: { filename: string }) => d.filename)).not.toContain('pdfjs-bug1020226.pdf');

    const locked = await upload(s, user, [{ name: 'clave.pdf', bytes: fixture('pdfjs-pr6531_2-user-password.pdf') }]);
    expect(locked.status).toBe(201);
    const id = (await locked.json()).documents[0].id;
    expect(await waitForDocument(s, user, id)).toMatchObject({ status: 'error' });
    const doc = (await (await s.api(`/api/documents/${id}`, { token: user })).json()).data;
    expect(doc.processing_info.error).toBe('El archivo PDF está protegido con contraseña.');
  }, 60_000);

  it('refuses files over 10 MB (413) and more than three files (400)', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0x20);
    big.write('%PDF-1.7\n');
    const res = await upload(s, user, [{ name: 'grande.pdf', bytes: big }]);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe('El archivo supera el tamaño máximo de 10MB');

    const small = (n: number) => ({ name: `f${n}.pdf`, bytes: tinyPdf(`${n}`) });
    const four = await upload(s, user, [small(1), small(2), small(3), small(4)]);
    expect(four.status).toBe(400);
    expect(await four.json()).toMatchObject({ error: 'No se pueden subir más de 3 archivos a la vez' });
    const none = await s.api('/api/documents/upload', { method: 'POST', token: user, body: new FormData() });
    expect(none.status).toBe(400);
    // Nothing of the refused requests was stored.
    const list = await (await s.api('/api/documents?page_size=100', { token: user })).json();
    expect(list.data.map((d: { filename: string }) => d.filename)).not.toContain('f1.pdf');
  });

  it('accepts up to three files in one request', async () => {
    const small = (n: number) => ({ name: `trio-${n}.pdf`, bytes: tinyPdf(`trio ${n}`) });
    const res = await upload(s, otherUser, [small(1), small(2), small(3)]);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.documents).toHaveLength(3);
    expect(body.message).toBe('3 archivos subidos correctamente. Se están procesando.');
    for (const d of body.documents) expect((await waitForDocument(s, otherUser, d.id)).status).toBe('error');
    // Blank pages: they open (accepted at upload) and the job finds no text layer.
    const detail = (await (await s.api(`/api/documents/${body.documents[0].id}`, { token: otherUser })).json()).data;
    expect(detail.processing_info.error).toBe('El PDF no tiene texto seleccionable (parece una imagen escaneada).');
  });

  it('lists own documents or everyone’s, with filters, search, sort and pagination edges', async () => {
    const own = await (await s.api('/api/documents?page=1&page_size=2', { token: otherUser })).json();
    expect(own.pagination).toEqual({ page: 1, page_size: 2, total_items: 3, total_pages: 2, has_next: true, has_previous: false });
    expect(own.data.every((d: { owner_id: number }) => d.owner_id === own.data[0].owner_id)).toBe(true);
    const last = await (await s.api('/api/documents?page=2&page_size=2', { token: otherUser })).json();
    expect(last.data).toHaveLength(1);
    expect(last.pagination).toMatchObject({ has_next: false, has_previous: true });
    const beyond = await (await s.api('/api/documents?page=9&page_size=2', { token: otherUser })).json();
    expect(beyond.data).toEqual([]);

    const all = await (await s.api('/api/documents?all_documents=true&page_size=100', { token: otherUser })).json();
    // grid, outbox, the password-protected one (an error) and the trio (errors: blank pages).
    expect(all.pagination.total_items).toBe(6);
    const errors = await (await s.api('/api/documents?all_documents=true&status=error', { token: otherUser })).json();
    expect(errors.pagination.total_items).toBe(4);
    const asc = await (await s.api('/api/documents?all_documents=true&sort=asc', { token: admin })).json();
    expect(asc.data[0].id).toBe(docId);
    const search = await (await s.api(`/api/documents?all_documents=true&search=${encodeURIComponent('SOLICITUD NUMERO')}`, { token: admin })).json();
    expect(search.data.map((d: { id: number }) => d.id)).toEqual([docId]);
    const byNumber = await (await s.api('/api/documents?all_documents=true&search=9176', { token: admin })).json();
    expect(byNumber.data.map((d: { id: number }) => d.id)).toEqual([docId]);

    for (const q of ['page=0', 'page_size=0', 'page_size=101', 'status=done', 'sort=up', 'unknown=1', 'all_documents=maybe']) {
      const res = await s.api(`/api/documents?${q}`, { token: admin });
      expect(res.status, q).toBe(400);
    }
    expect((await s.api('/api/documents?page_size=100', { token: admin })).status).toBe(200);
  });

  it('progress and detail answer 404 whose detail says not found', async () => {
    for (const url of ['/api/documents/99999/progress', '/api/documents/99999', '/api/documents/99999/file']) {
      const res = await s.api(url, { token: user });
      expect(res.status).toBe(404);
      const body = await res.json();
      expect(body.detail).toMatch(/not found/);
      expect(body.error).toBe('Documento no encontrado');
    }
    expect((await s.api('/api/documents/abc/progress', { token: user })).status).toBe(400);
  });

  it('downloads the original PDF as an attachment', async () => {
    const res = await s.api(`/api/documents/${docId}/file`, { token: otherUser });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''Solicitud%20N%C3%BAmero%201.pdf");
    expect(Buffer.from(await res.arrayBuffer()).equals(grid)).toBe(true);
  });

  it('reprocess (admin) runs the extraction again with the rows replaced, not added', async () => {
    const before = (await (await s.api(`/api/documents/${docId}`, { token: admin })).json()).data.tables_info.by_table;
    const tablesBefore = await (await s.api('/api/tables', { token: admin })).json();
    const res = await s.api(`/api/documents/${docId}/reprocess`, { method: 'POST', token: admin });
    expect(res.status).toBe(202);
    expect(await waitForDocument(s, admin, docId)).toEqual({ status: 'processed', progress: 100 });
    const after = (await (await s.api(`/api/documents/${docId}`, { token: admin })).json()).data.tables_info.by_table;
    expect(after).toEqual(before);
    expect(await (await s.api('/api/tables', { token: admin })).json()).toEqual(tablesBefore);
    expect((await s.api('/api/documents/99999/reprocess', { method: 'POST', token: admin })).status).toBe(404);
  });

  it('delete (admin) removes the document, its rows and its file', async () => {
    const page = await (await s.api('/api/tables/CostosDirectos?nosolicitud=009176', { token: admin })).json();
    expect(page.pagination.total_items).toBeGreaterThan(0);
    const res = await s.api(`/api/documents/${docId}`, { method: 'DELETE', token: admin });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('Documento eliminado.');
    expect((await s.api(`/api/documents/${docId}/progress`, { token: admin })).status).toBe(404);
    const gone = await (await s.api('/api/tables/CostosDirectos?nosolicitud=009176', { token: admin })).json();
    expect(gone.pagination.total_items).toBe(0);
    const catalogue = await (await s.api('/api/tables', { token: admin })).json();
    const costos = catalogue.data.find((t: { name: string }) => t.name === 'CostosDirectos');
    const remaining = await (await s.api('/api/tables/CostosDirectos', { token: admin })).json();
    expect(costos.row_count).toBe(remaining.pagination.total_items);
    expect((await s.api(`/api/documents/${docId}`, { method: 'DELETE', token: admin })).status).toBe(404);
  });
});
