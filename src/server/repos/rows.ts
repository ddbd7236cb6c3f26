import { sql, type Compilable as KyselyCompilable, type Kysely, type Transaction } from 'kysely';
import type { Database, Dialect } from '../db/schema.ts';
import type { CatalogTable, TableRow } from '../../shared/catalog/index.ts';
import { normalizeSearch } from '../search-text.ts';
import { tableSearchIndexes } from './search-indexes.ts';
import { indexRows, unindexRows } from '../db/sqlite-search-index.ts';
import { RowSource } from '../../shared/api/sources.ts';
import type { TableFilters } from '../../shared/table-filters.ts';
import { readStoredJson, type StoredJsonLog } from './stored-json.ts';
import { correctedCells, correctedCellsSql } from './row-meta.ts';
import { filteredRows, orderedRows } from './row-filters.ts';
import type { RowMeta } from '../../shared/api/corrections.ts';
import type { ChangeTracker } from '../db/change-tracking.ts';
import { FreshCache } from '../db/fresh-cache.ts';
import type { SqliteReaders } from '../db/sqlite-readers.ts';

/**
 * How long the ordered ids of a filtered page (search, N° Solicitud) are answered from memory
 * (decision 032). Every committed write of this process to the rows (with their search indexes)
 * or to the documents' fields empties them at once; another node's write shows within this long.
 */
export const FILTERED_IDS_CACHE_MS = 2000;
/** A filter matching more rows than this is read again each time (a kept list is 4 bytes a row: at most 64 × 400 KB). */
const FILTERED_IDS_MAX_KEPT = 100_000;

export interface StoredRowInput {
  values: TableRow;
  /** Raw cell texts, searchable too (e.g. "$ 1.500.000" as printed). */
  raw?: Record<string, string> | undefined;
  /** Where the row was printed, stored with it. */
  source?: RowSource | undefined;
}

/** A stored row with where it was printed (undefined for rows stored before sources were kept, or unreadable). */
export interface SourcedRow {
  id: number;
  seq: number;
  values: TableRow;
  source: RowSource | undefined;
}

/** Rows a long read checks between two turns of the event loop. */
const ROWS_PER_TURN = 500;

function sourceOf(row: { id: number; source_json: string | null }, log?: StoredJsonLog): RowSource | undefined {
  return readStoredJson(RowSource, row.source_json, undefined, { column: 'table_rows.source_json', id: row.id }, log);
}

/** Flat row as the API answers it: nosolicitud first, then the catalogue columns in order. */
export function flatRow(table: CatalogTable, nosolicitud: string, values: TableRow): TableRow {
  const out: TableRow = { nosolicitud };
  for (const c of table.columns) out[c.key] = values[c.key] ?? null;
  return out;
}

/** A row's search text: its values and the raw printed texts (decision 032). */
export function searchTextOf(row: TableRow, raw: Record<string, string> | undefined): string {
  const parts: string[] = [];
  for (const v of Object.values(row)) if (v !== null && v !== '') parts.push(String(v));
  if (raw) for (const v of Object.values(raw)) if (v) parts.push(v);
  return normalizeSearch(parts.join(' | '));
}

const INSERT_BATCH = 400;

function isUnfiltered(f: Partial<TableFilters>): boolean {
  return !f.nosolicitud?.trim() && !(f.search && normalizeSearch(f.search));
}

/** A query that can run on the main connection or be compiled for a SQLite reader. */
type Compilable<R> = KyselyCompilable<R> & { execute(): Promise<R[]> };

