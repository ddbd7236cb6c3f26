import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer } from './helpers.ts';

/** A raw TCP connection to the server, with everything it has received so far. */
async function connect(url: string): Promise<{ socket: net.Socket; received: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let text = '';
  socket.on('data', (d: Buffer) => (text += d.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, received: () => text, closed };
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 20));
}

describe('shutdown (decision 034)', () => {
  it('drops a connection that never sent a request, and still answers the request in progress', async () => {
    const s = await startServer({}, { runJobs: false });
    const silent = await connect(s.url);
    const busy = await connect(s.url);
    const body = JSON.stringify({ email: 'nadie@example.com', password: 'no-es-la-clave' });
    // Headers and half the body: the request is in progress when the close begins.
    busy.socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
    await until(() => new Promise<boolean>((resolve) => s.app.server.getConnections((_e, n) => resolve(n === 2))));
    await new Promise((r) => setTimeout(r, 100));

    // Without this, the close waited for the silent connection's headers timeout (60 s): past this test's limit.
    const closing = s.close();
    await silent.closed;
    expect(silent.received()).toBe('');
    busy.socket.write(body.slice(10));
    await busy.closed;
    expect(busy.received()).toMatch(/^HTTP\/1\.1 401 /);
    expect(busy.received()).toContain('Credenciales');
    await closing;
  }, 20_000);
});
