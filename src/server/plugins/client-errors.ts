import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import type { ErrorBody } from '../../shared/api/common.ts';

/**
 * Requests refused before any route or error handler sees them get our Spanish `{error, detail,
 * code}` body too (product rule: bad input gets a clear Spanish message). Fastify's own answers
 * were English, in another shape, and one echoed the URL back.
 */

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** Fastify `clientErrorHandler`: what Node's HTTP parser refused (a tab or raw non-ASCII byte in the path, headers over 16 KB, a request too slow). */
export function clientErrorAnswer(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let body: ErrorBody = { error: SERVER_MESSAGES.validation, detail: 'the HTTP request is malformed', code: 'BAD_HTTP_REQUEST' };
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = { error: SERVER_MESSAGES.requestTimeout, detail: 'the request took too long to arrive', code: 'REQUEST_TIMEOUT' };
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = { error: SERVER_MESSAGES.bodyTooLarge, detail: 'the request headers are over the limit', code: 'HEADERS_TOO_LARGE' };
  }
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      // Helmet's hook never ran for these: the header that matters for a JSON error is set here.
      `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}

/** Fastify `frameworkErrors`: a path the router cannot decode (`/%c0%af`: not UTF-8). The URL is not echoed. */
export function badUrlAnswer(_err: Error, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).header('X-Content-Type-Options', 'nosniff').send({ error: SERVER_MESSAGES.validation, detail: 'the URL is not valid (its escapes are not UTF-8)', code: 'BAD_URL' } satisfies ErrorBody);
}

const SPANISH_REFUSALS = {
  417: { error: SERVER_MESSAGES.validation, detail: 'the Expect header asks for something other than 100-continue', code: 'EXPECTATION_FAILED' },
  405: { error: SERVER_MESSAGES.validation, detail: 'CONNECT is not served here', code: 'METHOD_NOT_ALLOWED' },
} satisfies Record<number, ErrorBody>;

/**
 * Two requests Node answers itself, before Fastify: an `Expect` other than `100-continue` (an empty
 * 417) and a `CONNECT` (the connection dropped without a word). Answered in our Spanish JSON like
 * the others above (third attacker's audit, decision 037).
 */
export function registerNodeRefusals(server: Server): void {
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    const text = JSON.stringify(SPANISH_REFUSALS[417]);
    res.writeHead(417, { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Content-Length': Buffer.byteLength(text), Connection: 'close' });
    res.end(text);
  });
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    const text = JSON.stringify(SPANISH_REFUSALS[405]);
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  });
}
