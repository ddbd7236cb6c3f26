import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../errors.ts';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import type { ErrorBody } from '../../shared/api/common.ts';

/** Framework and plugin error codes mapped to our statuses and Spanish messages. */
const KNOWN: Record<string, [number, string, string]> = {
  FST_FILES_LIMIT: [400, 'TOO_MANY_FILES', SERVER_MESSAGES.tooManyFiles],
  FST_REQ_FILE_TOO_LARGE: [413, 'FILE_TOO_LARGE', SERVER_MESSAGES.tooLarge],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'BODY_TOO_LARGE', SERVER_MESSAGES.tooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', SERVER_MESSAGES.validation],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, 'NOT_MULTIPART', SERVER_MESSAGES.noFiles],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'EMPTY_BODY', SERVER_MESSAGES.validation],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_JSON', SERVER_MESSAGES.validation],
  FST_PARTS_LIMIT: [400, 'TOO_MANY_PARTS', SERVER_MESSAGES.tooManyFiles],
  FST_FIELDS_LIMIT: [400, 'TOO_MANY_FIELDS', SERVER_MESSAGES.validation],
};

export function toErrorBody(err: FastifyError | HttpError | Error): { status: number; body: ErrorBody; internal: boolean } {
  if (err instanceof HttpError) return { status: err.statusCode, body: { error: err.spanish, detail: err.detail, code: err.code }, internal: false };
  const fe = err as FastifyError & NodeJS.ErrnoException;
  if (fe.validation) {
    return { status: 400, body: { error: SERVER_MESSAGES.validation, detail: fe.message, code: 'VALIDATION' }, internal: false };
  }
  const known = fe.code ? KNOWN[fe.code] : undefined;
  if (known) return { status: known[0], body: { error: known[2], detail: fe.message, code: known[1] }, internal: false };
  if (fe.code === 'ENOSPC' || fe.code === 'EDQUOT') {
    return { status: 507, body: { error: SERVER_MESSAGES.diskFull, detail: 'insufficient storage', code: 'INSUFFICIENT_STORAGE' }, internal: true };
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    return { status, body: { error: SERVER_MESSAGES.validation, detail: fe.message, code: fe.code ?? 'BAD_REQUEST' }, internal: false };
  }
  // Never leak internals: the detail of a 500 is fixed, the real error goes to the log.
  return { status: 500, body: { error: SERVER_MESSAGES.internal, detail: 'internal server error', code: 'INTERNAL' }, internal: true };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, body, internal } = toErrorBody(err);
    if (internal) request.log.error({ err }, 'request failed');
    void reply.status(status).send(body);
  });
}
