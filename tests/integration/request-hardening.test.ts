import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tinyPdf, upload, type TestServer } from './helpers.ts';

// Issue 8: hostile query strings, multipart bodies, file names and headers.
let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer({}, { runJobs: false });
  token = await s.login();
});
afterAll(() => s.close());

/** A raw HTTP/1.1 request whose body is exactly `body` (Content-Length), answered status and JSON. */
function rawRequest(url: string, head: string[], body: Buffer): Promise<{ status: number; json: unknown }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(Buffer.concat([Buffer.from([...head, `Content-Length: ${body.length}`, 'Connection: close', '', ''].join('\r\n')), body]));
    });
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1]);
      const text = data.slice(data.indexOf('\r\n\r\n') + 4);
      const json = text.trim().startsWith('{') ? JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) : text;
      resolve({ status, json });
    });
    setTimeout(() => socket.destroy(new Error(`no answer:\n${data}`)), 10_000).unref();
  });
}

const part = (boundary: string, name: string, bytes: Buffer) =>
  Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`), bytes]);

describe('bad requests are 400, not 500', () => {
  it('page=1e308, page=Infinity and page=1e20 on tables and documents', async () => {
    for (const route of ['/api/tables/CostosDirectos', '/api/documents']) {
      for (const query of ['page=1e308', 'page=Infinity', 'page=1e20', 'page=-Infinity', 'page=NaN', 'page_size=Infinity', 'page=10000001']) {
        const res = await s.api(`${route}?${query}`, { token });
        expect(res.status, `${route}?${query}`).toBe(400);
        expect(await res.json()).toMatchObject({ error: 'La solicitud no es válida.', code: 'VALIDATION' });
      }
      // The largest page allowed still answers (an empty page).
      expect((await s.api(`${route}?page=10000000`, { token })).status).toBe(200);
    }
  });

  it('ids that are not finite or do not fit the database', async () => {
    for (const id of ['Infinity', '1e308', '99999999999']) {
      for (const route of [`/api/documents/${id}`, `/api/documents/${id}/file`]) {
        const res = await s.api(route, { token });
        expect(res.status, route).toBe(400);
        expect(await res.json()).toMatchObject({ code: 'VALIDATION' });
      }
    }
    expect((await s.api('/api/documents/2147483647', { token })).status).toBe(404);
  });

  it('a multipart boundary over 256 characters', async () => {
    const boundary = 'b'.repeat(300);
    const body = Buffer.concat([part(boundary, 'a.pdf', tinyPdf('long boundary')), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await s.api('/api/documents/upload', { method: 'POST', token, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'El envío del archivo llegó incompleto o dañado. Intenta de nuevo.', code: 'MALFORMED_MULTIPART' });
  });

  it('an unterminated multipart body (Content-Length-delimited, no closing boundary)', async () => {
    const boundary = 'unterminated123';
    const { status, json } = await rawRequest(
      s.url,
      ['POST /api/documents/upload HTTP/1.1', `Host: ${new URL(s.url).host}`, `Authorization: Bearer ${token}`, `Content-Type: multipart/form-data; boundary=${boundary}`],
      part(boundary, 'a.pdf', tinyPdf('cut short')),
    );
    expect(status).toBe(400);
    expect(json).toMatchObject({ error: 'El envío del archivo llegó incompleto o dañado. Intenta de nuevo.', code: 'MALFORMED_MULTIPART' });
    // The server is fine afterwards.
    expect((await s.api('/api/health')).status).toBe(200);
  });
});

describe('uploaded file names', () => {
  it('lose Unicode format characters: bidi overrides, zero-width characters, BOM', async () => {
    const res = await upload(s, token, [
      { name: 'factura\u202Efdp.exe.pdf', bytes: tinyPdf('rlo') },
      { name: '\uFEFFcero\u200Bancho\u200D\u2066.pdf', bytes: tinyPdf('zw') },
    ]);
    expect(res.status).toBe(201);
    const names = ((await res.json()) as { documents: { filename: string }[] }).documents.map((d) => d.filename);
    expect(names).toEqual(['facturafdp.exe.pdf', 'ceroancho.pdf']);
  });

  it('over 255 characters are cut between characters, never inside one (an emoji was halved into mojibake)', async () => {
    const res = await upload(s, token, [{ name: `${'a'.repeat(254)}\u{1F600}.pdf`, bytes: tinyPdf('long') }]);
    const doc = ((await res.json()) as { documents: { id: number; filename: string }[] }).documents[0]!;
    expect(doc.filename).toBe(`${'a'.repeat(254)}\u{1F600}`);
    const listed = await s.api(`/api/documents/${doc.id}`, { token });
    expect(((await listed.json()) as { data: { filename: string } }).data.filename).toBe(`${'a'.repeat(254)}\u{1F600}`);
  });

  it("are sent back in Content-Disposition as RFC 5987 says: ' ( ) * escaped in filename*", async () => {
    const res = await upload(s, token, [{ name: "l'acta (1)*.pdf", bytes: tinyPdf('quote') }]);
    const id = ((await res.json()) as { documents: { id: number }[] }).documents[0]!.id;
    const file = await s.api(`/api/documents/${id}/file`, { token });
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="l'acta (1)*.pdf"; filename*=UTF-8''l%27acta%20%281%29%2A.pdf`);
  });
});

