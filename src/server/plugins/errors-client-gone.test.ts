import net from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.ts';

// Third attacker's audit (decision 036): an upload whose client went away mid-file was logged as a
// failed request (error level, a 500 nobody read), one line per dropped upload.
const lines: { level: number; msg: string }[] = [];
const app = Fastify({
  logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) } },
});
let port = 0;
let handled: () => void;
const done = new Promise<void>((resolve) => (handled = resolve));

beforeAll(async () => {
  await app.register(multipart);
  registerErrorHandler(app);
  app.post('/upload', async (request) => {
    const part = await request.file();
    try {
      await pipeline(part!.file, new Writable({ write: (_chunk, _enc, next) => next() }));
    } finally {
      setTimeout(handled, 50);
    }
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(() => app.close());

describe('a client that goes away mid-upload', () => {
  it('is logged as such, not as a failed request', async () => {
    const head = '--b\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n';
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n${head}`);
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on('close', () => resolve());
    });
    await done;
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.map((l) => l.msg)).toContain('client went away before its request arrived');
  });
});
