import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../errors.ts';
import { isDiskFullError, isFileSpaceError } from '../disk-space.ts';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import type { ErrorBody } from '../../shared/api/common.ts';

/** Framework and plugin error codes mapped to our statuses and Spanish messages. */
const KNOWN: Record<string, [number, string, string]> = {
  FST_FILES_LIMIT: [400, 'TOO_MANY_FILES', SERVER_MESSAGES.tooManyFiles],
  FST_REQ_FILE_TOO_LARGE: [413, 'FILE_TOO_LARGE', SERVER_MESSAGES.tooLarge],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'BODY_TOO_LARGE', SERVER_MESSAGES.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', SERVER_MESSAGES.validation],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, 'NOT_MULTIPART', SERVER_MESSAGES.noFiles],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'EMPTY_BODY', SERVER_MESSAGES.validation],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_JSON', SERVER_MESSAGES.validation],
  FST_PARTS_LIMIT: [400, 'TOO_MANY_PARTS', SERVER_MESSAGES.tooManyFiles],
  FST_FIELDS_LIMIT: [400, 'TOO_MANY_FIELDS', SERVER_MESSAGES.validation],
  FST_MP_PREMATURE_CLOSE: [400, 'MALFORMED_MULTIPART', SERVER_MESSAGES.malformedUpload],
};

/**
 * Busboy (inside @fastify/multipart) throws plain errors, without a code, for a body the client
 * got wrong: a boundary missing, empty or over 256 characters, a body that ends before the closing
 * boundary. They are the client's fault: 400, not 500.
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot (be an empty String\/Buffer|have a length bigger than \d+)\.$/,
  /^Unexpected end of multipart data$/,
  /^\w+ terminated early due to unexpected end of multipart data$/,
];

/** What the error handler knows about the request beyond the error (disk-full answers). */
export interface ErrorContext {
  /** The request stores an uploaded file: a full disk is reported as "cannot store the file". */
  storingFile?: boolean | undefined;
  /** Free space in DATA_DIR is short now: a SQLite write I/O error is then a full disk too. */
  spaceShort?: boolean | undefined;
}

/** 507 in Spanish: the upload's own text for a file, a general one for any other write. */
export function insufficientStorage(storingFile: boolean, detail = 'insufficient storage'): HttpError {
  return new HttpError(507, 'INSUFFICIENT_STORAGE', storingFile ? SERVER_MESSAGES.diskFull : SERVER_MESSAGES.storageFull, detail);
}

export function toErrorBody(err: FastifyError | HttpError | Error, context: ErrorContext = {}): { status: number; body: ErrorBody; internal: boolean } {
  if (err instanceof HttpError) return { status: err.statusCode, body: { error: err.spanish, detail: err.detail, code: err.code }, internal: false };
  const fe = err as FastifyError & NodeJS.ErrnoException;
  if (fe.validation) {
    return { status: 400, body: { error: SERVER_MESSAGES.validation, detail: fe.message, code: 'VALIDATION' }, internal: false };
  }
  const known = fe.code ? KNOWN[fe.code] : undefined;
  if (known) return { status: known[0], body: { error: known[2], detail: fe.message, code: known[1] }, internal: false };
  if (!fe.code && MALFORMED_MULTIPART.some((re) => re.test(fe.message))) {
    return { status: 400, body: { error: SERVER_MESSAGES.malformedUpload, detail: `malformed multipart body: ${fe.message}`, code: 'MALFORMED_MULTIPART' }, internal: false };
  }
  // A full disk (file system, SQLite, PostgreSQL 53100), on any route: 507, never a 500.
  if (isDiskFullError(err, context.spaceShort)) {
    const e = insufficientStorage(context.storingFile ?? isFileSpaceError(err));
    return { status: 507, body: { error: e.spanish, detail: e.detail, code: e.code }, internal: true };
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    return { status, body: { error: SERVER_MESSAGES.validation, detail: fe.message, code: fe.code ?? 'BAD_REQUEST' }, internal: false };
  }
  // Never leak internals: the detail of a 500 is fixed, the real error goes to the log.
  return { status: 500, body: { error: SERVER_MESSAGES.internal, detail: 'internal server error', code: 'INTERNAL' }, internal: true };
}

export const UPLOAD_ROUTE = '/api/documents/upload';
/** The resumable (tus) upload: created here, its bytes sent to `${TUS_ROUTE}/:id` (docs/decisions/052). */
export const TUS_ROUTE = '/api/uploads/tus';
const UPLOAD_ROUTES = new Set([UPLOAD_ROUTE, TUS_ROUTE, `${TUS_ROUTE}/:id`]);

/** A route that stores an uploaded file (its full-disk answer speaks of the file). */
export const isUploadRoute = (url: string | undefined): boolean => url !== undefined && UPLOAD_ROUTES.has(url);

/** `spaceShort`: whether DATA_DIR is short of space now (asked only for a SQLite I/O error). */
export function registerErrorHandler(app: FastifyInstance, options: { spaceShort?: () => Promise<boolean> } = {}): void {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    const ioError = typeof err.code === 'string' && err.code.startsWith('SQLITE_IOERR');
    const spaceShort = ioError && options.spaceShort ? await options.spaceShort().catch(() => false) : false;
    const { status, body, internal } = toErrorBody(err, { storingFile: isUploadRoute(request.routeOptions.url) || undefined, spaceShort });
    // The client closed the connection while its body arrived (a field link dropping, decision
    // 051): nobody reads this answer and nothing failed here. Logged as an error, one line per
    // dropped upload buried real failures (third attacker's audit, decision 036).
    if (internal && clientWentAway(err, request.raw)) request.log.info({ code: err.code }, 'client went away before its request arrived');
    else if (internal) request.log.error({ err }, 'request failed');
    // A body left half-read (an upload that failed mid-file, e.g. on a full disk) is drained and
    // discarded: otherwise the client stalls sending it and never reads this answer.
    if (!request.raw.readableEnded) {
      request.raw.unpipe();
      request.raw.resume();
    }
    return reply.status(status).send(body);
  });
}

/** Node's error for a request body cut short by its client, on a request whose socket is gone. */
function clientWentAway(err: FastifyError, raw: IncomingMessage): boolean {
  return raw.destroyed && (err.code === 'ECONNRESET' || err.message === 'aborted');
}
