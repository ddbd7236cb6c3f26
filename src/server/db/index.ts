import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import { migrationsFor } from './migrations.ts';
import type { Database, Dialect } from './schema.ts';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Opens SQLite in dataDir (or PostgreSQL when databaseUrl is set) and brings the schema up to date. */
export async function openDatabase(options: { dataDir: string; databaseUrl?: string | undefined }): Promise<Db> {
  let db: Kysely<Database>;
  let dialect: Dialect;
  if (options.databaseUrl) {
    // COUNT(*) and bigint columns come back as strings by default; our counts fit in a double.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    dialect = 'postgres';
  } else {
    fs.mkdirSync(options.dataDir, { recursive: true });
    const file = new SQLite(path.join(options.dataDir, 'app.db'));
    file.pragma('journal_mode = WAL');
    // FULL: a committed upload survives a power cut, which the outbox's exactly-once relies on.
    file.pragma('synchronous = FULL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
    dialect = 'sqlite';
  }
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    await db.destroy();
    throw error instanceof Error ? error : new Error(String(error));
  }
  return { db, dialect, close: () => db.destroy() };
}
