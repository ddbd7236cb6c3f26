import { sql, type Kysely } from 'kysely';
import type { Database, Dialect } from '../db/schema.ts';
import { ftsPairsTableOf, ftsTableOf, tableNameLiteral } from '../db/table-search.ts';
import { pairsQuery } from '../db/search-pairs.ts';
import { containsPattern, ftsPhrase, normalizeSearch } from '../search-text.ts';
import type { TableFilters } from '../../shared/table-filters.ts';

/**
 * The rows of one table that pass the page's filters (spec §7): N° Solicitud contains, and the
 * search phrase through the table's own index (decision 032). Unordered; `orderedRows` orders them.
 */
export function filteredRows(db: Kysely<Database>, dialect: Dialect, tableName: string, f: Partial<TableFilters>, indexed: boolean) {
  const nos = f.nosolicitud?.trim();
  const term = f.search ? normalizeSearch(f.search) : '';
  // With a filter, SQLite must start from the few matching ids, not walk the table's whole
  // index in page order probing each row; `+table_name` keeps it off that index.
  let q =
    dialect === 'sqlite' && (nos || term)
      ? db.selectFrom('table_rows').where(sql`+table_name`, '=', tableName)
      : dialect === 'postgres' && term
        ? db.selectFrom('table_rows').where('table_name', '=', tableNameLiteral(tableName))
        : db.selectFrom('table_rows').where('table_name', '=', tableName);
  if (nos) {
    // Filter the 20k documents first, then use the (table_name, document_id) index. SQLite: its
    // trigram index (migration 011) takes three characters or more and a LIKE without ESCAPE
    // (an ESCAPE clause makes FTS5 scan), so a term with a wildcard character reads them all.
    const viaTrigrams = dialect === 'sqlite' && nos.length >= 3 && !/[\\%_]/.test(nos);
    q = q.where(
      'document_id',
      'in',
      viaTrigrams
        ? sql<number>`(SELECT rowid FROM documents_nosolicitud_fts WHERE nosolicitud LIKE ${`%${nos}%`})`
        : db.selectFrom('documents').select('id').where(sql`nosolicitud`, 'like', sql`${containsPattern(nos)} ESCAPE '\\'`),
    );
  }
  if (term) {
    const hasWords = /[\p{L}\p{N}]/u.test(term);
    if (dialect === 'sqlite' && hasWords && !indexed) {
      q = q.where(sql<boolean>`0 = 1`);
    } else if (dialect === 'sqlite' && hasWords) {
      // The table's own FTS index: the phrase is matched over its rows only, not all ten tables'.
      // Several words: the phrase of their pairs in the pairs (or cuts) index, the same rows for a
      // fraction of the postings (search-pairs.ts); one word, or a term beyond ASCII: the words index.
      const pairs = pairsQuery(term);
      const fts = sql.table(pairs ? ftsPairsTableOf(tableName, pairs.index) : ftsTableOf(tableName));
      q = q.where('id', 'in', sql<number>`(SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${pairs?.match ?? `${ftsPhrase(term)}*`})`);
    } else if (hasWords) {
      // The term's words in order, the last one as a prefix: `'urea' <-> 'granu':*`.
      // The prefix mark only goes after a plain lexeme (a query ending in ')' would not parse).
      const phrase = sql`(SELECT CASE WHEN right(t, 1) = '''' THEN (t || ':*')::tsquery ELSE t::tsquery END FROM (SELECT phraseto_tsquery('simple', ${term})::text AS t) AS words)`;
      // One word: the words index. Several: the index of adjacent word pairs (and of pairs cut
      // after a short last word) finds the few rows holding the phrase's pairs and the phrase
      // decides among them (decision 032); `IS TRUE`
      // keeps the planner off the words index there, whose short prefixes (`'17':*`) are what cost.
      // The pairs query is a constant for the planner, so the CASE folds to one branch.
      q = q.where(
        sql<boolean>`CASE WHEN search_pair_keys_query(${term}) IS NULL THEN search_tsv @@ ${phrase} ELSE search_pair_keys(search_text) @@ search_pair_keys_query(${term}) AND (search_tsv @@ ${phrase}) IS TRUE END`,
      );
    } else {
      q = q.where(sql`search_text`, 'like', sql`${containsPattern(term)} ESCAPE '\\'`);
    }
  }
  return q;
}

/** The filtered rows in page order: newest document first, or by N° Solicitud; the PDF's order within one. */
export function orderedRows(db: Kysely<Database>, dialect: Dialect, tableName: string, f: Partial<TableFilters>, indexed = true) {
  const q = filteredRows(db, dialect, tableName, f, indexed);
  return f.sortByNosolicitud
    ? q.orderBy('nosolicitud').orderBy('document_id', 'desc').orderBy('seq')
    : q.orderBy('document_id', 'desc').orderBy('seq');
}
