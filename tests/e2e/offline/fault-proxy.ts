/**
 * A network between the browser and the real server that a test can break: it forwards every
 * request to the server and lets the test cut chosen exchanges (the connection reset after the
 * server answered, or while the server dies).
 *
 * Why not Playwright's `context.route`: with a service worker controlling the page, a route
 * sometimes never saw the uploads at all (CI, stop 24: the faults did not happen, the test took
 * 2.9 s instead of 8). A proxy is the network itself, so every request meets it.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Exchange {
  method: string;
  /** Path and query, as the browser sent them. */
  url: string;
  headers: IncomingHttpHeaders;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Decides one exchange: `forward()` sends it to the server and resolves to the server's answer, or
 * null when nobody is listening. Returning 'reset' drops the browser's connection without an answer.
 */
export type FaultHandler = (exchange: Exchange, forward: () => Promise<Answer | null>) => Promise<Answer | 'reset'>;

export interface FaultProxy {
  url: string;
  close(): Promise<void>;
}

/** Headers about this hop's connection, not the message: each side sets its own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade']);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function send(targetPort: number, exchange: Exchange, body: Buffer): Promise<Answer | null> {
  return new Promise((resolve) => {
    const headers = { ...endToEnd(exchange.headers), 'content-length': String(body.length) };
    const upstream = http.request({ host: '127.0.0.1', port: targetPort, method: exchange.method, path: exchange.url, headers, agent: false }, (res) => {
      readBody(res).then(
        (answer) => resolve({ status: res.statusCode ?? 502, headers: endToEnd(res.headers), body: answer }),
        () => resolve(null),
      );
    });
    upstream.on('error', () => resolve(null));
    upstream.end(body);
  });
}

/** Starts the proxy on a free port of 127.0.0.1, in front of the server on `targetPort`. */
export async function startFaultProxy(targetPort: number, handler: FaultHandler): Promise<FaultProxy> {
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const exchange: Exchange = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers };
    const answer = await handler(exchange, () => send(targetPort, exchange, body)).catch(() => 'reset' as const);
    if (answer === 'reset') {
      req.socket.destroy();
      return;
    }
    // A HEAD's answer keeps the server's Content-Length (that of the body it does not send).
    const length = exchange.method === 'HEAD' ? {} : { 'content-length': String(answer.body.length) };
    res.writeHead(answer.status, { ...answer.headers, ...length });
    res.end(answer.body);
  };
  const server = http.createServer((req, res) => void serve(req, res).catch(() => req.socket.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every exchange sent on as it is; a server that is down resets the connection. */
export const passThrough: FaultHandler = async (_exchange, forward) => (await forward()) ?? 'reset';
