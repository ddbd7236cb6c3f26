import { sql, type Kysely } from 'kysely';
import type { Dialect } from './schema.ts';
import { PAIRS_TOKENIZER, WORDS_TOKENIZER } from './search-pairs.ts';

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

/** PostgreSQL: the index of a table's adjacent word pairs and cut pairs (`search_pair_keys`, below). */
export function pgPairsIndexOf(tableName: string): string {
  return `table_rows_pairkeys_${checkedName(tableName).toLowerCase()}`;
}

/** PostgreSQL: how many leading characters of a pair's second word are also indexed as a cut pair. */
const PAIR_CUTS = 2;

/**
 * PostgreSQL: the word pairs of a text and the pairs query of a search term (docs/decisions/032).
 * `search_pair_keys('fungicida foliar lote 17')` holds each word with the next as one lexeme
 * ('fungicida foliar', 'foliar lote', 'lote 17') and each pair cut after the second word's first
 * one and two characters, marked by '|' ('lote |1', 'lote |17', 'foliar |l', …). A phrase search
 * `'fungicida' <-> 'foliar' <-> 'lote' <-> '17':*` can only match a row holding
 * `'fungicida foliar' & 'foliar lote' & 'lote |17'` (`search_pair_keys_query`), and pairs are rare
 * where single words are not. The last word is a prefix: of one or two characters, its cut pair is
 * one exact lexeme, because a prefix lexeme (`'lote 3':*`) makes GIN read the whole posting list of
 * every lexeme it covers into a bitmap (11 lists, 200k rows on the bench: 18 ms) where exact
 * lexemes let its fast scan skip along the rarest one; a longer last word stays a prefix of its
 * pair (`'urea granu':*`), which few lexemes share. The index only narrows: the phrase itself
 * still decides, so a lexeme holding ' |' can add a candidate, never lose a match. NULL for a term
 * of one word: the words index answers those. Created once, under the migration lock (or by the
 * migration that first builds the per-table indexes).
 */
export async function ensureSearchPairFunctions<DB>(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql`SELECT to_regprocedure('search_pair_keys_query(text)') IS NOT NULL AS present`.execute(db);
  if ((rows[0] as { present: boolean } | undefined)?.present) return;
  await sql`CREATE OR REPLACE FUNCTION search_pair_keys(t text) RETURNS tsvector IMMUTABLE PARALLEL SAFE LANGUAGE sql AS $$
    WITH w AS (SELECT lexeme, unnest(positions) AS pos FROM unnest(to_tsvector('simple', t))),
    p AS (SELECT a.lexeme AS a, b.lexeme AS b FROM w AS a JOIN w AS b ON b.pos = a.pos + 1)
    SELECT coalesce(array_to_tsvector(array_agg(DISTINCT k)), ''::tsvector)
    FROM (SELECT a || ' ' || b AS k FROM p
          UNION ALL SELECT a || ' |' || left(b, n) FROM p, generate_series(1, ${sql.lit(PAIR_CUTS)}) AS n WHERE char_length(b) >= n) AS keys
  $$`.execute(db);
  // Each key quoted as a tsquery lexeme (backslash and quote escaped); the last pair cut when its
  // second word is short, else a prefix.
  await sql`CREATE OR REPLACE FUNCTION search_pair_keys_query(t text) RETURNS tsquery IMMUTABLE PARALLEL SAFE LANGUAGE sql AS $$
    WITH w AS (SELECT lexeme, unnest(positions) AS pos FROM unnest(to_tsvector('simple', t))),
    p AS (SELECT a.lexeme AS a, b.lexeme AS b, a.pos = max(a.pos) OVER () AS last FROM w AS a JOIN w AS b ON b.pos = a.pos + 1),
    k AS (SELECT CASE WHEN last AND char_length(b) <= ${sql.lit(PAIR_CUTS)} THEN a || ' |' || b ELSE a || ' ' || b END AS key,
                 last AND char_length(b) > ${sql.lit(PAIR_CUTS)} AS prefix FROM p)
    SELECT string_agg('''' || replace(replace(key, '\\', '\\\\'), '''', '''''') || '''' || CASE WHEN prefix THEN ':*' ELSE '' END, ' & ')::tsquery FROM k
  $$`.execute(db);
}

/**
 * PostgreSQL, migration 014: the pairs index and functions before the cut pairs. Dropped once the
 * new ones exist, so a search never reads an index that lacks the keys its query asks for.
 */
export async function dropOldSearchPairs<DB>(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE indexname LIKE 'table\_rows\_pairs\_%'`.execute(db);
  for (const { indexname } of rows) await sql`DROP INDEX IF EXISTS ${sql.id(indexname)}`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_pairs_query(text)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_pairs(text)`.execute(db);
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
