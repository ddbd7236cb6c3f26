import { sql, type Kysely } from 'kysely';
import type { Dialect } from './schema.ts';

/**
 * Search index per catalogue table (docs/decisions/032): a search reads only its own table's
 * postings instead of matching all ten tables' million rows and discarding most of them.
 * SQLite: one contentless FTS5 table per catalogue table; PostgreSQL: one partial GIN index per
 * table_name. Created on first use, so a table added to the catalogue needs no migration.
 */
function checkedName(tableName: string): string {
  // Names come from the catalogue; anything else must never reach DDL or a literal.
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(tableName)) throw new Error(`invalid table name: ${tableName}`);
  return tableName;
}

export function ftsTableOf(tableName: string): string {
  return `table_rows_fts_${checkedName(tableName).toLowerCase()}`;
}

/** The table name as an SQL literal: PostgreSQL only uses a partial index when its predicate is provable at planning. */
export function tableNameLiteral(tableName: string) {
  return sql.lit(checkedName(tableName));
}

/** Whether the table's search index exists, as `db` (a transaction: with its own changes) sees it; reads only. */
export async function hasTableSearch<DB>(db: Kysely<DB>, dialect: Dialect, tableName: string): Promise<boolean> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ${ftsTableOf(tableName)}`.execute(db)
      : await sql`SELECT 1 FROM pg_indexes WHERE indexname = ${pgIndexOf(tableName)}`.execute(db);
  return rows.length > 0;
}

export function pgIndexOf(tableName: string): string {
  return `table_rows_words_${checkedName(tableName).toLowerCase()}`;
}

/**
 * Creates the table's search index unless it exists; true when this call created it. Inside a
 * transaction the new index only lasts if that transaction commits.
 */
export async function ensureTableSearch<DB>(db: Kysely<DB>, dialect: Dialect, tableName: string): Promise<boolean> {
  // Look first (PostgreSQL: CREATE INDEX IF NOT EXISTS takes a share lock on table_rows even when
  // the index exists, which would queue behind, or deadlock with, concurrent row writers).
  if (await hasTableSearch(db, dialect, tableName)) return false;
  if (dialect === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE IF NOT EXISTS ${sql.table(ftsTableOf(tableName))} USING fts5(search_text, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
  } else {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(pgIndexOf(tableName))} ON table_rows USING gin (search_tsv) WITH (fastupdate = off) WHERE table_name = ${tableNameLiteral(tableName)}`.execute(db);
  }
  return true;
}
