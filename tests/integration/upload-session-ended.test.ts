import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, startServer, type TestServer } from './helpers.ts';

// Sixth attacker's audit (2026-12-02, decision 037): the session was checked when a request
// started, and an upload takes as long as its link needs (up to REQUEST_TIMEOUT_MS). An account
// disabled — or whose password an administrator reset — while its multipart upload (or tus's
// finishing PATCH) was still arriving had its PDF stored (201) and extracted after the fact. Now
// asked again before anything is stored: 401, nothing kept.
let s: TestServer;
let admin: string;
const pdf = fixture('grid-1001.pdf');

beforeAll(async () => {
  s = await startServer({}, { runJobs: false });
  admin = await s.login();
});
afterAll(() => s.close());

/** A signed-in plain user: their token and id. */
async function uploader(email: string): Promise<{ token: string; id: number }> {
  const token = await s.createUser(email);
  return { token, id: (await (await s.api('/api/users/me', { token })).json()).data.id as number };
}

/** Sends `body` in two parts: `between` runs once the server has the first part and waits for the rest. */
function slowRequest(path: string, method: string, headers: Record<string, string | number>, body: Buffer, between: () => Promise<void>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(new URL(path, s.url), { method, headers: { ...headers, 'Content-Length': body.length } });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.write(body.subarray(0, 1000));
    setTimeout(() => void between().then(() => req.end(body.subarray(1000)), reject), 300);
  });
}

function multipart(name: string): { body: Buffer; type: string } {
  const boundary = 'limite-sexta-auditoria';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

const documentsOf = async (ownerId: number) => s.ctx.db.selectFrom('documents').select('id').where('owner_id', '=', ownerId).execute();
const patchUser = (id: number, json: unknown) => s.api(`/api/users/${id}`, { method: 'PATCH', token: admin, json });

describe('an upload whose session ends while it arrives', () => {
  it('multipart, account disabled meanwhile: 401 and nothing stored', async () => {
    const u = await uploader('lenta@example.com');
    const { body, type } = multipart('tarde.pdf');
    const res = await slowRequest('/api/documents/upload', 'POST', { Authorization: `Bearer ${u.token}`, 'Content-Type': type }, body, async () => {
      expect((await patchUser(u.id, { active: false })).status).toBe(200);
    });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).code).toBe('UNAUTHENTICATED');
    expect(await documentsOf(u.id)).toEqual([]);
  });

  it('multipart, password reset by an administrator meanwhile: 401 and nothing stored', async () => {
    const u = await uploader('robada@example.com');
    const { body, type } = multipart('intruso.pdf');
    const res = await slowRequest('/api/documents/upload', 'POST', { Authorization: `Bearer ${u.token}`, 'Content-Type': type }, body, async () => {
      expect((await patchUser(u.id, { password: 'nueva-clave-123' })).status).toBe(200);
    });
    expect(res.status).toBe(401);
    expect(await documentsOf(u.id)).toEqual([]);
  });

  it("tus, account disabled during the finishing PATCH: 401 and nothing stored", async () => {
    const u = await uploader('reanudable@example.com');
    const created = await s.api('/api/uploads/tus', {
      method: 'POST',
      token: u.token,
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(pdf.length), 'Upload-Metadata': `filename ${Buffer.from('tarde.pdf').toString('base64')}` },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, s.url).pathname;
    const res = await slowRequest(
      location,
      'PATCH',
      { Authorization: `Bearer ${u.token}`, 'Tus-Resumable': '1.0.0', 'Upload-Offset': 0, 'Content-Type': 'application/offset+octet-stream' },
      pdf,
      async () => {
        expect((await patchUser(u.id, { active: false })).status).toBe(200);
      },
    );
    expect(res.status).toBe(401);
    expect(await documentsOf(u.id)).toEqual([]);
  });

  it('a session that holds still uploads (201)', async () => {
    const u = await uploader('normal@example.com');
    const { body, type } = multipart('a-tiempo.pdf');
    const res = await slowRequest('/api/documents/upload', 'POST', { Authorization: `Bearer ${u.token}`, 'Content-Type': type }, body, async () => undefined);
    expect(res.status).toBe(201);
    expect(await documentsOf(u.id)).toHaveLength(1);
  });
});
