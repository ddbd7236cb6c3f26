import { sql, type Kysely } from 'kysely';

/** PostgreSQL: how many leading characters of a word are also indexed as a cut key. */
const CUTS = 2;

/**
 * PostgreSQL: the keys of a text's adjacent words and the keys query of a search term
 * (docs/decisions/032), for the partial GIN index `table_rows_pairkeys_<table>`.
 * `search_pair_keys('abono foliar lote 17')` holds, as lexemes:
 * - each word with the next ('abono foliar', 'foliar lote', 'lote 17');
 * - each word with the next one's first one and two characters, marked by '|' ('lote |1', 'lote |17');
 * - each two words with the third one's first one and two characters ('foliar lote |1', 'foliar lote |17').
 * A phrase search `'abono' <-> 'foliar' <-> 'lote' <-> '17':*` can only match a row holding
 * `'abono foliar' & 'foliar lote |17'` (`search_pair_keys_query`): pairs are rare where single words
 * are not, and the last word, a prefix, is pinned to the two words before it. A last word of one or
 * two characters is one exact cut key, because a prefix lexeme (`'lote 3':*`) makes GIN read the
 * whole posting list of every lexeme it covers into a bitmap (11 lists, 200k rows on the bench:
 * 18 ms) where exact keys let its fast scan skip along the rarest one; and it is cut after two
 * words, not one, because the heap recheck of each candidate row is what costs then ('foliar lote'
 * & 'lote |3' hold in a third of the bench's rows, mostly in different cells). A longer last word
 * stays a prefix of its pair (`'lote 317':*`), which few lexemes share. The index only narrows: the
 * phrase itself still decides, so a lexeme holding ' |' can add a candidate, never lose a match.
 * NULL for a term of one word: the words index answers those. Created once, under the migration
 * lock (or by the migration that first builds the per-table indexes).
 */
export async function ensureSearchPairFunctions<DB>(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql`SELECT to_regprocedure('search_pair_keys_query(text)') IS NOT NULL AS present`.execute(db);
  if ((rows[0] as { present: boolean } | undefined)?.present) return;
  await sql`CREATE OR REPLACE FUNCTION search_pair_keys(t text) RETURNS tsvector IMMUTABLE PARALLEL SAFE LANGUAGE sql AS $$
    WITH w AS (SELECT lexeme, unnest(positions) AS pos FROM unnest(to_tsvector('simple', t))),
    p AS (SELECT a.lexeme AS a, b.lexeme AS b, c.lexeme AS c FROM w AS a JOIN w AS b ON b.pos = a.pos + 1 LEFT JOIN w AS c ON c.pos = b.pos + 1)
    SELECT coalesce(array_to_tsvector(array_agg(DISTINCT k)), ''::tsvector)
    FROM (SELECT a || ' ' || b AS k FROM p
          UNION ALL SELECT a || ' |' || left(b, n) FROM p, generate_series(1, ${sql.lit(CUTS)}) AS n WHERE char_length(b) >= n
          UNION ALL SELECT a || ' ' || b || ' |' || left(c, n) FROM p, generate_series(1, ${sql.lit(CUTS)}) AS n WHERE char_length(c) >= n) AS keys
  $$`.execute(db);
  // The term's pairs in order; a short last word makes the last pair a cut key, on the two words
  // before it when there are two (then the pair of those two is left out: the cut key holds it).
  // Each key quoted as a tsquery lexeme (backslash and quote escaped).
  await sql`CREATE OR REPLACE FUNCTION search_pair_keys_query(t text) RETURNS tsquery IMMUTABLE PARALLEL SAFE LANGUAGE sql AS $$
    WITH w AS (SELECT lexeme, unnest(positions) AS pos FROM unnest(to_tsvector('simple', t))),
    p AS (SELECT a.pos, a.lexeme AS a, b.lexeme AS b FROM w AS a JOIN w AS b ON b.pos = a.pos + 1),
    l AS (SELECT p.*, q.a AS prev, max(p.pos) OVER () AS last FROM p LEFT JOIN p AS q ON q.pos = p.pos - 1),
    s AS (SELECT l.*, bool_or(pos = last AND char_length(b) <= ${sql.lit(CUTS)}) OVER () AS short,
                 bool_or(pos = last AND prev IS NOT NULL) OVER () AS triple FROM l),
    k AS (SELECT CASE WHEN pos = last AND short AND prev IS NOT NULL THEN prev || ' ' || a || ' |' || b
                      WHEN pos = last AND short THEN a || ' |' || b
                      ELSE a || ' ' || b END AS key,
                 pos = last AND NOT short AS prefix
          FROM s WHERE NOT (short AND triple AND pos = last - 1))
    SELECT string_agg('''' || replace(replace(key, '\\', '\\\\'), '''', '''''') || '''' || CASE WHEN prefix THEN ':*' ELSE '' END, ' & ')::tsquery FROM k
  $$`.execute(db);
}

/**
 * PostgreSQL, migration 014: the pairs index and functions before the cut keys. Dropped once the
 * new ones exist, so a search never reads an index that lacks the keys its query asks for.
 */
export async function dropOldSearchPairs<DB>(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE indexname LIKE 'table\\_rows\\_pairs\\_%'`.execute(db);
  for (const { indexname } of rows) await sql`DROP INDEX IF EXISTS ${sql.id(indexname)}`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_pairs_query(text)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_pairs(text)`.execute(db);
}