export function rowsRepo(db: Kysely<Database>, dialect: Dialect, changes?: ChangeTracker, readers?: SqliteReaders) {
  /**
   * A read of a filter's rows: SQLite runs it on a reader thread when there are readers (a search
   * is milliseconds of FTS5 work that would hold the server's one thread, sqlite-readers.ts);
   * otherwise, and on PostgreSQL (whose pool already runs queries beside the server), as before.
   */
  async function readAll<R>(query: Compilable<R>): Promise<unknown[][] | R[]> {
    if (!readers) return query.execute();
    const { sql: text, parameters } = query.compile();
    return readers.all(text, parameters);
  }

  // The ordered ids of a filter are the whole cost of a filtered page (the search, the total): the
  // same filter is asked again for its total's page, the next pages and the data screen's totals
  // row, and by every reader of the same search. Kept under the change stamp of what they read.
  const filteredIds = changes
    ? new FreshCache<string, Int32Array | Float64Array>(changes, {
        // The FTS5 tables are written by raw SQL, which counts as a write to every table.
        tables: ['table_rows'],
        // N° Solicitud is matched on `documents`; a new document has no rows yet.
        changedOnly: ['documents'],
        maxAgeMs: FILTERED_IDS_CACHE_MS,
        maxEntries: 64,
      })
    : undefined;
  const { ensure: ensureSearch, indexed: searchIndexed } = tableSearchIndexes(db, dialect);

  async function removeForDocument(trx: Transaction<Database>, documentId: number): Promise<void> {
    const counts = await trx
      .selectFrom('table_rows')
      .select(['table_name', (e) => e.fn.countAll().as('n')])
      .where('document_id', '=', documentId)
      .groupBy('table_name')
      .execute();
    if (counts.length === 0) return;
    if (dialect === 'sqlite') {
      for (const c of counts) {
        await ensureSearch(trx, c.table_name);
        await unindexRows<Database>(trx, c.table_name, sql`SELECT id FROM table_rows WHERE document_id = ${documentId} AND table_name = ${c.table_name}`);
      }
    }
    await trx.deleteFrom('table_rows').where('document_id', '=', documentId).execute();
    for (const c of counts) {
      await trx
        .updateTable('table_counts')
        .set((eb) => ({ row_count: eb('row_count', '-', Number(c.n)) }))
        .where('table_name', '=', c.table_name)
        .execute();
    }
  }

  /**
   * Appends rows of one or many documents, batched across tables and documents (a bulk load of
   * 200 documents is a few dozen statements), and keeps `table_counts` in step.
   */
  async function insertRows(
    trx: Transaction<Database>,
    items: { documentId: number; nosolicitud: string; table: CatalogTable; rows: StoredRowInput[] }[],
  ): Promise<void> {
    const all = items.flatMap(({ documentId, nosolicitud, table, rows }) =>
      rows.map((r, seq) => {
        const flat = flatRow(table, nosolicitud, r.values);
        const source_json = r.source ? JSON.stringify(r.source) : null;
        return { document_id: documentId, table_name: table.name, seq, nosolicitud, data: JSON.stringify(flat), search_text: searchTextOf(flat, r.raw), source_json };
      }),
    );
    for (const name of new Set(all.map((r) => r.table_name))) await ensureSearch(trx, name);
    for (let start = 0; start < all.length; start += INSERT_BATCH) {
      const batch = all.slice(start, start + INSERT_BATCH);
      const ids = await trx.insertInto('table_rows').values(batch).returning(['id', 'table_name', 'search_text']).execute();
      if (dialect === 'sqlite') {
        const byTable = new Map<string, typeof ids>();
        for (const r of ids) byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r]);
        for (const [name, rows] of byTable) await indexRows<Database>(trx, name, rows);
      }
    }
    const perTable = new Map<string, number>();
    for (const r of all) perTable.set(r.table_name, (perTable.get(r.table_name) ?? 0) + 1);
    for (const [table_name, row_count] of perTable) {
      await trx
        .insertInto('table_counts')
        .values({ table_name, row_count })
        .onConflict((oc) =>
          oc.column('table_name').doUpdateSet((eb) => ({ row_count: eb('table_counts.row_count', '+', eb.ref('excluded.row_count')) })),
        )
        .execute();
    }
  }

  /** Replaces every stored row of a document; call inside the transaction that updates the document. */
  async function replaceForDocument(
    trx: Transaction<Database>,
    documentId: number,
    nosolicitud: string,
    tables: { table: CatalogTable; rows: StoredRowInput[] }[],
  ): Promise<void> {
    await removeForDocument(trx, documentId);
    await insertRows(trx, tables.map((t) => ({ documentId, nosolicitud, ...t })));
  }

  const ordered = (tableName: string, f: Partial<TableFilters>, indexed = true) => orderedRows(db, dialect, tableName, f, indexed);

  /**
   * Rewrites one stored row's values and search text (a correction, docs/decisions/039), keeping
   * its table's search index in step; call inside a transaction.
   */
  async function rewriteRow(trx: Transaction<Database>, row: { id: number; table_name: string }, data: TableRow, searchText: string): Promise<void> {
    await trx.updateTable('table_rows').set({ data: JSON.stringify(data), search_text: searchText }).where('id', '=', row.id).execute();
    if (dialect === 'sqlite') {
      await ensureSearch(trx, row.table_name);
      await unindexRows<Database>(trx, row.table_name, sql`${row.id}`);
      await indexRows<Database>(trx, row.table_name, [{ id: row.id, search_text: searchText }]);
    }
  }

  return {
    insertRows,
    replaceForDocument,
    removeForDocument,
    rewriteRow,
    async counts(): Promise<Map<string, number>> {
      const rows = await db.selectFrom('table_counts').selectAll().execute();
      return new Map(rows.map((r) => [r.table_name, Number(r.row_count)]));
    },
    /** One row's source, checked when read back (issue 12 serves it); undefined when absent or unreadable. */
    async rowSource(id: number, log?: StoredJsonLog): Promise<RowSource | undefined> {
      const row = await db.selectFrom('table_rows').select(['id', 'source_json']).where('id', '=', id).executeTakeFirst();
      return row ? sourceOf(row, log) : undefined;
    },
    /** A document's rows of one table in order, each with its source (checked when read back). */
    async documentRows(documentId: number, tableName: string, log?: StoredJsonLog): Promise<SourcedRow[]> {
      const rows = await db
        .selectFrom('table_rows')
        .select(['id', 'seq', 'data', 'source_json'])
        .where('document_id', '=', documentId)
        .where('table_name', '=', tableName)
        .orderBy('seq')
        .execute();
      // Checking each source is most of the cost (a large document: ~20 000 rows, 0.6 s): the event
      // loop gets a turn every ROWS_PER_TURN rows, so other requests are answered meanwhile (the
      // review, its only caller; attacker's audit, 2026-12-02, decision 037).
      const out: SourcedRow[] = [];
      for (const [i, r] of rows.entries()) {
        if (i > 0 && i % ROWS_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
        out.push({ id: r.id, seq: r.seq, values: JSON.parse(r.data) as TableRow, source: sourceOf(r, log) });
      }
      return out;
    },
    async countByDocument(documentId: number): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('table_rows')
        .select(['table_name', (e) => e.fn.countAll().as('n')])
        .where('document_id', '=', documentId)
        .groupBy('table_name')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.table_name, Number(r.n)]));
    },
    /**
     * A page of rows and, in the same order, each row's meta (id, document, corrected cells:
     * corrections are keyed by row id, decision 039), read with the rows (row-meta.ts).
     */
    /** Whether the filters select every row of the table (a blank search or N° Solicitud is no filter). */
    isUnfiltered,
    async page(tableName: string, f: Partial<TableFilters>, page: number, pageSize: number): Promise<{ rows: TableRow[]; total: number; meta: RowMeta[] }> {
      const unfiltered = isUnfiltered(f);
      const answer = (found: { id: number; document_id: number; data: string; corrected: string | null }[], total: number) => ({
        rows: found.map((r) => JSON.parse(r.data) as TableRow),
        total,
        meta: found.map((r) => ({ id: r.id, document_id: r.document_id, corrected: correctedCells(r.corrected) })),
      });
      if (unfiltered) {
        // One statement: the page (its LIMIT inside, so corrections are read for its rows only) and
        // the total from `table_counts`, kept in step with the rows: no COUNT(*) over a million rows.
        const slice = ordered(tableName, f).select(['id', 'document_id', 'data', 'nosolicitud', 'seq']).limit(pageSize).offset((page - 1) * pageSize);
        const q = db
          .selectFrom(slice.as('p'))
          .select(['p.id', 'p.document_id', 'p.data', correctedCellsSql(dialect, sql.ref('p.id')).as('corrected')])
          .select(sql<number | string | null>`(SELECT row_count FROM table_counts WHERE table_name = ${tableName})`.as('total'));
        const found = await (f.sortByNosolicitud ? q.orderBy('p.nosolicitud').orderBy('p.document_id', 'desc') : q.orderBy('p.document_id', 'desc'))
          .orderBy('p.seq')
          .execute();
        // Past the last page there is no row to carry the total.
        const total = found.length
          ? Number(found[0]!.total ?? 0)
          : Number((await db.selectFrom('table_counts').select('row_count').where('table_name', '=', tableName).executeTakeFirst())?.row_count ?? 0);
        return answer(found, total);
      }
      // One evaluation of the filters: the ordered ids give the total and the page at once
      // (and, with no LIMIT, both planners start from the search indexes).
      const read = async () => {
        const indexed = await searchIndexed(tableName);
        const found = await readAll(ordered(tableName, f, indexed).select('id'));
        const list = found.map((r) => (Array.isArray(r) ? (r[0] as number) : r.id));
        return list.every((id) => id <= 0x7fffffff) ? Int32Array.from(list) : Float64Array.from(list);
      };
      const key = JSON.stringify([tableName, f.nosolicitud?.trim() ?? '', f.search ? normalizeSearch(f.search) : '', f.sortByNosolicitud === true]);
      const ids = filteredIds ? await filteredIds.read(key, read, (kept) => kept.length <= FILTERED_IDS_MAX_KEPT) : await read();
      const pageIds = Array.from(ids.subarray((page - 1) * pageSize, page * pageSize));
      const found = pageIds.length
        ? await db
            .selectFrom('table_rows')
            .select(['id', 'document_id', 'data', correctedCellsSql(dialect, sql.ref('table_rows.id')).as('corrected')])
            .where('id', 'in', pageIds)
            .execute()
        : [];
      const byId = new Map(found.map((r) => [r.id, r]));
      // A row gone since its id was read (another node's deletion, within the ids' maximum age) is
      // left out rather than failing the page.
      return answer(
        pageIds.flatMap((id) => byId.get(id) ?? []),
        ids.length,
      );
    },
    /**
     * The sums of `columns` over every row the filters select (the data screen's totals row), in
     * one SQL statement on either database. Only JSON numbers are added (a cell that did not
     * parse is null, never 0); a column with no number in any row totals null.
     */
    async totals(tableName: string, f: Partial<TableFilters>, columns: readonly string[]): Promise<Record<string, number | null>> {
      if (columns.length === 0) return {};
      const indexed = await searchIndexed(tableName);
      const sums = columns.map((key, i) =>
        (dialect === 'sqlite'
          ? sql<number | string | null>`SUM(CASE WHEN json_type(data, ${`$.${key}`}) IN ('integer', 'real') THEN json_extract(data, ${`$.${key}`}) END)`
          : sql<number | string | null>`SUM(CASE WHEN jsonb_typeof(data::jsonb -> ${key}::text) = 'number' THEN (data::jsonb ->> ${key}::text)::numeric END)`
        ).as(`s${i}`),
      );
      const [row] = await readAll(filteredRows(db, dialect, tableName, f, indexed).select(sums));
      const sum = (i: number) => (Array.isArray(row) ? row[i] : (row as Record<string, unknown> | undefined)?.[`s${i}`]) as number | string | null | undefined;
      return Object.fromEntries(columns.map((key, i) => [key, sum(i) == null ? null : Number(sum(i))]));
    },
    /**
     * Every filtered row in page order, a chunk at a time (export). Keyset pagination: each chunk
     * starts after the last row's sort key, so chunk n costs the same as chunk 1 (OFFSET re-walks
     * every earlier row, quadratic over a big export). (document_id, table_name, seq) is unique.
     */
    async *iterate(tableName: string, f: Partial<TableFilters>, chunk = 2000): AsyncGenerator<TableRow[]> {
      const indexed = await searchIndexed(tableName);
      let after: { nosolicitud: string; document_id: number; seq: number } | undefined;
      for (;;) {
        let q = ordered(tableName, f, indexed);
        const last = after;
        if (last) {
          q = q.where((eb) => {
            const inDocOrder = eb.or([eb('document_id', '<', last.document_id), eb.and([eb('document_id', '=', last.document_id), eb('seq', '>', last.seq)])]);
            return f.sortByNosolicitud
              ? eb.or([eb('nosolicitud', '>', last.nosolicitud), eb.and([eb('nosolicitud', '=', last.nosolicitud), inDocOrder])])
              : inDocOrder;
          });
        }
        const rows = await q.select(['data', 'nosolicitud', 'document_id', 'seq']).limit(chunk).execute();
        if (rows.length === 0) return;
        yield rows.map((r) => JSON.parse(r.data) as TableRow);
        if (rows.length < chunk) return;
        const end = rows[rows.length - 1]!;
        after = { nosolicitud: end.nosolicitud, document_id: end.document_id, seq: end.seq };
      }
    },
  };
}
