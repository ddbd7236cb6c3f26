import { OPERATIONS_ACCOUNTS } from './operations-accounts.ts';
import { OPERATIONS_DOCUMENTS } from './operations-documents.ts';
import { OPERATIONS_TABLES } from './operations-tables.ts';
import { OPERATIONS_UPLOADS } from './operations-uploads.ts';
import type { OperationDoc } from './operation-doc.ts';

export { TAGS, type OperationDoc } from './operation-doc.ts';

/**
 * The words of the API reference (/api/docs): English for the developers and operators who read
 * it; the `error` texts in the examples are the Spanish ones the API really answers. Shapes,
 * parameters, security, 401/403/400/413/415/429 are derived from the routes (plugins/openapi.ts);
 * this file adds what a schema cannot say, one file per group of operations (operations-*.ts).
 * A route missing here fails tests/integration/openapi.test.ts.
 */

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



/** Every operation under /api, by `METHOD path` as OpenAPI writes it. */
export const OPERATIONS: Record<string, OperationDoc> = {
  ...OPERATIONS_ACCOUNTS,
  ...OPERATIONS_UPLOADS,
  ...OPERATIONS_DOCUMENTS,
  ...OPERATIONS_TABLES,
  'GET /api/openapi.json': {
    tag: 'Reference',
    operationId: 'openapi',
    summary: 'This reference as OpenAPI 3.1',
    description: 'Public. The page at `/api/docs` renders it.',
    ok: { 200: { description: 'The OpenAPI document.', content: { 'application/json': { schema: { type: 'object' } } } } },
  },
};
