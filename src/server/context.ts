import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { documentsRepo } from './repos/documents.ts';
import { rowsRepo } from './repos/rows.ts';
import { loginFailuresRepo, sessionsRepo } from './repos/sessions.ts';
import { usersRepo } from './repos/users.ts';
import { queueRepo } from './jobs/queue.ts';
import type { FileStore } from './storage.ts';

/** Everything route handlers need, built once per app. */
export function createContext(config: Config, database: Db, files: FileStore) {
  const { db, dialect } = database;
  return {
    config,
    database,
    db,
    dialect,
    files,
    users: usersRepo(db),
    sessions: sessionsRepo(db, config.tokenTtlDays),
    loginFailures: loginFailuresRepo(db, { perAccount: config.loginMaxFailures, perAddress: config.loginMaxFailuresPerAddress, windowMs: config.loginWindowMs }),
    documents: documentsRepo(db),
    rows: rowsRepo(db, dialect),
    queue: queueRepo(db, dialect, config.jobMaxAttempts),
    /** Set once the runner starts; uploads wake it. */
    wakeRunner: () => {},
  };
}

export type AppContext = ReturnType<typeof createContext>;
