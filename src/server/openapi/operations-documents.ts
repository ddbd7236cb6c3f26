import { binary, type OperationDoc } from './operation-doc.ts';

/** Documents: list, detail, review, progress, file, delete, reprocess. */
export const OPERATIONS_DOCUMENTS: Record<string, OperationDoc> = {
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
      '`GET /api/documents?reviewed=true|false` filters by it. Send `finished_at` as the document answered it: if it was processed ' +
      'again since, nothing is marked (409 `EXTRACTION_CHANGED`).',
    ok: { 200: 'The document as the list answers it.' },
    errors: ['documentNotFound', 'reviewedNotProcessed', 'reviewedStale'],
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
    ok: { 200: 'The document’s rows and their sources (built once per version of the document, then kept).' },
    errors: ['documentNotFound', 'reviewBusy'],
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
};
