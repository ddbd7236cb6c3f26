import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type MigrationProvider } from 'kysely';
import { migrationsFor } from './migrations.ts';
import { ChangeTracker, trackChanges } from './change-tracking.ts';
import type { Database, Dialect } from './schema.ts';
import { SqliteReaders } from './sqlite-readers.ts';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Committed writes of this process, per table: what tells a cache its answer is stale (decision 032). */
  changes: ChangeTracker;
  /** SQLite: worker threads for the reads that take milliseconds (searches), off the server's thread. */
  readers?: SqliteReaders | undefined;
  close(): Promise<void>;
}

/**
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR…); Kysely's
 * ROLLBACK after it would fail with "cannot rollback - no transaction is active" and that error
 * would replace the real one (a full disk then looked like an internal error, logged every poll).
 */
class SqliteDriverKeepingCause extends SqliteDriver {
  constructor(private readonly file: SQLite.Database) {
    super({ database: file });
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.file.inTransaction) await super.rollbackTransaction(connection);
  }
}

/**
 * Kysely's SQLite driver prepares every statement anew, which was a ninth of the server's time on
 * the table page (bench:api, decision 032). The same SQL text reuses its compiled statement; the
 * driver runs one query at a time on its connection, so a cached statement is never busy twice.
 * SQLite re-prepares a cached statement by itself after a schema change.
 */
function cacheStatements(file: SQLite.Database, max = 256): void {
  const prepare = file.prepare.bind(file);
  const cache = new Map<string, SQLite.Statement>();
  file.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      // Most recently used last: the first entry is the one to evict.
      cache.delete(source);
    } else {
      statement = prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  }) as SQLite.Database['prepare'];
}

class SqliteDialectKeepingCause extends SqliteDialect {
  constructor(private readonly file: SQLite.Database) {
    super({ database: file });
  }

  override createDriver(): Driver {
    return new SqliteDriverKeepingCause(this.file);
  }
}

/** Opens SQLite in dataDir (or PostgreSQL when databaseUrl is set) and brings the schema up to date. */
export async function openDatabase(options: { dataDir: string; databaseUrl?: string | undefined }): Promise<Db> {
  let db: Kysely<Database>;
  let dialect: Dialect;
  let readers: SqliteReaders | undefined;
  const changes = new ChangeTracker();
  if (options.databaseUrl) {
    // COUNT(*) and bigint columns come back as strings by default; our counts fit in a double.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    db = new Kysely<Database>({ dialect: trackChanges(new PostgresDialect({ pool }), changes) });
    dialect = 'postgres';
  } else {
    fs.mkdirSync(options.dataDir, { recursive: true });
    const file = new SQLite(path.join(options.dataDir, 'app.db'));
    file.pragma('journal_mode = WAL');
    // FULL: a committed upload survives a power cut, which the outbox's exactly-once relies on.
    file.pragma('synchronous = FULL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    cacheStatements(file);
    readers = new SqliteReaders(path.join(options.dataDir, 'app.db'));
    db = new Kysely<Database>({ dialect: trackChanges(new SqliteDialectKeepingCause(file), changes) });
    dialect = 'sqlite';
  }
  // Kysely's Migrator runs under a lock: on PostgreSQL a session advisory lock (pg_advisory_lock),
  // so API nodes and workers starting together on one database migrate once, the others wait
  // (tests/integration/cluster.test.ts starts four at once on an empty database).
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    await readers?.close();
    await db.destroy();
    throw error instanceof Error ? error : new Error(String(error));
  }
  return {
    db,
    dialect,
    changes,
    readers,
    close: async () => {
      await readers?.close();
      await db.destroy();
    },
  };
}
