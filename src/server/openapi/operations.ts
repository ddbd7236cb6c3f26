import { MAX_FILES_PER_UPLOAD } from '../../shared/constants.ts';
import { MAX_FILE_MB, type ErrorKey } from './errors.ts';

/**
 * The words of the API reference (/api/docs): English for the developers and operators who read
 * it; the `error` texts in the examples are the Spanish ones the API really answers. Shapes,
 * parameters, security, 401/403/400/413/415/429 are derived from the routes (plugins/openapi.ts);
 * this file adds what a schema cannot say. A route missing here fails tests/integration/openapi.test.ts.
 */

export const TAGS = [
  { name: 'Auth', description: 'Sign in and out. The token from `POST /api/auth/login` goes in `Authorization: Bearer …` on every other call.' },
  { name: 'Documents', description: 'Upload PDFs, follow their extraction, read and download them.' },
  { name: 'Tables', description: 'The ten catalogue tables and the rows extracted into them, across all documents.' },
  { name: 'Corrections', description: 'Values a reviewer corrected, with who, when, the previous value and why (permission `review`).' },
  { name: 'Users', description: 'Accounts: who you are, and (administrators) everyone.' },
  { name: 'Health', description: 'Connectivity probe.' },
  { name: 'Reference', description: 'This document.' },
] as const;
export type Tag = (typeof TAGS)[number]['name'];

export const API_DESCRIPTION = `
The API of the web app, under \`/api\`. JSON in and out, except the upload (multipart), the PDF
download and the table export.

**Authentication.** \`POST /api/auth/login\` answers an \`access_token\`; send it as
\`Authorization: Bearer <access_token>\` on every call except sign-in, the health probe and this
reference (click **Authorize** to try calls from this page). A protected call answers 401 without
a valid token, and 403 when the account lacks a permission it needs (\`read\`, \`upload\`,
\`admin\` or \`review\`, named in its 403 answer and in \`x-permissions\`; a plain user has read and
upload, an administrator all four, and an administrator may grant \`review\` to a plain user).

**Errors** always answer \`ErrorBody\`: \`error\` is Spanish text for people (the web app shows it
as it is), \`detail\` English for developers, \`code\` a stable identifier to branch on.

**Lists** take \`page\` (from 1) and \`page_size\` (at most 100) and answer a \`pagination\` object.

**Time zone.** Any call may send \`X-Timezone-Offset\` (minutes, as JavaScript's
\`Date#getTimezoneOffset()\`, -840 to 840); another value is answered 400 \`INVALID_TIMEZONE_OFFSET\`.
`.trim();


/** A success answer: its description, and its content when it is not the route's JSON schema. */
export type SuccessDoc = string | { description: string; content?: Record<string, unknown>; headers?: Record<string, unknown> };

export interface OperationDoc {
  tag: Tag;
  operationId: string;
  summary: string;
  description?: string;
  /** Success answers by status. */
  ok: Record<number, SuccessDoc>;
  /** Errors beyond those derived from the route (401, 403, 400 on input, 413/415 on a JSON body, 429 on a rate limit). */
  errors?: ErrorKey[];
  /** Descriptions of parameters the schema does not describe, by name. */
  parameters?: Record<string, string>;
  /** The request body when the route reads it itself (multipart). */
  requestBody?: Record<string, unknown>;
}

const binary = (mediaType: string) => ({ schema: { type: 'string', format: 'binary', contentMediaType: mediaType } });

