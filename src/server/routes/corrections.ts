import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../shared/api/common.ts';
import {
  CELL_CHANGED,
  CellParams,
  CorrectionBody,
  CorrectionIdParams,
  CorrectionResponse,
  CorrectionsExportQuery,
  CorrectionsResponse,
  DismissBody,
  OneCorrectionResponse,
  RevertQuery,
} from '../../shared/api/corrections.ts';
import { findTable, type CatalogColumn, type CatalogTable, type CellValue } from '../../shared/catalog/index.ts';
import { CORRECTION_MESSAGES } from '../../shared/messages/corrections.ts';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { BOM, csvCell, writeOrStop } from '../export.ts';
import { userOf } from '../plugins/auth.ts';
import { parseCorrection } from '../corrections/parse-value.ts';
import type { AppContext } from '../context.ts';
import { attachment } from './documents.ts';

/** The table and column a cell route names, or 404 (`nosolicitud` is the document's, not a cell to correct). */
function cellOr404(tableType: string, key: string): { table: CatalogTable; column: CatalogColumn } {
  const table = findTable(tableType);
  if (!table) throw notFound(`table ${tableType}`, SERVER_MESSAGES.tableNotFound);
  const column = table.columns.find((c) => c.key === key);
  if (!column) throw notFound(`column ${key}`, CORRECTION_MESSAGES.columnNotFound);
  return { table, column };
}

/**
 * The cell changed since the reviewer's editor read it (another reviewer saved or reverted a moment
 * before): nothing written, so nobody overwrites a value they never saw (sixth attacker's audit,
 * decision 037). The web app re-reads the row and shows the value now, keeping what was typed.
 */
const cellChanged = (current: CellValue) =>
  new HttpError(409, CELL_CHANGED, CORRECTION_MESSAGES.cellChanged, `the cell holds ${JSON.stringify(current)} now, not the expected value`);

/** A revert's `expected` query: JSON of a cell value (a DELETE carries no body). */
function expectedOf(text: string | undefined): CellValue | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return value;
  throw badRequest('VALIDATION', CORRECTION_MESSAGES.badExpected, 'querystring/expected must be a JSON string, number or null');
}

/** Corrections of extracted values, with their trail (issue 12; docs/decisions/039-corrections.md). */
export const correctionRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const cellSchema = { params: CellParams, response: { 200: CorrectionResponse } };

  app.put(
    '/tables/:tableType/rows/:rowId/cells/:column',
    { schema: { ...cellSchema, body: CorrectionBody }, config: { permissions: ['review'] } },
    async (request) => {
      const { table, column } = cellOr404(request.params.tableType, request.params.column);
      const value = parseCorrection(column, request.body.value);
      const reason = request.body.reason?.trim() || null;
      // The schema's type list (string, number, null); the type provider widens it to {}.
      const expected = request.body.expected as CellValue | undefined;
      const outcome = await ctx.corrections.correct(
        { table, rowId: request.params.rowId, column: column.key, userId: userOf(request).id, ...(expected !== undefined ? { expected } : {}) },
        { value, input: request.body.value?.trim() ?? '', reason },
      );
      if (typeof outcome === 'string') throw notFound('row', CORRECTION_MESSAGES.rowNotFound);
      if ('changed' in outcome) throw cellChanged(outcome.changed);
      return { data: outcome.correction, row: outcome.row };
    },
  );

  app.delete(
    '/tables/:tableType/rows/:rowId/cells/:column',
    { schema: { ...cellSchema, querystring: RevertQuery }, config: { permissions: ['review'] } },
    async (request) => {
      const { table, column } = cellOr404(request.params.tableType, request.params.column);
      const expected = expectedOf(request.query.expected);
      const outcome = await ctx.corrections.revert({
        table,
        rowId: request.params.rowId,
        column: column.key,
        userId: userOf(request).id,
        ...(expected !== undefined ? { expected } : {}),
      });
      if (outcome === 'row-not-found') throw notFound('row', CORRECTION_MESSAGES.rowNotFound);
      if (outcome === 'not-corrected') throw notFound('correction', CORRECTION_MESSAGES.notCorrected);
      if ('changed' in outcome) throw cellChanged(outcome.changed);
      return { data: outcome.correction, row: outcome.row };
    },
  );

  app.post(
    '/corrections/:id/dismiss',
    { schema: { params: CorrectionIdParams, body: DismissBody, response: { 200: OneCorrectionResponse } }, config: { permissions: ['review'] } },
    async (request) => {
      const outcome = await ctx.corrections.dismiss(request.params.id, userOf(request).id, request.body.reason?.trim() || null);
      if (outcome === 'not-found') throw notFound('correction', CORRECTION_MESSAGES.correctionNotFound);
      if (outcome === 'not-review') throw new HttpError(409, 'NOT_TO_REVIEW', CORRECTION_MESSAGES.notToReview, 'only a correction to review can be dismissed');
      return { data: outcome };
    },
  );

  app.get(
    '/documents/:id/corrections',
    { schema: { params: IdParams, response: { 200: CorrectionsResponse } }, config: { permissions: ['read'] } },
    async (request) => {
      if (!(await ctx.documents.findById(request.params.id))) throw notFound('document', SERVER_MESSAGES.documentNotFound);
      return { data: await ctx.corrections.listForDocument(request.params.id) };
    },
  );

  app.get('/corrections/export', { schema: { querystring: CorrectionsExportQuery }, config: { permissions: ['review'] } }, async (request, reply) => {
    const out = new PassThrough();
    const line = (cells: (string | number | null)[]) => cells.map(csvCell).join(';') + '\r\n';
    void (async () => {
      out.write(BOM + line([...CORRECTION_MESSAGES.exportHeader]));
      for await (const chunk of ctx.corrections.iterateAll()) {
        const text = chunk
          .map((c) =>
            line([
              c.id,
              c.created_at,
              c.user.email,
              c.document_id,
              c.filename,
              c.nosolicitud,
              c.table,
              c.row_seq + 1,
              c.column,
              CORRECTION_MESSAGES.action[c.action],
              c.extracted,
              c.previous,
              c.value,
              c.reason,
              CORRECTION_MESSAGES.status[c.status],
            ]),
          )
          .join('');
        // The client went away: stop reading the trail (decision 036).
        if (!(await writeOrStop(out, text))) return;
      }
      out.end();
    })().catch((err: unknown) => {
      request.log.error({ err }, 'corrections export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    const stamp = new Date().toISOString().slice(0, 10);
    return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', attachment(`correcciones-${stamp}.csv`)).send(out);
  });
};