// Second attacker's audit: API answers (applicants' names, amounts, the PDFs) said nothing about
// caching, so a shared tablet's browser was free to keep them in its HTTP cache after logout; the
// service worker's own cache is purged at logout (decision 050), the browser's is not ours to purge.
describe('API answers are not stored by the browser', () => {
  it('every /api answer, data, file, error or refusal, says Cache-Control: no-store', async () => {
    const res = await upload(s, token, [{ name: 'cache.pdf', bytes: tinyPdf('cache') }]);
    const id = ((await res.json()) as { documents: { id: number }[] }).documents[0]!.id;
    for (const path of ['/api/documents', `/api/documents/${id}`, `/api/documents/${id}/file`, '/api/tables/CostosDirectos', '/api/users/me', '/api/nothing-here']) {
      const answer = await s.api(path, { token });
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
    }
    expect((await s.api('/api/documents')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('JSON body over the limit', () => {
  it('answers 413 with its own message, not the 10 MB file one', async () => {
    const res = await s.api('/api/auth/login', { method: 'POST', json: { email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) } });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'La solicitud es demasiado grande.', code: 'BODY_TOO_LARGE' });
  });

  it('the login, open to anyone, takes 16 KB: a megabyte nested deep is refused unread (decision 036)', async () => {
    const deep = '['.repeat(400_000) + ']'.repeat(400_000);
    const res = await s.api('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'La solicitud es demasiado grande.', code: 'BODY_TOO_LARGE' });
    // The longest email and password the schema allows, every character escaped, still fit.
    const escaped = (n: number) => '\\u00e9'.repeat(n);
    const longest = `{"email":"${escaped(254)}","password":"${escaped(1024)}"}`;
    const ok = await s.api('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: longest });
    expect(ok.status).toBe(401);
    // Signed in, a JSON body still has the app-wide 1 MB.
    const named = await s.api('/api/users/1', { method: 'PATCH', token, json: { name: 'x'.repeat(100_000) } });
    expect(named.status).toBe(400);
    expect(await named.json()).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP, nor for an untrusted X-Forwarded-Proto', async () => {
    expect((await s.api('/api/health')).headers.get('strict-transport-security')).toBeNull();
    expect((await s.api('/api/health', { headers: { 'X-Forwarded-Proto': 'https' } })).headers.get('strict-transport-security')).toBeNull();
  });

  it('is sent when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await startServer({ TRUST_PROXY: 'loopback' }, { runJobs: false });
    try {
      const res = await proxied.api('/api/health', { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+; includeSubDomains$/);
      expect((await proxied.api('/api/health')).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.close();
    }
  });
});
