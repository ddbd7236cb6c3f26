import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../shared/api/common.ts';
import { ReviewResponse } from '../../shared/api/review.ts';
import { findTable } from '../../shared/catalog/index.ts';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import { notFound } from '../errors.ts';
import { byTableOf, pageSizesOf, qualityOf } from '../repos/documents.ts';
import { reviewTables } from '../review/review-tables.ts';
import type { AppContext } from '../context.ts';

/** A document's rows with where each value was printed and why the engine doubts it (issue 12, decision 055). */
export const reviewRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/documents/:id/review',
    { schema: { params: IdParams, response: { 200: ReviewResponse } }, config: { permissions: ['read'] } },
    async (request) => {
      const doc = await ctx.documents.findById(request.params.id);
      if (!doc) throw notFound('document', SERVER_MESSAGES.documentNotFound);
      const quality = qualityOf(doc, request.log);
      const names = [...new Set([...Object.keys(byTableOf(doc, request.log)), ...quality.tables.map((t) => t.table)])];
      const tables = [];
      for (const name of names) {
        const table = findTable(name);
        if (!table) continue;
        const stored = await ctx.rows.documentRows(doc.id, name, request.log);
        const meta = await ctx.corrections.metaFor(stored.map((r) => ({ id: r.id, document_id: doc.id })));
        const rows = stored.map((r, i) => ({ ...r, corrected: meta[i]?.corrected ?? {} }));
        tables.push(...reviewTables(table, rows, quality.tables.filter((q) => q.table === name)));
      }
      // Document order: the first page of each table, then top to bottom.
      tables.sort((a, b) => (a.pages[0] ?? 0) - (b.pages[0] ?? 0) || (a.boxes[0]?.box.y0 ?? 0) - (b.boxes[0]?.box.y0 ?? 0));
      return {
        data: {
          document_id: doc.id,
          filename: doc.original_filename,
          status: doc.status,
          page_sizes: pageSizesOf(doc, request.log),
          tables,
        },
      };
    },
  );
};
