import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '../../shared/constants.ts';
import type { ErrorBody } from '../../shared/api/common.ts';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import { CORRECTION_MESSAGES } from '../../shared/messages/corrections.ts';

/*
 * The error answers the API reference names (/api/docs), each with the Spanish text the server
 * really sends; operations.ts says which operation answers which.
 */

/** One error an operation may answer: its status, an example body, and when it happens. */
export interface ErrorDoc {
  status: number;
  example: ErrorBody;
  when: string;
}

const e = (status: number, code: string, error: string, detail: string, when: string): ErrorDoc => ({ status, example: { error, detail, code }, when });

/** The upload limit in MB, as the reference writes it. */
export const MAX_FILE_MB = MAX_FILE_BYTES / (1024 * 1024);

/** Every error the reference names, with the Spanish text the server answers. */
export const ERRORS = {
  timezone: e(400, 'INVALID_TIMEZONE_OFFSET', 'La zona horaria enviada no es válida.', 'X-Timezone-Offset must be minutes between -840 and 840', 'X-Timezone-Offset is not minutes between -840 and 840.'),
  validation: e(400, 'VALIDATION', SERVER_MESSAGES.validation, 'querystring/page must be >= 1', 'A parameter or the body does not match the schema (`detail` says which).'),
  invalidJson: e(400, 'INVALID_JSON', SERVER_MESSAGES.validation, "Body is not valid JSON but content-type is set to 'application/json'", 'The body is not JSON.'),
  unauthenticated: e(401, 'UNAUTHENTICATED', SERVER_MESSAGES.unauthenticated, 'missing or invalid bearer token', 'No bearer token, or one unknown, expired or revoked.'),
  invalidCredentials: e(401, 'INVALID_CREDENTIALS', SERVER_MESSAGES.invalidCredentials, 'invalid email or password', 'Wrong email or password, or the account is disabled.'),
  forbidden: e(403, 'FORBIDDEN', SERVER_MESSAGES.forbidden, 'requires permission admin', 'The account lacks a permission the operation needs.'),
  documentNotFound: e(404, 'NOT_FOUND', SERVER_MESSAGES.documentNotFound, 'document not found', 'No document with this id.'),
  fileMissing: e(404, 'NOT_FOUND', SERVER_MESSAGES.fileMissing, 'document file not found', 'The stored PDF is gone.'),
  userNotFound: e(404, 'NOT_FOUND', SERVER_MESSAGES.userNotFound, 'user not found', 'No user with this id.'),
  tableNotFound: e(404, 'NOT_FOUND', SERVER_MESSAGES.tableNotFound, 'table Foo not found', 'No catalogue table of this name.'),
  emailTaken: e(409, 'EMAIL_TAKEN', SERVER_MESSAGES.emailTaken, 'a user with this email exists', 'An account with this email exists.'),
  reviewedNotProcessed: e(409, 'NOT_PROCESSED', SERVER_MESSAGES.reviewedNotProcessed, 'document is processing, not processed', 'The document is not processed (pending, being processed again, or failed): there is nothing to mark reviewed yet.'),
  lastAdmin: e(409, 'LAST_ADMIN', SERVER_MESSAGES.lastAdmin, 'cannot demote or disable the last active admin', 'The change would leave no active administrator.'),
  bodyTooLarge: e(413, 'BODY_TOO_LARGE', SERVER_MESSAGES.bodyTooLarge, 'Request body is too large', 'The JSON body is over its limit: 1 MB, 16 KB for the login.'),
  unsupportedMediaType: e(415, 'UNSUPPORTED_MEDIA_TYPE', SERVER_MESSAGES.validation, "Unsupported Media Type: 'text/plain'", 'The body is not `application/json`.'),
  tooManyLogins: e(429, 'TOO_MANY_LOGIN_ATTEMPTS', SERVER_MESSAGES.tooManyLogins, 'too many failed logins for this account and address', 'Too many failed sign-ins for this account from this address (LOGIN_MAX_FAILURES per LOGIN_WINDOW_MS), or from this address across accounts.'),
  tooManyRequests: e(429, 'TOO_MANY_REQUESTS', SERVER_MESSAGES.tooManyRequests, 'rate limit exceeded, retry in 1 minute', 'Too many calls from this address in a minute; `Retry-After` says when to try again.'),
  serverBusy: e(503, 'SERVER_BUSY', SERVER_MESSAGES.serverBusy, 'too many password hashes waiting, retry shortly', 'Too many password checks waiting; retry shortly.'),
  reviewBusy: e(503, 'SERVER_BUSY', SERVER_MESSAGES.serverBusy, 'too many document reviews being built, retry shortly', 'Too many reviews of other documents (or versions) being built; retry shortly.'),
  // The upload.
  notMultipart: e(400, 'NOT_MULTIPART', SERVER_MESSAGES.noFiles, 'the request is not multipart', 'The body is not `multipart/form-data`.'),
  noFiles: e(400, 'NO_FILES', SERVER_MESSAGES.noFiles, 'no file in field "files"', 'No file in the field `files`.'),
  unexpectedField: e(400, 'UNEXPECTED_FIELD', SERVER_MESSAGES.validation, 'unexpected file field "file", use "files"', 'A file in another field than `files`.'),
  tooManyFiles: e(400, 'TOO_MANY_FILES', SERVER_MESSAGES.tooManyFiles, `at most ${MAX_FILES_PER_UPLOAD} files per request`, `More than ${MAX_FILES_PER_UPLOAD} files.`),
  malformedMultipart: e(400, 'MALFORMED_MULTIPART', SERVER_MESSAGES.malformedUpload, 'malformed multipart body: Unexpected end of multipart data', 'The multipart body is cut short or has no boundary.'),
  fileTooLarge: e(413, 'FILE_TOO_LARGE', SERVER_MESSAGES.tooLarge, 'request file too large', `A file is over ${MAX_FILE_MB} MB.`),
  notPdf: e(415, 'NOT_PDF', SERVER_MESSAGES.onlyPdf, 'factura.docx does not start with %PDF-', 'A file is not a PDF (checked on its bytes, not its name or type).'),
  diskFull: e(507, 'INSUFFICIENT_STORAGE', SERVER_MESSAGES.diskFull, 'insufficient storage', 'The server disk is full; nothing was stored.'),
  // Corrections.
  invalidValue: e(400, 'INVALID_VALUE', CORRECTION_MESSAGES.invalidValue('Valor total', 'money', '12abc'), 'value does not read as money', 'The value does not read as the column’s type; `error` names the format expected.'),
  valueTooLarge: e(400, 'VALUE_TOO_LARGE', CORRECTION_MESSAGES.tooLarge('Valor total', '99999999999999999999'), `value is over ${Number.MAX_SAFE_INTEGER} in magnitude`, 'A number past 2^53 − 1 in magnitude, which would not be stored exactly.'),
  columnNotFound: e(404, 'NOT_FOUND', CORRECTION_MESSAGES.columnNotFound, 'column foo not found', 'The table has no such column (`nosolicitud` is the document’s and cannot be corrected).'),
  rowNotFound: e(404, 'NOT_FOUND', CORRECTION_MESSAGES.rowNotFound, 'row not found', 'No row of this table has this id (a reprocess gives rows new ids).'),
  correctionNotFound: e(404, 'NOT_FOUND', CORRECTION_MESSAGES.correctionNotFound, 'correction not found', 'No correction with this id.'),
  notToReview: e(409, 'NOT_TO_REVIEW', CORRECTION_MESSAGES.notToReview, 'only a correction to review can be dismissed', 'The correction is not `review` (corrección por revisar).'),
  cellChanged: e(409, 'CELL_CHANGED', CORRECTION_MESSAGES.cellChanged, 'the cell holds 1500 now, not the expected value', 'The cell holds another value than `expected` (another reviewer saved or reverted it since): nothing written. Read the row again, show the value now, and send again with it as `expected` if the change still holds.'),
  reviewedStale: e(409, 'EXTRACTION_CHANGED', SERVER_MESSAGES.reviewedStale, 'the document was processed again at 2026-12-02T10:00:00.000Z', 'The document was processed again after the extraction `extraction_finished_at` names (or is being processed): nothing marked. Look at the new extraction first.'),
  notCorrected: e(404, 'NOT_FOUND', CORRECTION_MESSAGES.notCorrected, 'correction not found', 'The cell has no correction in effect.'),
  // The resumable upload.
  invalidMetadata: e(400, 'INVALID_METADATA', SERVER_MESSAGES.validation, 'Upload-Metadata is not tus metadata', '`Upload-Metadata` is not comma-separated `key base64value` pairs.'),
  invalidClientId: e(400, 'INVALID_CLIENT_ID', SERVER_MESSAGES.validation, 'metadata clientId must be 1 to 200 characters', 'The `clientId` metadata is empty or over 200 characters.'),
  uploadTooLarge: e(413, 'FILE_TOO_LARGE', SERVER_MESSAGES.tooLarge, 'Upload-Length 10485761 is over 10485760', `\`Upload-Length\` is over ${MAX_FILE_MB} MB: refused before any byte is sent.`),
  uploadFinishing: e(423, 'UPLOAD_FINISHING', SERVER_MESSAGES.idempotencyConflict, 'the upload is complete and being stored', 'The last byte arrived and the file is being checked and stored; ask again shortly.'),
  uploadNotFound: e(404, 'NOT_FOUND', SERVER_MESSAGES.notFound, 'upload not found', 'No upload of this account has this id (finished, expired after 24 h, or another account’s).'),
} satisfies Record<string, ErrorDoc>;
export type ErrorKey = keyof typeof ERRORS;
