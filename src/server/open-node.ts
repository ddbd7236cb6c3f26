import { SERVER_MESSAGES } from '../shared/messages/server.ts';
import type { Config } from './config.ts';
import { createContext, type AppContext } from './context.ts';
import { openDatabase, type Db } from './db/index.ts';
import { lockDataDir } from './db/lock.ts';
import { JobRunner, type RunnerOptions } from './jobs/runner.ts';
import { PostgresPdfStore, pdfStoreFor } from './pdf-store.ts';
import { FileStore } from './storage.ts';

export interface OpenNode {
  database: Db;
  ctx: AppContext;
  /** Releases the DATA_DIR lock. */
  release: () => void;
}

/**
 * What every process does first, whatever its ROLE: lock its DATA_DIR (SQLite: one server per
 * folder; PostgreSQL: per node, for its temp files), open the database (migrations run under
 * Kysely's lock: on PostgreSQL an advisory lock, so nodes starting together migrate once), pick the
 * PDF store, return expired leases to the queue and drop leftover temp files.
 */
export async function openNode(config: Config): Promise<OpenNode> {
  const release = lockDataDir(config.dataDir);
  let database: Db;
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  } catch (err) {
    release();
    throw err;
  }
  try {
    const files = new FileStore(config.dataDir);
    const pdfs = pdfStoreFor(database, files);
    const ctx = createContext(config, database, files, pdfs);
    // With SQLite the lock proves we are the only server, so every `processing` job is orphaned;
    // with PostgreSQL only leases that ran out (other nodes' jobs are theirs).
    await ctx.queue.recover(database.dialect === 'sqlite', SERVER_MESSAGES.jobCrashed);
    await pdfs.sweep();
    if (pdfs instanceof PostgresPdfStore) await pdfs.adoptDiskFiles();
    return { database, ctx, release };
  } catch (err) {
    await database.close().catch(() => undefined);
    release();
    throw err;
  }
}

/** The extraction runner of a node (ROLE=all or worker), with the configured caps. */
export function nodeRunner(config: Config, ctx: AppContext, extra: Pick<RunnerOptions, 'log' | 'space'>): JobRunner {
  return new JobRunner({
    db: ctx.db,
    queue: ctx.queue,
    rows: ctx.rows,
    workers: config.workers,
    timeoutMs: config.jobTimeoutMs,
    memoryMb: config.jobMemoryMb,
    pdfs: ctx.pdfs,
    ...extra,
  });
}
