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

export async function ensureTableSearch<DB>(db: Kysely<DB>, dialect: Dialect, tableName: string): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE IF NOT EXISTS ${sql.table(ftsTableOf(tableName))} USING fts5(search_text, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
  } else {
    const index = `table_rows_words_${checkedName(tableName).toLowerCase()}`;
    // Look first: CREATE INDEX IF NOT EXISTS takes a share lock on table_rows even when the index
    // exists, which would queue behind (or deadlock with) concurrent row writers.
    const { rows } = await sql`SELECT 1 FROM pg_indexes WHERE indexname = ${index}`.execute(db);
    if (rows.length > 0) return;
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(index)} ON table_rows USING gin (search_tsv) WITH (fastupdate = off) WHERE table_name = ${tableNameLiteral(tableName)}`.execute(db);
  }
}
