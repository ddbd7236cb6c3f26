import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ExtractionResult } from '../../engine/types.ts';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import type { DocumentRow } from '../repos/documents.ts';
import type { rowsRepo } from '../repos/rows.ts';
import type { queueRepo } from './queue.ts';
import { saveResult } from './save-result.ts';
import type { WorkerMessage, WorkerRequest } from './worker.ts';

export const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
// pdf.js loaded natively before tsx registers its hooks: through tsx its 6 MB of JavaScript cost
// ~300 MB and most of a second per process (see src/engine/pdf/preload-pdfjs.mjs). It only
// changes globals pdf.js uses, and this process does nothing but one extraction.
const PRELOAD_PDFJS = new URL('../../engine/pdf/preload-pdfjs.mjs', import.meta.url).href;

/** Node options of a job's child process (exported for scripts/bench-jobs.ts). */
export function jobExecArgv(memoryMb: number): string[] {
  return ['--import', PRELOAD_PDFJS, '--import', TSX, `--max-old-space-size=${memoryMb}`];
}
const LEASE_MS = 15_000;
const POLL_MS = 2_000;
const RSS_CHECK_MS = 200;

export interface RunnerOptions {
  db: Kysely<Database>;
  queue: ReturnType<typeof queueRepo>;
  rows: ReturnType<typeof rowsRepo>;
  workers: number;
  timeoutMs: number;
  memoryMb: number;
  filePath(doc: DocumentRow): string;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void };
}

type Outcome =
  | { kind: 'result'; result: ExtractionResult }
  | { kind: 'timeout' }
  | { kind: 'memory' }
  | { kind: 'crash'; detail: string };

/** Resident memory of a process in MB, from /proc (Linux); undefined elsewhere. */
function rssMb(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

const ENGINE_FAILURES: Record<string, string> = {
  invalid: SERVER_MESSAGES.pdfInvalid,
  password: SERVER_MESSAGES.pdfPassword,
  no_text: SERVER_MESSAGES.pdfNoText,
};

/** Pulls jobs from the database queue and runs each in its own child process under time and memory caps. */
export class JobRunner {
  readonly owner = `${process.pid}-${crypto.randomUUID()}`;
  private running = new Map<number, ChildProcess>();
  private jobs = new Set<Promise<void>>();
  private stopped = true;
  private timer: NodeJS.Timeout | undefined;
  private pumping = false;

  constructor(private readonly o: RunnerOptions) {}

  start(): void {
    this.stopped = false;
    let ticks = 0;
    this.timer = setInterval(() => {
      // Leases of a server that died (PostgreSQL: maybe another machine) run out and return here.
      if (++ticks % Math.ceil(LEASE_MS / POLL_MS) === 0) {
        void this.o.queue.recover(false, SERVER_MESSAGES.jobCrashed).catch((err: unknown) => this.o.log.error({ err }, 'lease recovery failed'));
      }
      this.wake();
    }, POLL_MS);
    this.wake();
  }

  /** Called after an upload: start jobs now instead of at the next poll. */
  wake(): void {
    if (this.stopped || this.pumping) return;
    this.pumping = true;
    void this.pump().finally(() => {
      this.pumping = false;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    for (const child of this.running.values()) child.kill('SIGKILL');
    // Killed jobs keep their lease and are requeued by the next start; wait so no bookkeeping
    // runs against a closed database.
    await Promise.allSettled([...this.jobs]);
  }

  get active(): number {
    return this.running.size;
  }

  private async pump(): Promise<void> {
    while (!this.stopped && this.running.size < this.o.workers) {
      const job = await this.o.queue.claim(this.owner, LEASE_MS).catch((err: unknown) => {
        this.o.log.error({ err }, 'queue claim failed');
        return undefined;
      });
      if (!job) return;
      const running = this.run(job);
      this.jobs.add(running);
      void running.finally(() => this.jobs.delete(running));
    }
  }

  private async run(job: DocumentRow): Promise<void> {
    const heartbeat = setInterval(() => {
      void this.o.queue.heartbeat(job.id, this.owner, LEASE_MS).catch(() => undefined);
    }, LEASE_MS / 3);
    try {
      const outcome = await this.execute(job);
      if (!this.stopped) await this.finish(job, outcome);
    } catch (err) {
      this.o.log.error({ err, document: job.id }, 'job bookkeeping failed');
    } finally {
      clearInterval(heartbeat);
      this.running.delete(job.id);
      this.wake();
    }
  }

  private execute(job: DocumentRow): Promise<Outcome> {
    return new Promise((resolve) => {
      const child = fork(WORKER, [], {
        execArgv: jobExecArgv(this.o.memoryMb),
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        serialization: 'advanced',
      });
      this.running.set(job.id, child);
      let outcome: Outcome | undefined;
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-4000);
      });
      const kill = (why: Outcome) => {
        outcome ??= why;
        child.kill('SIGKILL');
      };
      const timeout = setTimeout(() => kill({ kind: 'timeout' }), this.o.timeoutMs);
      const rssWatch = setInterval(() => {
        const rss = child.pid ? rssMb(child.pid) : undefined;
        if (rss !== undefined && rss > this.o.memoryMb) kill({ kind: 'memory' });
      }, RSS_CHECK_MS);
      child.on('message', (msg: WorkerMessage) => {
        if (msg.type === 'progress' && msg.total > 0) {
          const pct = Math.min(99, Math.floor((msg.done / msg.total) * 100));
          void this.o.queue.heartbeat(job.id, this.owner, LEASE_MS, pct).catch(() => undefined);
        } else if (msg.type === 'result') {
          outcome ??= { kind: 'result', result: msg.result };
        } else if (msg.type === 'failed') {
          outcome ??= { kind: 'crash', detail: msg.detail };
        }
      });
      child.on('error', (err) => {
        outcome ??= { kind: 'crash', detail: err.message };
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timeout);
        clearInterval(rssWatch);
        if (!outcome && /heap out of memory|Allocation failed/i.test(stderr)) outcome = { kind: 'memory' };
        resolve(outcome ?? { kind: 'crash', detail: `worker exited (${code ?? signal}): ${stderr.slice(-500)}` });
      });
      child.send({ type: 'run', file: this.o.filePath(job) } satisfies WorkerRequest);
    });
  }

  private async finish(job: DocumentRow, outcome: Outcome): Promise<void> {
    const { queue, log } = this.o;
    if (outcome.kind === 'result') {
      const { result } = outcome;
      if (result.status === 'ok') {
        const saved = await saveResult(this.o.db, this.o.rows, job.id, this.owner, result);
        log.info({ document: job.id, saved, pages: result.pages }, 'document processed');
        return;
      }
      const reason = ENGINE_FAILURES[result.status];
      // The engine's verdict on the file is final: retrying a damaged or locked PDF cannot help.
      const end = await queue.fail(job, this.owner, reason ?? result.message ?? SERVER_MESSAGES.jobCrashed, reason === undefined);
      log.warn({ document: job.id, status: result.status, detail: result.detail, end }, 'document not extracted');
      return;
    }
    const reason =
      outcome.kind === 'timeout' ? SERVER_MESSAGES.jobTimeout : outcome.kind === 'memory' ? SERVER_MESSAGES.jobMemory : SERVER_MESSAGES.jobCrashed;
    const end = await queue.fail(job, this.owner, reason, true);
    log.warn({ document: job.id, outcome: outcome.kind, detail: outcome.kind === 'crash' ? outcome.detail : undefined, end }, 'job failed');
  }
}
