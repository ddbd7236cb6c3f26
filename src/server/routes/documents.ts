import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, paginationOf } from '../../shared/api/common.ts';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants.ts';
import {
  EXTRACTION_CHANGED,
  DocumentDetailResponse,
  DocumentResponse,
  DocumentsQuery,
  DocumentsResponse,
  MessageResponse,
  parseStatusList,
  ProgressResponse,
  ReviewedBody,
  type DocumentStatus,
} from '../../shared/api/documents.ts';
import { findTable } from '../../shared/catalog/index.ts';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import { HttpError, notFound } from '../errors.ts';
import { userOf } from '../plugins/auth.ts';
import { byTableOf, headerOf, pageSizesOf, qualityOf, toDocument, type DocumentRow } from '../repos/documents.ts';
import type { AppContext } from '../context.ts';

/** Quoted and RFC 5987-encoded, so any file name survives the Content-Disposition header. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * as they are; RFC 5987's attr-char does not allow them.
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A file name's longest form most file systems store (characters; the browser cuts bytes itself). */
const MAX_NAME = 255;

/**
 * The name a stored PDF is downloaded under: always ending in `.pdf`. The upload accepts a file
 * whose `%PDF-` sits anywhere in its first 1 KB (decision 031), so an HTML page, an HTA or an
 * executable stub with a PDF inside is stored; saved under the uploader's `Solicitud.html` a
 * colleague's computer opened it by that extension, as a web page or a program (attacker's audit,
 * 2026-12-02, decision 037). The name shown in the app stays the one uploaded.
 */
export function pdfDownloadName(name: string): string {
  if (/\.pdf$/i.test(name)) return name;
  return `${Array.from(name).slice(0, MAX_NAME - 4).join('')}.pdf`;
}

export const documentRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  async function load(id: number): Promise<DocumentRow> {
    const row = await ctx.documents.findById(id);
    if (!row) throw notFound('document', SERVER_MESSAGES.documentNotFound);
    return row;
  }

  app.get(
    '/documents',
    { schema: { querystring: DocumentsQuery, response: { 200: DocumentsResponse } }, config: { permissions: ['read'] } },
    async (request) => {
      const q = request.query;
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
      const { rows, total } = await ctx.documents.list({
        ownerId: q.all_documents ? undefined : userOf(request).id,
        statuses: q.status ? parseStatusList(q.status) : undefined,
        search: q.search,
        reviewed: q.reviewed,
        withWarnings: q.with_warnings,
        sort: q.sort ?? 'desc',
        page,
        pageSize,
      });
      const extras = await ctx.documents.extrasFor(rows);
      // The page's correction counts in one grouped query, as the detail counts them.
      const counts = await ctx.corrections.countsForDocuments(rows.map((r) => r.id));
      const data = rows.map((row) => {
        const c = counts.get(row.id);
        return { ...toDocument(row, extras), corrections_count: c?.corrected ?? 0, corrections_to_review: c?.review ?? 0 };
      });
      return { data, pagination: paginationOf(page, pageSize, total) };
    },
  );

  app.get(
    '/documents/:id',
    { schema: { params: IdParams, response: { 200: DocumentDetailResponse } }, config: { permissions: ['read'] } },
    async (request) => {
      const row = await load(request.params.id);
      // Stored JSON is checked as it is read back: a damaged column is logged and read as empty.
      const quality = qualityOf(row, request.log);
      const byTable = byTableOf(row, request.log);
      const corrections = await ctx.corrections.countsFor(row.id);
      const extras = await ctx.documents.extrasFor([row]);
      const tables = Object.entries(byTable).map(([name, rows]) => ({
        name,
        title: findTable(name)?.title ?? name,
        rows,
        quality: quality.tables.filter((t) => t.table === name),
      }));
      return {
        data: {
          ...toDocument(row, extras),
          header: headerOf(row, request.log),
          tables,
          warnings: quality.warnings,
          page_sizes: pageSizesOf(row, request.log),
          ocr_pages: quality.ocr_pages,
          corrections_count: corrections.corrected,
          corrections_to_review: corrections.review,
        },
      };
    },
  );

  // 'Revisado' (issue 12): a reviewer marks the document checked, or takes the mark back.
  app.put(
    '/documents/:id/reviewed',
    { schema: { params: IdParams, body: ReviewedBody, response: { 200: DocumentResponse } }, config: { permissions: ['review'] } },
    async (request) => {
      await load(request.params.id);
      const { reviewed, finished_at: seen } = request.body;
      const row = await ctx.documents.setReviewed(request.params.id, reviewed ? userOf(request).id : null, seen);
      // Pending, processing (a reprocess) or failed: nothing stored yet that a reviewer could have checked.
      if (!row && reviewed) {
        const doc = await ctx.documents.findById(request.params.id);
        if (doc && doc.status !== 'processed') throw new HttpError(409, 'NOT_PROCESSED', SERVER_MESSAGES.reviewedNotProcessed, `document is ${doc.status}, not processed`);
        // Processed again since the reviewer's screen read it: the mark would vouch for values nobody saw.
        if (doc) throw new HttpError(409, EXTRACTION_CHANGED, SERVER_MESSAGES.reviewedStale, `the document was processed again at ${doc.finished_at ?? '?'}`);
      }
      if (!row) throw notFound('document', SERVER_MESSAGES.documentNotFound);
      return { data: toDocument(row, await ctx.documents.extrasFor([row])) };
    },
  );

  app.get(
    '/documents/:id/progress',
    { schema: { params: IdParams, response: { 200: ProgressResponse } }, config: { permissions: ['read'] } },
    async (request) => {
      const row = await load(request.params.id);
      return { progress: row.progress, status: row.status as DocumentStatus };
    },
  );

  app.get('/documents/:id/file', { schema: { params: IdParams }, config: { permissions: ['read'] } }, async (request, reply) => {
    const row = await load(request.params.id);
    const file = await ctx.pdfs.get(row);
    if (!file) throw notFound('document file', SERVER_MESSAGES.fileMissing);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', attachment(pdfDownloadName(row.original_filename)))
      .header('Content-Length', row.size)
      .send(file);
  });

  app.delete(
    '/documents/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse } }, config: { permissions: ['admin'] } },
    async (request) => {
      const row = await load(request.params.id);
      await ctx.pdfs.delete(row, async (trx) => {
        await ctx.rows.removeForDocument(trx, row.id);
        await trx.deleteFrom('documents').where('id', '=', row.id).execute();
      });
      // Its extraction, if it runs here, stops now: nothing it finds could be stored (decision 037).
      ctx.documentGone(row.id);
      return { message: SERVER_MESSAGES.deleted };
    },
  );

  app.post(
    '/documents/:id/reprocess',
    { schema: { params: IdParams, response: { 202: MessageResponse } }, config: { permissions: ['admin'] } },
    async (request, reply) => {
      await load(request.params.id);
      await ctx.documents.requeue(request.params.id);
      ctx.wakeRunner();
      return reply.status(202).send({ message: SERVER_MESSAGES.reprocessQueued });
    },
  );
};
