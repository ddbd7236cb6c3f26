import { MAX_FILES_PER_UPLOAD } from '../../shared/constants.ts';
import { MAX_FILE_MB } from './errors.ts';
import { binary, replayedHeader, type OperationDoc } from './operation-doc.ts';

/** Uploads: multipart, and resumable (tus). */
export const OPERATIONS_UPLOADS: Record<string, OperationDoc> = {
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
};
