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
import { isDiskFullError, type DiskSpace } from '../disk-space.ts';
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
/**
 * No page finished for this long (start-up and opening included): the file is stuck, stopped like
 * a time cap. Above the engine's own 8 s page timeout, which catches the stalls that still yield.
 */
export const JOB_STALL_MS = 15_000;
/** A job put back for lack of space waits at least this long (PostgreSQL has no claim gate). */
const SPACE_REQUEUE_MS = 5_000;

export interface RunnerOptions {
  db: Kysely<Database>;
  queue: ReturnType<typeof queueRepo>;
  rows: ReturnType<typeof rowsRepo>;
  workers: number;
  timeoutMs: number;
  memoryMb: number;
  /** Stall cap (default JOB_STALL_MS): no progress from the engine for this long ends the job. */
  stallMs?: number;
  filePath(doc: DocumentRow): string;
  /** Free space where results are stored (SQLite: DATA_DIR); while short, no job is claimed. */
  space?: DiskSpace | undefined;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void };
}

type Outcome =
  | { kind: 'result'; result: ExtractionResult }
  | { kind: 'timeout' }
  | { kind: 'stall' }
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
  // Failing claims back off (2 s doubling to 1 min) and are logged once per failing spell.
  private claimFailures = 0;
  private claimRetryAt = 0;
  private recoveryFailing = false;

  constructor(private readonly o: RunnerOptions) {}

  start(): void {
    this.stopped = false;
    let ticks = 0;
    this.timer = setInterval(() => {
      // Leases of a server that died (PostgreSQL: maybe another machine) run out and return here.
      if (++ticks % Math.ceil(LEASE_MS / POLL_MS) === 0) {
        void this.o.queue.recover(false, SERVER_MESSAGES.jobCrashed).then(
          () => {
            if (this.recoveryFailing) this.o.log.info({}, 'lease recovery works again');
            this.recoveryFailing = false;
          },
          (err: unknown) => {
            if (!this.recoveryFailing) this.o.log.error({ err }, 'lease recovery failed (not logged again until it works)');
            this.recoveryFailing = true;
          },
        );
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
      if (Date.now() < this.claimRetryAt) return;
      // A job started now could not store its result (docs/decisions/035).
      if (this.o.space && !(await this.o.space.roomForJobs().catch(() => true))) return;
      let failed = false;
      const job = await this.o.queue.claim(this.owner, LEASE_MS).catch((err: unknown) => {
        failed = true;
        if (++this.claimFailures === 1) this.o.log.error({ err }, 'queue claim failed (retried with back-off, not logged again until it works)');
        this.claimRetryAt = Date.now() + Math.min(60_000, POLL_MS * 2 ** Math.min(this.claimFailures - 1, 5));
        return undefined;
      });
      if (!failed && this.claimFailures > 0) {
        this.o.log.info({ failures: this.claimFailures }, 'queue claim works again');
        this.claimFailures = 0;
        this.claimRetryAt = 0;
      }
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
      if (isDiskFullError(err)) await this.requeueForSpace(job, err);
      else this.o.log.error({ err, document: job.id }, 'job bookkeeping failed');
    } finally {
      clearInterval(heartbeat);
      this.running.delete(job.id);
      this.wake();
    }
  }

  /**
   * Its result could not be stored for lack of space: the job goes back to the queue without using
   * an attempt, the write retried until it commits (giving up the reserve file for it first), so a
   * full disk neither leaves a document in `processing` nor burns its attempts.
   */
  private async requeueForSpace(job: DocumentRow, cause: unknown): Promise<void> {
    this.o.log.warn({ err: cause, document: job.id }, 'disk full while storing a result: job back to the queue, attempt not counted');
    let logged = false;
    for (let attempt = 0; !this.stopped; attempt++) {
      try {
        await this.o.queue.release(job, this.owner, SPACE_REQUEUE_MS);
        return;
      } catch (err) {
        if (await this.o.space?.releaseReserve().catch(() => false)) continue;
        if (!logged) this.o.log.error({ err, document: job.id }, 'cannot put the job back yet: retrying until it commits');
        logged = true;
        const until = Date.now() + Math.min(15_000, 500 * 2 ** Math.min(attempt, 5));
        while (!this.stopped && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      }
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
      // Every progress message is the document opening or a page finishing.
      const stall = setTimeout(() => kill({ kind: 'stall' }), this.o.stallMs ?? JOB_STALL_MS);
      const rssWatch = setInterval(() => {
        const rss = child.pid ? rssMb(child.pid) : undefined;
        if (rss !== undefined && rss > this.o.memoryMb) kill({ kind: 'memory' });
      }, RSS_CHECK_MS);
      child.on('message', (msg: WorkerMessage) => {
        if (msg.type === 'progress') stall.refresh();
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
        clearTimeout(stall);
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
      outcome.kind === 'timeout' || outcome.kind === 'stall'
        ? SERVER_MESSAGES.jobTimeout
        : outcome.kind === 'memory'
          ? SERVER_MESSAGES.jobMemory
          : SERVER_MESSAGES.jobCrashed;
    // A document that ran into its own time, stall or memory cap would do it again: final at once.
    // Only a crash (and a lost lease, queue.recover) is worth another attempt.
    const end = await queue.fail(job, this.owner, reason, outcome.kind === 'crash');
    log.warn({ document: job.id, outcome: outcome.kind, detail: outcome.kind === 'crash' ? outcome.detail : undefined, end }, 'job failed');
  }
}
