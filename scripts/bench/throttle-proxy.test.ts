import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ThrottleProxy, type ThrottleOptions } from './throttle-proxy.ts';

/** A server that counts what it receives and answers 'ok' to each chunk's first byte. */
async function sink(): Promise<{ port: number; received: () => number; arrivals: number[]; close: () => Promise<void> }> {
  let received = 0;
  const arrivals: number[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk) => {
      received += chunk.length;
      arrivals.push(Date.now());
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    received: () => received,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.once('error', reject);
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setUp(options: Omit<ThrottleOptions, 'target'>) {
  const server = await sink();
  cleanups.push(server.close);
  const proxy = new ThrottleProxy({ target: { host: '127.0.0.1', port: server.port }, ...options });
  const port = await proxy.listen();
  cleanups.push(() => proxy.close());
  return { server, proxy, port };
}

describe('ThrottleProxy', () => {
  it('forwards every byte and counts them', async () => {
    const { server, proxy, port } = await setUp({ upBytesPerSecond: 0, latencyMs: 0 });
    const client = await connect(port);
    client.write(Buffer.alloc(100_000, 7));
    await until(() => server.received() === 100_000, 5_000);
    expect(proxy.stats().upBytes).toBe(100_000);
    expect(proxy.stats().connections).toBe(1);
    client.destroy();
  });

  it('paces the uplink to its rate, shared by connections, and adds the latency', async () => {
    const { server, proxy, port } = await setUp({ upBytesPerSecond: 20_000, latencyMs: 100 });
    const [a, b] = await Promise.all([connect(port), connect(port)]);
    const started = Date.now();
    a!.write(Buffer.alloc(5_000, 1));
    b!.write(Buffer.alloc(5_000, 2));
    await until(() => server.received() === 10_000, 5_000);
    const elapsed = Date.now() - started;
    // 10 KB at 20 KB/s is 500 ms, plus 100 ms of latency.
    expect(elapsed).toBeGreaterThanOrEqual(550);
    expect(elapsed).toBeLessThan(1_200);
    expect(server.arrivals[0]! - started).toBeGreaterThanOrEqual(100);
    expect(proxy.stats().upBytes).toBe(10_000);
    a!.destroy();
    b!.destroy();
  });

  it('a drop resets every open connection and the proxy keeps listening', async () => {
    const { server, proxy, port } = await setUp({ upBytesPerSecond: 1_000, latencyMs: 0 });
    const client = await connect(port);
    const closed = new Promise<void>((resolve) => client.on('close', () => resolve()));
    client.on('error', () => undefined);
    client.write(Buffer.alloc(10_000, 3));
    await until(() => server.received() > 0, 2_000);
    proxy.startDrops(300);
    await closed;
    proxy.startDrops(0);
    expect(proxy.stats().drops).toBe(1);
    // Most of the 10 KB never crossed the link (1 KB/s for ~0.3 s).
    expect(proxy.stats().upBytes).toBeLessThan(2_000);
    expect(proxy.stats().open).toBe(0);

    const again = await connect(port);
    again.write('hola');
    const before = server.received();
    await until(() => server.received() === before + 4, 2_000);
    again.destroy();
  });
});
