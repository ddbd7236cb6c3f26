import { sql, type Kysely } from 'kysely';
import type { Dialect } from './schema.ts';
import { PAIRS_TOKENIZER, WORDS_TOKENIZER } from './search-pairs.ts';
import { ensureSearchPairFunctions } from './pg-search-pairs.ts';

/**
 * Search index per catalogue table (docs/decisions/032): a search reads only its own table's
 * postings instead of matching all ten tables' million rows and discarding most of them.
 * SQLite: two contentless FTS5 tables per catalogue table, of its words and of its adjacent word
 * pairs (search-pairs.ts); PostgreSQL: two partial GIN indexes per
 * table_name, of its words and of its adjacent word pairs. Created on first use, so a table added to the catalogue needs no migration.
 */
function checkedName(tableName: string): string {
  // Names come from the catalogue; anything else must never reach DDL or a literal.
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(tableName)) throw new Error(`invalid table name: ${tableName}`);
  return tableName;
}

export function ftsTableOf(tableName: string): string {
  return `table_rows_fts_${checkedName(tableName).toLowerCase()}`;
}

/** SQLite: the FTS5 tables of a table's adjacent word pairs and of its cut pairs (search-pairs.ts). */
export function ftsPairsTableOf(tableName: string, index: 'pairs' | 'cuts' = 'pairs'): string {
  return `table_rows_${index}_${checkedName(tableName).toLowerCase()}`;
}

/** The table name as an SQL literal: PostgreSQL only uses a partial index when its predicate is provable at planning. */
export function tableNameLiteral(tableName: string) {
  return sql.lit(checkedName(tableName));
}

/** Whether the table's search indexes exist, as `db` (a transaction: with its own changes) sees it; reads only. */
export async function hasTableSearch<DB>(db: Kysely<DB>, dialect: Dialect, tableName: string): Promise<boolean> {
  if (dialect === 'sqlite') {
    const names = [ftsTableOf(tableName), ftsPairsTableOf(tableName), ftsPairsTableOf(tableName, 'cuts')];
    const { rows } = await sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name IN (${sql.join(names)})`.execute(db);
    return rows.length === names.length;
  }
  const { rows } = await sql`SELECT 1 FROM pg_indexes WHERE indexname IN (${pgIndexOf(tableName)}, ${pgPairsIndexOf(tableName)})`.execute(db);
  return rows.length === 2;
}

export function pgIndexOf(tableName: string): string {
  return `table_rows_words_${checkedName(tableName).toLowerCase()}`;
}

/** PostgreSQL: the index of a table's adjacent word pairs and cut keys (`search_pair_keys`, pg-search-pairs.ts). */
export function pgPairsIndexOf(tableName: string): string {
  return `table_rows_pairkeys_${checkedName(tableName).toLowerCase()}`;
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
    await sql`CREATE VIRTUAL TABLE IF NOT EXISTS ${sql.table(ftsTableOf(tableName))} USING fts5(search_text, content='', contentless_delete=1, tokenize=${sql.lit(WORDS_TOKENIZER)}, prefix='2 3')`.execute(db);
    for (const index of ['pairs', 'cuts'] as const) {
      await sql`CREATE VIRTUAL TABLE IF NOT EXISTS ${sql.table(ftsPairsTableOf(tableName, index))} USING fts5(${sql.raw(index)}, content='', contentless_delete=1, tokenize=${sql.lit(PAIRS_TOKENIZER)})`.execute(db);
    }
  } else {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(pgIndexOf(tableName))} ON table_rows USING gin (search_tsv) WITH (fastupdate = off) WHERE table_name = ${tableNameLiteral(tableName)}`.execute(db);
    await ensureSearchPairFunctions(db);
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(pgPairsIndexOf(tableName))} ON table_rows USING gin (search_pair_keys(search_text)) WITH (fastupdate = off) WHERE table_name = ${tableNameLiteral(tableName)}`.execute(db);
  }
  return true;
}
