import { sql, type Kysely, type RawBuilder } from 'kysely';
import { pairTextsOf } from './search-pairs.ts';
import { ftsPairsTableOf, ftsTableOf } from './table-search.ts';

/**
 * SQLite: a table's three search indexes (words, pairs, cuts; decision 032) kept in step with its
 * rows. Contentless FTS5 tables hold no text, so every write names the rows by id.
 */

/** Indexes stored rows (ids from `table_rows`) of one table; call in the transaction that stores them. */
export async function indexRows<DB>(db: Kysely<DB>, tableName: string, rows: readonly { id: number; search_text: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`INSERT INTO ${sql.table(ftsTableOf(tableName))}(rowid, search_text) VALUES ${sql.join(rows.map((r) => sql`(${r.id}, ${r.search_text})`))}`.execute(db);
  await indexPairs(db, tableName, rows);
}

/** The pairs and cuts of stored rows (also migration 015's fill). */
async function indexPairs<DB>(db: Kysely<DB>, tableName: string, rows: readonly { id: number; search_text: string }[]): Promise<void> {
  const texts = await pairTextsOf(db, rows.map((r) => r.search_text));
  await sql`INSERT INTO ${sql.table(ftsPairsTableOf(tableName))}(rowid, pairs) VALUES ${sql.join(rows.map((r, i) => sql`(${r.id}, ${texts[i]!.pairs})`))}`.execute(db);
  await sql`INSERT INTO ${sql.table(ftsPairsTableOf(tableName, 'cuts'))}(rowid, cuts) VALUES ${sql.join(rows.map((r, i) => sql`(${r.id}, ${texts[i]!.cuts})`))}`.execute(db);
}

/** Takes rows out of a table's indexes: `ids` is a subquery or list of their ids, read before they are deleted. */
export async function unindexRows<DB>(db: Kysely<DB>, tableName: string, ids: RawBuilder<unknown>): Promise<void> {
  for (const name of [ftsTableOf(tableName), ftsPairsTableOf(tableName), ftsPairsTableOf(tableName, 'cuts')]) {
    await sql`DELETE FROM ${sql.table(name)} WHERE rowid IN (${ids})`.execute(db);
  }
}

/**
 * Migration 015: the pairs and cuts of a table whose rows were stored before those indexes
 * existed, from the rows' stored search text, a batch at a time.
 */
export async function fillSearchPairs<DB>(db: Kysely<DB>, tableName: string): Promise<void> {
  for (let after = 0; ; ) {
    const { rows } = await sql<{ id: number; search_text: string }>`SELECT id, search_text FROM table_rows WHERE table_name = ${tableName} AND id > ${after} ORDER BY id LIMIT 2000`.execute(db);
    if (rows.length === 0) return;
    await indexPairs(db, tableName, rows);
    after = rows[rows.length - 1]!.id;
  }
}
