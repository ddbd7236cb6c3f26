import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { documentsRepo } from './repos/documents.ts';
import { rowsRepo } from './repos/rows.ts';
import { correctionsRepo } from './repos/corrections.ts';
import { loginFailuresRepo, sessionsRepo } from './repos/sessions.ts';
import { usersRepo } from './repos/users.ts';
import { queueRepo } from './jobs/queue.ts';
import type { FileStore } from './storage.ts';
import type { PdfStore } from './pdf-store.ts';

/** Everything route handlers need, built once per app. */
export function createContext(config: Config, database: Db, files: FileStore, pdfs: PdfStore) {
  const { db, dialect } = database;
  const rows = rowsRepo(db, dialect, database.changes, database.readers);
  return {
    config,
    database,
    db,
    dialect,
    /** Temp files of uploads in DATA_DIR/tmp (both databases). */
    files,
    /** The stored PDFs: DATA_DIR/files or PostgreSQL (pdf-store.ts). */
    pdfs,
    users: usersRepo(db, dialect),
    sessions: sessionsRepo(db, config.tokenTtlDays, database.changes),
    loginFailures: loginFailuresRepo(db, { perAccount: config.loginMaxFailures, perAddress: config.loginMaxFailuresPerAddress, windowMs: config.loginWindowMs }),
    documents: documentsRepo(db),
    rows,
    corrections: correctionsRepo(db, dialect, rows),
    queue: queueRepo(db, dialect, config.jobMaxAttempts),
    /** Set once the runner starts; uploads wake it. */
    wakeRunner: () => {},
    /** Set once the runner starts: a deleted document's run stops now (other nodes' runs at their next lease renewal). */
    documentGone: (_id: number) => {},
  };
}

export type AppContext = ReturnType<typeof createContext>;
