import { SERVER_MESSAGES } from '../shared/messages/server.ts';

/** An error that becomes `{error, detail, code}` with its status; the only way handlers fail on purpose. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    /** Spanish, for people. */
    readonly spanish: string,
    /** English, for developers. */
    readonly detail: string,
  ) {
    super(detail);
  }
}

export const notFound = (what: string, spanish: string = SERVER_MESSAGES.notFound) =>
  new HttpError(404, 'NOT_FOUND', spanish, `${what} not found`);
export const forbidden = (detail = 'missing permission') => new HttpError(403, 'FORBIDDEN', SERVER_MESSAGES.forbidden, detail);
export const unauthenticated = (detail = 'missing or invalid bearer token') =>
  new HttpError(401, 'UNAUTHENTICATED', SERVER_MESSAGES.unauthenticated, detail);
export const badRequest = (code: string, spanish: string, detail: string) => new HttpError(400, code, spanish, detail);
