import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, startServer, upload, type TestServer } from './helpers.ts';

// Attacker's audit (2026-12-02, decision 037): on PostgreSQL a PDF download read the whole
// `document_files.bytes` (up to 10 MB, plus its hex text on the way) into memory and handed that
// buffer to the socket. A signed-in reader who asks for a large PDF on many connections and never
// reads pinned ~7 MB of the server's memory per connection until the idle timeout (150 connections:
// +1 GB RSS), enough to get the API process killed. SQLite streams the file from disk.
let s: TestServer;
let token: string;
let docId: number;
const MB = 1024 * 1024;

/** grid-1001.pdf with ~9 MB of comment bytes before its last cross-reference pointer: a real, large PDF. */
function largePdf(): Buffer {
  const pdf = fixture('grid-1001.pdf');
  const tail = pdf.subarray(pdf.lastIndexOf('startxref'));
  const junk = crypto.randomBytes(9 * MB).map((b) => (b === 10 || b === 13 ? 120 : b));
  return Buffer.concat([pdf, Buffer.from('\n%'), junk, Buffer.from('\n'), tail]);
}

beforeAll(async () => {
  s = await startServer({}, { runJobs: false });
  token = await s.login();
  const res = await upload(s, token, [{ name: 'grande.pdf', bytes: largePdf() }]);
  expect(res.status).toBe(201);
  docId = (await res.json()).documents[0].id;
});
afterAll(() => s.close());

/** Opens `n` connections that each ask for the PDF and then never read. */
function stalledDownloads(n: number): net.Socket[] {
  const { port } = new URL(s.url);
  return Array.from({ length: n }, () => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(`GET /api/documents/${docId}/file HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`);
      socket.pause();
    });
    socket.on('error', () => {});
    return socket;
  });
}

const heldBytes = () => process.memoryUsage().arrayBuffers;

describe('a PDF download holds a bounded share of memory, however slowly it is read', () => {
  it('40 stalled downloads of a 9 MB PDF hold far less than 40 copies of it', async () => {
    globalThis.gc?.();
    const before = heldBytes();
    const sockets = stalledDownloads(40);
    let most = 0;
    try {
      // Long enough for every request to be answered as far as the socket lets it.
      for (let waited = 0; waited < 6000; waited += 200) {
        await new Promise((r) => setTimeout(r, 200));
        most = Math.max(most, heldBytes() - before);
      }
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    // Before: ~40 × 9 MB held at once. Now each stalled download holds a chunk or two.
    expect(most / MB).toBeLessThan(120);
    // And the file still arrives whole for a reader that reads.
    const res = await s.api(`/api/documents/${docId}/file`, { token });
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(9 * MB);
  }, 60_000);
});
