import crypto from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { closeEnginePool, configureEnginePool, DEFAULT_CAPS, DEFAULT_POOL_LIMITS, runIsolated, type IsolatedExtraction, type IsolatedResult } from '../../engine/index.ts';
import type { DocumentErrorCode } from '../../shared/api/documents.ts';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import type { DocumentRow } from '../repos/documents.ts';
import type { PdfStore } from '../pdf-store.ts';
import { isDiskFullError, type DiskSpace } from '../disk-space.ts';
import type { rowsRepo } from '../repos/rows.ts';
import type { queueRepo } from './queue.ts';
import { saveResult } from './save-result.ts';

const LEASE_MS = 15_000;
const POLL_MS = 2_000;
/**
 * No page finished for this long (start-up and opening included): the file is stuck, stopped like
 * a time cap (the engine's stall cap, docs/decisions/001). Above the engine's own 8 s page timeout,
 * which catches the stalls that still yield.
 */
export const JOB_STALL_MS = DEFAULT_CAPS.stallMs;
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
  /** Where the stored PDFs are (a job's file is copied to local disk when they are in PostgreSQL). */
  pdfs: Pick<PdfStore, 'local'>;
  /** Free space where results are stored (SQLite: DATA_DIR); while short, no job is claimed. */
  space?: DiskSpace | undefined;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void };
}

type Outcome = IsolatedResult<IsolatedExtraction>;
/** A job this runner is running: aborting kills its child; `lost` once the document is no longer its to store. */
type Run = { stop: AbortController; lost: boolean };
type Failure = Extract<Outcome, { ok: false }>;

/**
 * What the document shows for each failure, and whether it is final. The engine's verdicts on the
 * file and its own caps are final at once (the same file would do it again); only a crash (and a
 * lost lease, queue.recover) is worth another attempt. `aborted` only happens on stop(), whose jobs
 * are requeued by the next start, not failed.
 */
const FAILURES: Record<Failure['reason'], { message: string; final: boolean }> = {
  invalid: { message: SERVER_MESSAGES.pdfInvalid, final: true },
  password: { message: SERVER_MESSAGES.pdfPassword, final: true },
  no_text: { message: SERVER_MESSAGES.pdfNoText, final: true },
  timeout: { message: SERVER_MESSAGES.jobTimeout, final: true },
  memory: { message: SERVER_MESSAGES.jobMemory, final: true },
  crash: { message: SERVER_MESSAGES.jobCrashed, final: false },
  aborted: { message: SERVER_MESSAGES.jobCrashed, final: false },
};

