import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { paginationOf } from '../../shared/api/common.ts';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants.ts';
import { TablePageQuery, TablePageResponse, TableParams, TablesResponse, TableExportQuery, TableTotalsQuery, TableTotalsResponse } from '../../shared/api/tables.ts';
import { CATALOG, findTable, sumColumns, tableColumns, type CatalogTable } from '../../shared/catalog/index.ts';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import type { TableFilters } from '../../shared/table-filters.ts';
import { notFound } from '../errors.ts';
import type { AppContext } from '../context.ts';
import { exportStream } from '../export.ts';
import { attachment } from './documents.ts';
import { tableConfidenceOf } from '../repos/documents.ts';
import { FreshCache } from '../db/fresh-cache.ts';
import { normalizeSearch } from '../search-text.ts';
import type { Static } from '@sinclair/typebox';

/**
 * How long a table page is answered from memory without reading the database again
 * (decision 032). Every write of this process to the rows, their counts, the corrections or the
 * documents' stored fields empties it at once; another node's write shows here within this long.
 */
export const TABLE_PAGE_CACHE_MS = 2000;

function tableOr404(name: string): CatalogTable {
  const table = findTable(name);
  if (!table) throw notFound(`table ${name}`, SERVER_MESSAGES.tableNotFound);
  return table;
}

/** The filters of a page or export request (spec §7), as the rows repository takes them. */
function filtersOf(q: { nosolicitud?: string; search?: string; sort_by_nosolicitud?: boolean }): Partial<TableFilters> {
  return { nosolicitud: q.nosolicitud, search: q.search, sortByNosolicitud: q.sort_by_nosolicitud };
}

export const tableRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The table's first pages are what the data screen opens on, again and again; a filtered page is
  // asked again by its readers' next requests (the same search's page after a correction's reload,
  // another reader of the same search). Its rows come from the filter's kept ids (rows.ts).
  const pages = new FreshCache<string, Static<typeof TablePageResponse>>(ctx.database.changes, {
    tables: ['table_rows', 'table_counts', 'corrections'],
    // A new document (an upload) has no rows yet: it changes no page.
    changedOnly: ['documents'],
    maxAgeMs: TABLE_PAGE_CACHE_MS,
    // A page is at most 100 rows of ~300 bytes: 256 of them are a few MB, whatever pages are asked for.
    maxEntries: 256,
  });
  app.get('/tables', { schema: { response: { 200: TablesResponse } }, config: { permissions: ['read'] } }, async () => {
    const counts = await ctx.rows.counts();
    return {
      data: CATALOG.map((t) => ({
        name: t.name,
        title: t.title,
        columns: tableColumns(t.columns),
        row_count: counts.get(t.name) ?? 0,
      })),
    };
  });

  app.get(
    '/tables/:tableType',
    { schema: { params: TableParams, querystring: TablePageQuery, response: { 200: TablePageResponse } }, config: { permissions: ['read'] } },
    async (request) => {
      const table = tableOr404(request.params.tableType);
      const q = request.query;
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
      const filters = filtersOf(q);
      const load = async () => {
        // Rows hold the values in effect; meta says which cells a reviewer corrected (decision 039).
        const { rows, total, meta } = await ctx.rows.page(table.name, filters, page, pageSize);
        const ids = [...new Set(meta.map((r) => r.document_id))];
        const docs = new Map((await ctx.documents.findByIds(ids)).map((d) => [d.id, d]));
        const documents = ids.flatMap((id) => {
          const doc = docs.get(id);
          if (!doc) return [];
          return [{ id, nosolicitud: doc.nosolicitud, filename: doc.original_filename, confidence: tableConfidenceOf(doc, table.name, request.log) }];
        });
        return { data: rows, meta, documents, pagination: paginationOf(page, pageSize, total) };
      };
      const filterKey = ctx.rows.isUnfiltered(filters) ? [] : [filters.nosolicitud?.trim() ?? '', normalizeSearch(filters.search ?? '')];
      return pages.read(JSON.stringify([table.name, page, pageSize, filters.sortByNosolicitud === true, ...filterKey]), load);
    },
  );

  app.get(
    '/tables/:tableType/totals',
    { schema: { params: TableParams, querystring: TableTotalsQuery, response: { 200: TableTotalsResponse } }, config: { permissions: ['read'] } },
    async (request) => {
      const table = tableOr404(request.params.tableType);
      return { totals: await ctx.rows.totals(table.name, filtersOf(request.query), sumColumns(table)) };
    },
  );

  app.get(
    '/tables/:tableType/export',
    { schema: { params: TableParams, querystring: TableExportQuery }, config: { permissions: ['read'] } },
    async (request, reply) => {
      const table = tableOr404(request.params.tableType);
      const q = request.query;
      const format = q.format ?? 'csv';
      const chunks = ctx.rows.iterate(table.name, filtersOf(q));
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header(
          'Content-Type',
          format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('Content-Disposition', attachment(`${table.name}-${stamp}.${format}`))
        .send(exportStream(table, format, chunks, (err) => request.log.error({ err }, 'export failed')));
    },
  );
};
