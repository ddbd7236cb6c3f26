import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../shared/api/common.ts';
import { ReviewResponse } from '../../shared/api/review.ts';
import { findTable } from '../../shared/catalog/index.ts';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import { notFound } from '../errors.ts';
import { byTableOf, pageSizesOf, qualityOf, type DocumentRow } from '../repos/documents.ts';
import { reviewTables } from '../review/review-tables.ts';
import { ReviewAnswers, yieldTurn } from '../review/review-answers.ts';
import type { AppContext } from '../context.ts';

/** A document's rows with where each value was printed and why the engine doubts it (issue 12, decision 055). */
export const reviewRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Built once per version of a document and kept (review-answers.ts: a large document's review
  // held the event loop for every request, attacker's audit 2026-12-02).
  const answers = new ReviewAnswers();

  /**
   * What the answer depends on that can change: the extraction (status and times, set in the
   * transaction that replaces the rows, decision 030) and the corrections (each one, a revert or a
   * dismissal adds an entry). Read from the database, so another node's change counts too.
   */
  async function versionOf(doc: DocumentRow): Promise<string> {
    const last = await ctx.db
      .selectFrom('corrections')
      .select((e) => e.fn.max('id').as('id'))
      .where('document_id', '=', doc.id)
      .executeTakeFirst();
    return JSON.stringify([doc.status, doc.started_at, doc.finished_at, doc.processed_by, last?.id ?? null]);
  }

  async function build(doc: DocumentRow, log: FastifyBaseLogger): Promise<ReviewResponse> {
    const quality = qualityOf(doc, log);
    const names = [...new Set([...Object.keys(byTableOf(doc, log)), ...quality.tables.map((t) => t.table)])];
    const tables = [];
    for (const name of names) {
      const table = findTable(name);
      if (!table) continue;
      // Other requests go between two tables (and between chunks of rows: documentRows).
      await yieldTurn();
      const stored = await ctx.rows.documentRows(doc.id, name, log);
      const meta = await ctx.corrections.metaFor(stored.map((r) => ({ id: r.id, document_id: doc.id })));
      const rows = stored.map((r, i) => ({ ...r, corrected: meta[i]?.corrected ?? {} }));
      tables.push(...reviewTables(table, rows, quality.tables.filter((q) => q.table === name)));
    }
    // Document order: the first page of each table, then top to bottom.
    tables.sort((a, b) => (a.pages[0] ?? 0) - (b.pages[0] ?? 0) || (a.boxes[0]?.box.y0 ?? 0) - (b.boxes[0]?.box.y0 ?? 0));
    await yieldTurn();
    return {
      data: {
        document_id: doc.id,
        filename: doc.original_filename,
        status: doc.status,
        page_sizes: pageSizesOf(doc, log),
        tables,
      },
    };
  }

  /**
   * JSON.stringify, a table at a time with a turn of the event loop between: the route's schema
   * serializer wrote the same bytes but took 0.7–1 s in one stretch for a 10 MB answer, five times
   * JSON.stringify's time (the schema still documents the answer, and the review tests read it).
   */
  async function serialize(answer: ReviewResponse): Promise<string> {
    const { tables, ...head } = answer.data;
    const parts: string[] = [];
    for (const table of tables) {
      parts.push(JSON.stringify(table));
      await yieldTurn();
    }
    return `{"data":${JSON.stringify(head).slice(0, -1)},"tables":[${parts.join(',')}]}}`;
  }

  app.get(
    '/documents/:id/review',
    { schema: { params: IdParams, response: { 200: ReviewResponse } }, config: { permissions: ['read'] } },
    async (request, reply) => {
      const doc = await ctx.documents.findById(request.params.id);
      if (!doc) throw notFound('document', SERVER_MESSAGES.documentNotFound);
      // Serialized once per version; every reader gets the same bytes.
      const body = await answers.answer(doc.id, await versionOf(doc), async () => serialize(await build(doc, request.log)));
      // Already serialized (above): the bytes go out as they are, not as the typed object.
      return reply.type('application/json; charset=utf-8').send(body as unknown as ReviewResponse);
    },
  );
};
