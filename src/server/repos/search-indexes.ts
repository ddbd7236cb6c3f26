import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../db/schema.ts';
import { ensureTableSearch, hasTableSearch } from '../db/table-search.ts';

/**
 * The rows repository's knowledge of which catalogue tables' search indexes exist (decision 032):
 * `ensure` before a write creates one on first use; `indexed` before a search asks without writing.
 */
export function tableSearchIndexes(db: Kysely<Database>, dialect: Dialect) {
  // Tables whose search index is known to exist, committed, on this database (created on first
  // use). An index created inside a transaction is not remembered: that transaction may still roll
  // back (a full disk at COMMIT), and a remembered index that is not there fails every later save
  // and search of its table ("no such table") until a restart. A later call that finds it already
  // there (not created by its own transaction) remembers it.
  const searchReady = new Set<string>();
  const createdIn = new WeakMap<Kysely<Database>, Set<string>>();
  async function ensureSearch(executor: Kysely<Database>, tableName: string): Promise<void> {
    if (searchReady.has(tableName)) return;
    const created = await ensureTableSearch(executor, dialect, tableName);
    if (!executor.isTransaction) {
      searchReady.add(tableName);
    } else if (created) {
      createdIn.set(executor, (createdIn.get(executor) ?? new Set()).add(tableName));
    } else if (!createdIn.get(executor)?.has(tableName)) {
      searchReady.add(tableName);
    }
  }
  /**
   * Whether a search of the table can use its index, without writing (a read must keep working on
   * a full disk). SQLite: no index means no row of the table was ever stored (rows and their index
   * entries commit together), so a word search matches nothing. PostgreSQL: the index is only a
   * speed-up, created here on first use as before.
   */
  async function searchIndexed(tableName: string): Promise<boolean> {
    if (searchReady.has(tableName)) return true;
    if (dialect === 'postgres') {
      await ensureSearch(db, tableName);
      return true;
    }
    if (!(await hasTableSearch(db, dialect, tableName))) return false;
    searchReady.add(tableName);
    return true;
  }
  return { ensure: ensureSearch, indexed: searchIndexed };
}