const replayedHeader = {
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** Every operation under /api, by `METHOD path` as OpenAPI writes it. */
export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/health': {
    tag: 'Health',
    operationId: 'health',
    summary: 'Is the server up?',
    description: 'Public, constant and never cached; touches no database. The web app polls it to know whether the server is reachable.',
    ok: { 200: 'The server answers.' },
  },
  'POST /api/auth/login': {
    tag: 'Auth',
    operationId: 'login',
    summary: 'Sign in',
    description:
      'Exchanges an email and a password for a bearer token, valid until `expires_at` (TOKEN_TTL_DAYS). ' +
      '`access_token` and `accessToken` are the same token (both spellings are kept for older clients).',
    ok: { 200: 'Signed in.' },
    errors: ['invalidCredentials', 'tooManyLogins', 'serverBusy'],
  },
  'POST /api/auth/logout': {
    tag: 'Auth',
    operationId: 'logout',
    summary: 'Sign out',
    description: 'Revokes the token this call is made with.',
    ok: { 200: 'Signed out.' },
  },
  'POST /api/auth/register': {
    tag: 'Users',
    operationId: 'createUser',
    summary: 'Create an account (admin)',
    description: 'Role `user` (read, upload) unless `admin` is asked for. The password is at least 8 characters.',
    ok: { 201: 'Created.' },
    errors: ['emailTaken', 'serverBusy'],
  },
  'GET /api/users/me': {
    tag: 'Users',
    operationId: 'me',
    summary: 'The signed-in account',
    description: 'With its role and permissions.',
    ok: { 200: 'The account of the token.' },
  },
  'GET /api/users': {
    tag: 'Users',
    operationId: 'listUsers',
    summary: 'List accounts (admin)',
    ok: { 200: 'Every account, active or not.' },
  },
  'PATCH /api/users/{id}': {
    tag: 'Users',
    operationId: 'updateUser',
    summary: 'Change an account (admin)',
    description: 'Any of role, active, password, name (at least one). The last active administrator cannot be demoted or disabled.',
    ok: { 200: 'The account as changed.' },
    errors: ['userNotFound', 'lastAdmin', 'serverBusy'],
  },
  'PUT /api/users/{id}/permissions': {
    tag: 'Users',
    operationId: 'setUserPermissions',
    summary: 'Grant permissions beyond the role (admin)',
    description:
      'Replaces what the account is granted beyond its role: `["review"]` lets a plain user correct extracted values, `[]` takes it back. ' +
      'The answer’s `permissions` are the effective ones (an administrator holds `review` by its role).',
    ok: { 200: 'The account as changed.' },
    errors: ['userNotFound'],
  },
  'POST /api/documents/upload': {
    tag: 'Documents',
    operationId: 'uploadDocuments',
    summary: 'Upload PDFs',
    description:
      `\`multipart/form-data\` with 1 to ${MAX_FILES_PER_UPLOAD} PDF files in the field \`files\` (repeat the field once per file), ` +
      `${MAX_FILE_MB} MB each. Every file is checked (it must open as a PDF) before any is stored: one bad file refuses the whole request. ` +
      'Each stored file is queued for extraction; follow it with `GET /api/documents/{id}/progress`.\n\n' +
      'A file this account already uploaded (same bytes) is not stored twice: the existing document comes back with `duplicate: true`.\n\n' +
      'Send an `Idempotency-Key` to retry safely after a lost answer: a second request with the same key (same account) ' +
      'gets the first answer again, with `Idempotent-Replayed: true`, and stores nothing.',
    parameters: {
      'idempotency-key': 'Any unique string per upload (a UUID), at most 200 characters. Retrying with the same key never stores the files twice.',
    },
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['files'],
            properties: {
              files: {
                type: 'array',
                minItems: 1,
                maxItems: MAX_FILES_PER_UPLOAD,
                description: `1 to ${MAX_FILES_PER_UPLOAD} PDF files, at most ${MAX_FILE_MB} MB each.`,
                items: { type: 'string', format: 'binary', contentMediaType: 'application/pdf' },
              },
            },
          },
          encoding: { files: { contentType: 'application/pdf' } },
        },
      },
    },
    ok: {
      201: { description: 'At least one file was stored and queued. `documents` has one entry per file sent, in order.', headers: replayedHeader },
      200: { description: 'Nothing new: every file was a duplicate. `documents` has one entry per file sent, in order.', headers: replayedHeader },
    },
    errors: ['notMultipart', 'noFiles', 'unexpectedField', 'tooManyFiles', 'malformedMultipart', 'fileTooLarge', 'notPdf', 'diskFull'],
  },
  'POST /api/uploads/tus': {
    tag: 'Documents',
    operationId: 'createResumableUpload',
    summary: 'Start a resumable upload (tus)',
    description:
      `One PDF of at most ${MAX_FILE_MB} MB sent with the tus 1.0 protocol (\`Tus-Resumable: 1.0.0\`), so a cut connection resumes where it stopped ` +
      'instead of starting again. `Upload-Length` is the file size (required); `Upload-Metadata` may carry `filename` and `clientId` ' +
      '(the client’s id of the file, at most 200 characters: it acts as the multipart upload’s `Idempotency-Key`, so the same file sent ' +
      'again under the same id gives the same document). The answer’s `Location` is where the bytes go. Unfinished uploads are deleted after 24 h.',
    parameters: {
      'upload-length': 'Size of the file in bytes.',
      'upload-metadata': 'tus metadata: `filename <base64>,clientId <base64>`.',
    },
    ok: { 201: { description: 'Created; send the bytes to `Location` with PATCH.', headers: { Location: { description: '`/api/uploads/tus/{id}`', schema: { type: 'string' } } } } },
    errors: ['invalidMetadata', 'invalidClientId', 'uploadTooLarge', 'diskFull'],
  },
  'OPTIONS /api/uploads/tus': {
    tag: 'Documents',
    operationId: 'resumableUploadOptions',
    summary: 'What the tus server supports',
    description: '`Tus-Version`, `Tus-Extension` and `Tus-Max-Size` headers.',
    ok: { 204: 'The capabilities, in headers.' },
  },
  'HEAD /api/uploads/tus/{id}': {
    tag: 'Documents',
    operationId: 'resumableUploadOffset',
    summary: 'How much of an upload arrived',
    description: '`Upload-Offset` is the number of bytes stored: resume with a PATCH from there.',
    ok: { 200: 'The offset and length, in headers.' },
    errors: ['uploadNotFound', 'uploadFinishing'],
  },
  'PATCH /api/uploads/tus/{id}': {
    tag: 'Documents',
    operationId: 'appendResumableUpload',
    summary: 'Send the next bytes of an upload',
    description:
      '`Upload-Offset` must be the offset HEAD gives; the body (`application/offset+octet-stream`) is appended. ' +
      'The PATCH that completes the file is checked and stored exactly as `POST /api/documents/upload` does and answers ' +
      'the same JSON (one document), with `Upload-Document-Id`; a refused file answers its error and the partial upload is deleted. ' +
      'An offset that does not match is answered 409 by the tus protocol.',
    requestBody: { required: true, content: { 'application/offset+octet-stream': binary('application/octet-stream') } },
    ok: {
      204: 'Stored; more bytes to come (`Upload-Offset` says how many arrived).',
      201: { description: 'The last bytes: the file was stored and queued. The body is the multipart upload’s answer.', headers: replayedHeader },
      200: { description: 'The last bytes of a file this account already uploaded: the existing document.', headers: replayedHeader },
    },
    errors: ['uploadNotFound', 'uploadFinishing', 'notPdf', 'diskFull'],
  },
  'DELETE /api/uploads/tus/{id}': {
    tag: 'Documents',
    operationId: 'cancelResumableUpload',
    summary: 'Abandon an upload',
    description: 'Deletes the bytes received so far.',
    ok: { 204: 'Deleted.' },
    errors: ['uploadNotFound'],
  },
  'GET /api/documents': {
    tag: 'Documents',
    operationId: 'listDocuments',
    summary: 'List documents',
    description:
      'Newest upload first unless `sort=asc`; the caller’s own documents unless `all_documents=true`. ' +
      '`reviewed` and `with_warnings` narrow to documents marked reviewed (or not) and with quality warnings (or without). ' +
      'Each document names the others claiming its N° Solicitud in `duplicates`, whatever the filters.',
    ok: { 200: 'One page of documents.' },
  },
  'GET /api/documents/{id}': {
    tag: 'Documents',
    operationId: 'getDocument',
    summary: 'A document and its extraction',
    description: 'The list fields plus the header fields read from the PDF, the rows stored per table and the quality of each table found.',
    ok: { 200: 'The document.' },
    errors: ['documentNotFound'],
  },
  'PUT /api/documents/{id}/reviewed': {
    tag: 'Documents',
    operationId: 'setDocumentReviewed',
    summary: "Mark a document 'Revisado' (review)",
    description:
      '`{"reviewed": true}` records that a reviewer checked the document (who and when, answered as `reviewed`); `false` takes the mark back. ' +
      '`GET /api/documents?reviewed=true|false` filters by it.',
    ok: { 200: 'The document as the list answers it.' },
    errors: ['documentNotFound'],
  },
  'GET /api/documents/{id}/review': {
    tag: 'Documents',
    operationId: 'reviewDocument',
    summary: 'Rows with where each value was printed',
    description:
      'For the review screen (issue 12): the size of every page, and per table found its Spanish title, method, confidence, pages and box, ' +
      'and its rows with values (corrections in effect), each cell’s printed text and box in PDF points (origin top-left, y down), ' +
      'the corrected columns, and flags with their reason in Spanish: `low_confidence` (OCR), `type` (not read as a number or date), ' +
      '`check_sum` (a printed total disagrees with the rows read).',
    ok: { 200: 'The document’s rows and their sources.' },
    errors: ['documentNotFound'],
  },
  'GET /api/documents/{id}/progress': {
    tag: 'Documents',
    operationId: 'getDocumentProgress',
    summary: 'Extraction progress',
    description: 'Cheap to poll (every second or two). `status` goes `pending` → `processing` → `processed` or `error`; `progress` is 0–100.',
    ok: { 200: 'Where the extraction is.' },
    errors: ['documentNotFound'],
  },
  'GET /api/documents/{id}/file': {
    tag: 'Documents',
    operationId: 'downloadDocument',
    summary: 'Download the PDF',
    ok: {
      200: {
        description: 'The PDF as uploaded, as an attachment named after the original file.',
        content: { 'application/pdf': binary('application/pdf') },
      },
    },
    errors: ['documentNotFound', 'fileMissing'],
  },
  'DELETE /api/documents/{id}': {
    tag: 'Documents',
    operationId: 'deleteDocument',
    summary: 'Delete a document (admin)',
    description: 'With its extracted rows and its stored file.',
    ok: { 200: 'Deleted.' },
    errors: ['documentNotFound'],
  },
  'POST /api/documents/{id}/reprocess': {
    tag: 'Documents',
    operationId: 'reprocessDocument',
    summary: 'Extract a document again (admin)',
    description: 'Queues a new extraction and answers at once; follow it with `GET /api/documents/{id}/progress`.',
    ok: { 202: 'Queued.' },
    errors: ['documentNotFound'],
  },
  'GET /api/tables': {
    tag: 'Tables',
    operationId: 'listTables',
    summary: 'The ten tables',
    description: 'Each catalogue table with its Spanish title, its columns (`nosolicitud` first) and how many rows it holds.',
    ok: { 200: 'The catalogue.' },
  },
  'GET /api/tables/{tableType}': {
    tag: 'Tables',
    operationId: 'getTableRows',
    summary: 'Rows of a table',
    description:
      'Flat rows across all documents: `nosolicitud` first, then the columns `GET /api/tables` lists, numbers as numbers. ' +
      'Newest document first unless `sort_by_nosolicitud=true`.',
    ok: { 200: 'One page of rows.' },
    errors: ['tableNotFound'],
  },
  'GET /api/tables/{tableType}/totals': {
    tag: 'Tables',
    operationId: 'getTableTotals',
    summary: 'Totals of a table',
    description:
      'The sum of each additive numeric column (amounts and quantities; not prices, rates, balances or years) over every row ' +
      'the same filters as `GET /api/tables/{tableType}` select, not just one page. A column with no number to add is `null`.',
    ok: { 200: 'The totals, by column key.' },
    errors: ['tableNotFound'],
  },
  'GET /api/tables/{tableType}/export': {
    tag: 'Tables',
    operationId: 'exportTable',
    summary: 'Export a table',
    description: 'Every row the same filters select, as a CSV or an Excel file (streamed; no page size).',
    ok: {
      200: {
        description: 'The file, as an attachment named `<table>-<date>.<format>`.',
        content: {
          'text/csv': { schema: { type: 'string' } },
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': binary(
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ),
        },
      },
    },
    errors: ['tableNotFound'],
  },
  'PUT /api/tables/{tableType}/rows/{rowId}/cells/{column}': {
    tag: 'Corrections',
    operationId: 'correctCell',
    summary: 'Correct a value (review)',
    description:
      'Sets the cell to `value`, read by the column type (numbers `1.234.567,89` or plain, dates `dd/mm/aaaa`). The row then shows it in ' +
      'every page, search and export; `meta[i].corrected` of `GET /api/tables/{tableType}` keeps the extracted value. The trail keeps who, ' +
      'when, the previous value and `reason`. Correcting a corrected cell replaces its correction; the extracted value is kept.',
    ok: { 200: 'The correction and the row as it is now.' },
    errors: ['invalidValue', 'tableNotFound', 'columnNotFound', 'rowNotFound'],
  },
  'DELETE /api/tables/{tableType}/rows/{rowId}/cells/{column}': {
    tag: 'Corrections',
    operationId: 'revertCell',
    summary: 'Revert a corrected value (review)',
    description: 'Puts the extracted value back. The revert is itself an entry of the trail.',
    ok: { 200: 'The revert and the row as it is now.' },
    errors: ['tableNotFound', 'columnNotFound', 'rowNotFound', 'notCorrected'],
  },
  'GET /api/documents/{id}/corrections': {
    tag: 'Corrections',
    operationId: 'listDocumentCorrections',
    summary: 'The trail of a document’s corrections',
    description:
      'Every correction and revert, oldest first: who, when, table, row, column, extracted, previous and new value, reason, status. ' +
      '`review` (corrección por revisar): a reprocess did not find the row with the same extracted values again; it is kept, not applied.',
    ok: { 200: 'The trail.' },
    errors: ['documentNotFound'],
  },
  'POST /api/corrections/{id}/dismiss': {
    tag: 'Corrections',
    operationId: 'dismissCorrection',
    summary: 'Close a correction to review (review)',
    description:
      'A correction a reprocess could not put back (`review`, corrección por revisar) is closed as `dismissed`: no longer counted on the ' +
      'document nor tried again. Correct the cell on its new row first if the value still needs it. The dismissal is an entry of the trail.',
    ok: { 200: 'The dismissal.' },
    errors: ['correctionNotFound', 'notToReview'],
  },
  'GET /api/corrections/export': {
    tag: 'Corrections',
    operationId: 'exportCorrections',
    summary: 'Export every correction (review)',
    description: 'The audit trail of all documents as CSV (UTF-8 with BOM, `;`), oldest first; cells that would run as a formula are neutralised.',
    ok: { 200: { description: 'The file, as an attachment named `correcciones-<date>.csv`.', content: { 'text/csv': { schema: { type: 'string' } } } } },
  },
  'GET /api/openapi.json': {
    tag: 'Reference',
    operationId: 'openapi',
    summary: 'This reference as OpenAPI 3.1',
    description: 'Public. The page at `/api/docs` renders it.',
    ok: { 200: { description: 'The OpenAPI document.', content: { 'application/json': { schema: { type: 'object' } } } } },
  },
};
