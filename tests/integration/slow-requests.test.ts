import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

/**
 * Requests that never finish arriving (second attacker's audit, decision 036). Fastify's defaults
 * set no request timeout and no idle timeout: a login whose body stopped after its first byte held
 * its connection for as long as the client liked, with no token needed, so anyone could hold every
 * connection the process may open. The limits are small here so the test does not wait minutes.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ REQUEST_IDLE_TIMEOUT_MS: '1500', REQUEST_TIMEOUT_MS: '4000' }, { runJobs: false });
});
afterAll(() => s.close());

interface Outcome {
  /** What the server wrote before it closed (empty if nothing). */
  data: string;
  /** Whether the server closed the connection within the wait. */
  closed: boolean;
}

/** Opens a connection, writes `head`, then `drip` one byte every `everyMs` until the server answers or closes. */
function slowRequest(head: string, waitMs: number, drip?: { text: string; everyMs: number }): Promise<Outcome> {
  const { port } = new URL(s.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(head));
    let data = '';
    let sent = 0;
    const dripping = drip ? setInterval(() => socket.writable && sent < drip.text.length && socket.write(drip.text[sent++]!), drip.everyMs) : undefined;
    const finish = (closed: boolean) => {
      clearInterval(dripping);
      clearTimeout(timer);
      socket.destroy();
      resolve({ data, closed });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
  });
}

const loginHead = (length: number) =>
  `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
const BODY = JSON.stringify({ email: 'nobody@example.com', password: 'x'.repeat(40) });

describe('a request that stops arriving', () => {
  it('is dropped once the connection has been idle, without a token', async () => {
    const res = await slowRequest(loginHead(BODY.length) + BODY.slice(0, 1), 15_000);
    expect(res.closed).toBe(true);
    // Nothing was answered to a request that never arrived.
    expect(res.data).toBe('');
  });

  it('is dropped while its headers stop halfway', async () => {
    const res = await slowRequest('POST /api/auth/login HTTP/1.1\r\nHost: x\r\n', 15_000);
    expect(res.closed).toBe(true);
  });

  it('trickled a byte at a time, never idle: 408 in Spanish once the whole request took too long', async () => {
    const res = await slowRequest(loginHead(BODY.length), 20_000, { text: BODY, everyMs: 500 });
    expect(res.closed).toBe(true);
    expect(res.data).toMatch(/^HTTP\/1\.1 408 /);
    const body = JSON.parse(res.data.slice(res.data.indexOf('\r\n\r\n') + 4)) as { error: string; code: string };
    expect(body).toMatchObject({ code: 'REQUEST_TIMEOUT', error: 'La solicitud tardó demasiado en llegar. Intenta de nuevo.' });
  });

  it('a slow request that keeps moving and ends in time is answered', async () => {
    const short = JSON.stringify({ email: 'a@b.co', password: 'xxxxxxxx' });
    const res = await slowRequest(loginHead(short.length), 15_000, { text: short, everyMs: 50 });
    expect(res.data).toMatch(/^HTTP\/1\.1 401 /);
  });
});

describe('a request without Host (HTTP/1.1 requires one)', () => {
  it('is a 400 in our Spanish JSON, not an empty answer', async () => {
    const res = await slowRequest('GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n', 5_000);
    expect(res.data).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(res.data.slice(res.data.indexOf('\r\n\r\n') + 4)) as { error: string; code: string };
    expect(body).toMatchObject({ code: 'MISSING_HOST', error: 'La solicitud no es válida.' });
  });
});
