import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * SQLite reads that can take milliseconds (a search's ordered ids and its totals, decision 032)
 * run on a few worker threads, each with its own connection to the same file, instead of on the
 * server's one thread: better-sqlite3 runs a statement synchronously, so one search of 15 ms held
 * every other request (a page, a login, a health check) for those 15 ms, and ten at once queued.
 * WAL lets these readers run beside the writer; each statement sees the last committed state, as a
 * read on the main connection after any write in progress would. The callers keep their fresh
 * caches' rules (they stamp before reading), so a read racing a write is never kept.
 */

// The worker's whole code: it is given as text, so it runs the same from source (tsx) and from the
// bundle (esbuild), and needs nothing but better-sqlite3, resolved by the main thread.
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('query_only = 1');
const statements = new Map();
parentPort.on('message', ({ id, sql, params }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql).raw(true);
      if (statements.size >= 64) statements.delete(statements.keys().next().value);
      statements.set(sql, statement);
    }
    parentPort.postMessage({ id, rows: statement.all(...params) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

interface Pending {
  resolve(rows: unknown[][]): void;
  reject(error: Error): void;
}

interface Reader {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * One reader per core beyond the one the server's thread needs, at least one, at most four. On the
 * 2-core bench machine two readers gave no more requests per second than one and a worse p99
 * (59–110 ms against 47–98 ms in alternating runs of "search, new", decision 032): three busy
 * threads on two cores wait for each other's time slices.
 */
const DEFAULT_READERS = Math.max(1, Math.min(4, os.availableParallelism() - 1));

export class SqliteReaders {
  private readers: Reader[] = [];
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly size = DEFAULT_READERS,
  ) {}

  /** The rows of one read-only statement, each as an array of its columns. */
  all(sqlText: string, params: readonly unknown[]): Promise<unknown[][]> {
    if (this.closed) return Promise.reject(new Error('SQLite readers closed'));
    const reader = this.pick();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      reader.pending.set(id, { resolve, reject });
      reader.worker.postMessage({ id, sql: sqlText, params });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const readers = this.readers;
    this.readers = [];
    await Promise.all(readers.map((r) => r.worker.terminate()));
  }

  /** The reader with the fewest statements waiting; a new one while fewer than `size` run (started on first use). */
  private pick(): Reader {
    const idle = this.readers.find((r) => r.pending.size === 0);
    if (idle) return idle;
    if (this.readers.length < this.size) return this.start();
    return this.readers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  private start(): Reader {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_CODE, { eval: true, workerData: { driver, file: this.file } });
    const reader: Reader = { worker, pending: new Map() };
    worker.on('message', (m: { id: number; rows?: unknown[][]; error?: { message: string; code?: string } }) => {
      const p = reader.pending.get(m.id);
      reader.pending.delete(m.id);
      if (!p) return;
      if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      else p.resolve(m.rows!);
    });
    // A reader that dies fails what it held and is replaced on the next read.
    const fail = (error: Error) => {
      this.readers = this.readers.filter((r) => r !== reader);
      for (const p of reader.pending.values()) p.reject(error);
      reader.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`SQLite reader exited with code ${code}`)));
    this.readers.push(reader);
    return reader;
  }
}