/** Pulls jobs from the database queue and runs each in the engine's child process under its caps. */
export class JobRunner {
  /** This runner's lease owner, stored with each result it saves (documents.processed_by). */
  readonly owner = `${os.hostname()}-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  /** Running jobs, by document: aborting one kills its child. */
  private running = new Map<number, Run>();
  private jobs = new Set<Promise<void>>();
  private stopped = true;
  /** SIGTERM on a worker: no new claims; running jobs finish, or are released past the grace. */
  private draining = false;
  /** Jobs aborted by a drain past its grace: back to the queue, not failed. */
  private released = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private pumping = false;
  /** The claim loop running now: stop() and drain() wait for it, so no job starts after them. */
  private pumped: Promise<void> = Promise.resolve();
  // Failing claims back off (2 s doubling to 1 min) and are logged once per failing spell.
  private claimFailures = 0;
  private claimRetryAt = 0;
  private recoveryFailing = false;

  constructor(private readonly o: RunnerOptions) {}

  start(): void {
    this.stopped = false;
    // One warm engine child per worker can wait for the next job (runtime/child-pool.ts).
    configureEnginePool({ maxIdle: Math.max(DEFAULT_POOL_LIMITS.maxIdle, this.o.workers) });
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
    if (this.stopped || this.draining || this.pumping) return;
    this.pumping = true;
    this.pumped = this.pump().finally(() => {
      this.pumping = false;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.pumped;
    for (const run of this.running.values()) run.stop.abort();
    // Killed jobs keep their lease and are requeued by the next start; wait so no bookkeeping
    // runs against a closed database.
    await Promise.allSettled([...this.jobs]);
    // The warm children waiting for jobs exit too.
    await closeEnginePool();
  }

  /**
   * Rolling restarts (issue 13): stops claiming, waits up to `graceMs` for the running jobs to
   * store their results, then aborts the rest and puts them back in the queue at once (no attempt
   * counted), so another worker takes them without waiting for a lease to run out.
   */
  async drain(graceMs: number): Promise<{ finished: number; released: number }> {
    this.draining = true;
    clearInterval(this.timer);
    await this.pumped;
    const before = this.running.size;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.allSettled([...this.jobs]), timeout]);
    clearTimeout(timer);
    const late = [...this.running.entries()];
    for (const [id, run] of late) {
      this.released.add(id);
      run.stop.abort();
    }
    await Promise.allSettled([...this.jobs]);
    this.stopped = true;
    return { finished: before - late.length, released: late.length };
  }

  get active(): number {
    return this.running.size;
  }

  /**
   * The document is gone (deleted through this node): its run, if this runner has one, stops now
   * rather than at its next lease renewal, which would find no row to renew.
   */
  abandon(id: number): void {
    const run = this.running.get(id);
    if (run) this.lose(id, run, 'deleted');
  }

  /** The run may no longer store or fail its document: its child is killed and the run answers nothing. */
  private lose(id: number, run: Run, why: string): void {
    if (run.lost) return;
    run.lost = true;
    run.stop.abort();
    this.o.log.info({ document: id, why }, 'job no longer this runner\'s: stopped');
  }

  /**
   * Renews the lease (and records progress). A renewal that finds no row of ours — the document
   * deleted, requeued by a reprocess, or claimed by another runner of the cluster after it — stops
   * the run: its result could not be stored anyway, and its child held a WORKERS slot and up to
   * JOB_MEMORY_MB to the end (sixth attacker's audit, decision 037). A failing database is not a
   * verdict: the run goes on, as the lease's own expiry decides.
   */
  private renew(job: DocumentRow, run: Run, progress?: number): void {
    void this.o.queue.heartbeat(job.id, this.owner, LEASE_MS, progress).then(
      (ours) => {
        if (!ours && !this.released.has(job.id)) this.lose(job.id, run, 'lease gone');
      },
      () => undefined,
    );
  }

  private async pump(): Promise<void> {
    while (!this.stopped && !this.draining && this.running.size < this.o.workers) {
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
      // Stopped while claiming: handed back now rather than left to its lease.
      if (this.stopped || this.draining) {
        await this.o.queue.release(job, this.owner, 0).catch(() => undefined);
        return;
      }
      const running = this.run(job);
      this.jobs.add(running);
      void running.finally(() => this.jobs.delete(running));
    }
  }

  private async run(job: DocumentRow): Promise<void> {
    // A document requeued (reprocess) while this runner still ran it, and claimed again by it: the
    // lease is this runner's both times, so the old run could still store or fail the document
    // (a stale stall error over the new run), its child went on, and it no longer counted against
    // WORKERS — each 'Reprocesar' meant one more child (fifth attacker's audit, decision 037).
    // The newest run alone speaks for the document; the old one is stopped and answers nothing.
    this.running.get(job.id)?.stop.abort();
    const run: Run = { stop: new AbortController(), lost: false };
    this.running.set(job.id, run);
    const heartbeat = setInterval(() => this.renew(job, run), LEASE_MS / 3);
    try {
      const outcome = await this.execute(job, run);
      if (this.running.get(job.id) !== run || run.lost) return;
      if (this.released.has(job.id)) {
        const back = await this.o.queue.release(job, this.owner, 0);
        this.o.log.info({ document: job.id, back }, 'job released on shutdown');
      } else if (!this.stopped) await this.finish(job, outcome);
    } catch (err) {
      if (isDiskFullError(err)) await this.requeueForSpace(job, err);
      else this.o.log.error({ err, document: job.id }, 'job bookkeeping failed');
    } finally {
      clearInterval(heartbeat);
      if (this.running.get(job.id) === run) this.running.delete(job.id);
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

  /**
   * The engine's child process on the stored file (runIsolated: caps, watchdog, isolation). A warm
   * child serves only documents of one owner (poolKey): one person's file never shares a process
   * with another's (docs/decisions/001, "Warm children").
   */
  private async execute(job: DocumentRow, run: Run): Promise<Outcome> {
    const pdf = await this.o.pdfs.local(job);
    // Deleted with its file between the claim and now, or its file lost: nothing to read.
    // A crash as before, when the engine met a missing file: retried, then an error.
    if (!pdf) return { ok: false, reason: 'crash', message: SERVER_MESSAGES.fileMissing, detail: 'stored PDF not found', wallMs: 0 };
    try {
      return await this.isolated(job, pdf.path, run);
    } finally {
      await pdf.release().catch(() => undefined);
    }
  }

  private isolated(job: DocumentRow, file: string, run: Run): Promise<Outcome> {
    return runIsolated('extract', { path: file }, {
      timeoutMs: this.o.timeoutMs,
      memoryMb: this.o.memoryMb,
      stallMs: this.o.stallMs ?? JOB_STALL_MS,
      signal: run.stop.signal,
      poolKey: `owner ${job.owner_id}`,
      onProgress: (done, total) => {
        if (total <= 0) return;
        const pct = Math.min(99, Math.floor((done / total) * 100));
        this.renew(job, run, pct);
      },
    });
  }

  private async finish(job: DocumentRow, outcome: Outcome): Promise<void> {
    const { queue, log } = this.o;
    if (outcome.ok) {
      const result = outcome.value;
      const saved = await saveResult(this.o.db, this.o.rows, job.id, this.owner, result);
      // cpuMs: the engine's own CPU time (bench:scale reads it to split extraction from the rest).
      log.info({ document: job.id, saved, pages: result.pages, ms: Math.round(outcome.wallMs), cpuMs: outcome.usage?.cpuMs, worker: this.owner }, 'document processed');
      return;
    }
    const { message, final } = FAILURES[outcome.reason];
    // Stored as the document's error_code; this line stops compiling if the engine gains a reason the API does not list.
    const code: DocumentErrorCode = outcome.reason;
    const end = await queue.fail(job, this.owner, message, code, !final);
    log.warn({ document: job.id, reason: outcome.reason, detail: outcome.detail, end }, 'document not extracted');
  }
}
