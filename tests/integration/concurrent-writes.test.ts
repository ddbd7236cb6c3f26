import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tinyPdf, upload, type TestServer } from './helpers.ts';

// Third attacker's audit (decisions 033, 034): the same write sent several times at once. Each was
// checked, then written; requests arriving together all passed the check before any wrote.
let s: TestServer;
let admin: string;
let user: string;
beforeAll(async () => {
  s = await startServer({}, { runJobs: false });
  admin = await s.login();
  user = await s.createUser('concurrent@example.com');
});
afterAll(() => s.close());

const documentsNamed = async (token: string, name: string): Promise<number[]> => {
  const res = await s.api('/api/documents?page_size=100', { token });
  const body = (await res.json()) as { data: { id: number; original_filename: string }[] };
  return body.data.filter((d) => d.original_filename === name).map((d) => d.id);
};

/** A tus upload of `bytes` sent whole in one PATCH; the finishing PATCH's answer. */
async function tusUpload(token: string, name: string, bytes: Buffer, clientId: string): Promise<Response> {
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await s.api('/api/uploads/tus', {
    method: 'POST',
    token,
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.length), 'Upload-Metadata': `filename ${b64(name)},clientId ${b64(clientId)}` },
  });
  expect(created.status).toBe(201);
  return s.api(created.headers.get('location')!, {
    method: 'PATCH',
    token,
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
}

describe('a file sent several times at once is stored once (decision 034)', () => {
  it('five identical uploads at once, without a key: one document, the others its duplicates', async () => {
    const name = 'twins.pdf';
    const bytes = tinyPdf('five at once, no key');
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(s, user, [{ name, bytes }])));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { documents: { id: number; duplicate: boolean }[] }[];
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = await documentsNamed(user, name);
    expect(ids).toHaveLength(1);
    for (const body of bodies) expect(body.documents[0]!.id).toBe(ids[0]);
    expect(bodies.filter((b) => b.documents[0]!.duplicate)).toHaveLength(4);
  });

  it('five at once under one Idempotency-Key: one document, every answer names it', async () => {
    const name = 'same-key.pdf';
    const bytes = tinyPdf('five at once, one key');
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(s, user, [{ name, bytes }], { 'Idempotency-Key': 'outbox-retry-1' })));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { documents: { id: number }[] }[];
    const ids = await documentsNamed(user, name);
    expect(ids).toHaveLength(1);
    for (const body of bodies) expect(body.documents[0]!.id).toBe(ids[0]);
    // A later replay answers the stored answer.
    const replay = await upload(s, user, [{ name, bytes }], { 'Idempotency-Key': 'outbox-retry-1' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as { documents: { id: number }[] }).documents[0]!.id).toBe(ids[0]);
  });

  it('three resumable uploads of one file finishing at once: one document', async () => {
    const name = 'tus-twins.pdf';
    const bytes = tinyPdf('three tus at once');
    const answers = await Promise.all([0, 1, 2].map((i) => tusUpload(user, name, bytes, `tus-client-${i}`)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(await documentsNamed(user, name)).toHaveLength(1);
  });

  it('the same file from another user is that user’s own document', async () => {
    const bytes = tinyPdf('five at once, no key');
    const res = await upload(s, admin, [{ name: 'twins.pdf', bytes }]);
    expect(res.status).toBe(201);
    expect(await documentsNamed(admin, 'twins.pdf')).toHaveLength(1);
  });
});

describe('accounts written at once (decision 033)', () => {
  it('one email registered five times at once: one 201, four 409 in Spanish, never a 500', async () => {
    const register = () =>
      s.api('/api/auth/register', { method: 'POST', token: admin, json: { email: 'race@example.com', password: 'user-pass-123' } });
    const answers = await Promise.all(Array.from({ length: 5 }, register));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(await res.json()).toEqual({ error: 'Ya existe un usuario con ese correo.', detail: 'a user with this email exists', code: 'EMAIL_TAKEN' });
    }
  });

  it('a name of spaces is refused, not stored empty', async () => {
    const users = (await (await s.api('/api/users', { token: admin })).json()) as { data: { id: number; email: string; name: string }[] };
    const target = users.data.find((u) => u.email === 'concurrent@example.com')!;
    for (const name of [' ', '   ', '\t\n']) {
      const res = await s.api(`/api/users/${target.id}`, { method: 'PATCH', token: admin, json: { name } });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'La solicitud no es válida.', code: 'VALIDATION' });
    }
    const registered = await s.api('/api/auth/register', { method: 'POST', token: admin, json: { email: 'blank@example.com', password: 'user-pass-123', name: '  ' } });
    expect(registered.status).toBe(400);
    const after = (await (await s.api('/api/users', { token: admin })).json()) as { data: { id: number; name: string }[] };
    expect(after.data.find((u) => u.id === target.id)!.name).toBe('concurrent');
  });
});
