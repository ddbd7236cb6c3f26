/**
 * The engine's one way to run: every extraction the product does (the upload check, jobs, the
 * CLI, the benches) runs in an engine child process, under caps watched from here, each cap a plain
 * SIGKILL of the child (docs/decisions/001). A child serves several tasks in turn, within the
 * limits of child-pool.ts: start-up and JIT warm-up paid once, the per-task caps unchanged.
 */
import { ENGINE_MESSAGES } from '../../shared/messages/engine.ts';
import type { SettingsInput } from '../settings.ts';
import { engineChildPath } from './child-build.ts';
import { giveBack, poolKey, takeChild } from './child-pool.ts';
import type { ChildUsage, FailureReason, IsolatedInput, IsolatedResult, IsolatedTask, RunRequest, TaskOutcome, TaskValues } from './protocol.ts';
import { isOver, processCpuMs, startClock } from './task-clock.ts';
import { rssMb } from './warm-child.ts';

/**
 * Time caps are CPU time of the child, every thread, start-up included; a task is also stopped at
 * WALL_FACTOR times a cap in wall time (task-clock.ts).
 */
export interface IsolationCaps {
  /** The whole task (plus `ocrPageMs` per page read by OCR). */
  timeoutMs: number;
  /**
   * More time per page the child reads by OCR (it says so as it takes each on): a scan's pages
   * cost seconds of recognition each, a text page milliseconds (docs/decisions/070-ocr.md).
   */
  ocrPageMs: number;
  /** Resident memory of the child (read from /proc every 200 ms, from outside), also its V8 heap cap. */
  memoryMb: number;
  /** No progress (the document opened, a page finished, an OCR heartbeat) for this long, start-up included: stopped as a timeout. */
  stallMs: number;
}

/**
 * Default caps, the product's (the server's JOB_TIMEOUT_MS and JOB_MEMORY_MB default to them). 60 s
 * of CPU is some fifty times the slowest text document of the corpus; a page read by OCR adds 30 s
 * (a corpus scan's page costs 2–5 s of CPU, a dense 200 dpi spreadsheet page up to 25 s alone and
 * half as much again on a busy machine; one page is capped at 60 s, ocr-pages.ts). The stall cap
 * ends a file the engine stopped making progress on (a synchronous loop) well before that.
 */
export const DEFAULT_CAPS: Readonly<IsolationCaps> = Object.freeze({ timeoutMs: 60_000, ocrPageMs: 30_000, memoryMb: 512, stallMs: 15_000 });

export interface IsolatedOptions extends Partial<IsolationCaps> {
  /** Stops the task (the child is killed): reason `aborted`. */
  signal?: AbortSignal;
  /** (0, total) once the document opened, then (pages done, total) as pages finish. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Tolerances overriding the engine's defaults (src/engine/settings.ts), for `extract` and `raw`.
   * Check them first with resolveSettings: the child refuses bad ones as a `crash`.
   */
  settings?: SettingsInput;
  /**
   * Which tasks may share a warm child (child-pool.ts): jobs pass the document's owner, so one
   * person's file never shares a process with another's. Default: one key for the whole caller.
   */
  poolKey?: string;
}

/** How often the caps are checked (CPU and memory read from /proc, from outside). */
const WATCH_MS = 200;
const ms = (n: number) => `${Math.round(n)} ms`;

function failed(reason: FailureReason, detail: string): TaskOutcome<never> {
  return { ok: false, reason, message: ENGINE_MESSAGES[reason], detail };
}

/**
 * Runs `task` on `input` in an engine child (build/engine-child.mjs: a warm one of the same key, or
 * a fresh one, child-pool.ts) and answers a typed result: `{ ok: true, value }`, or
 * `{ ok: false, reason, message (Spanish), detail (English) }`.
 * Never throws and never rejects.
 */
export async function runIsolated<T extends IsolatedTask>(
  task: T,
  input: IsolatedInput,
  options: IsolatedOptions = {},
): Promise<IsolatedResult<TaskValues[T]>> {
  const started = performance.now();
  const caps: IsolationCaps = {
    timeoutMs: options.timeoutMs ?? DEFAULT_CAPS.timeoutMs,
    memoryMb: options.memoryMb ?? DEFAULT_CAPS.memoryMb,
    stallMs: options.stallMs ?? DEFAULT_CAPS.stallMs,
    ocrPageMs: options.ocrPageMs ?? DEFAULT_CAPS.ocrPageMs,
  };
  const { signal, onProgress, settings } = options;
  const done = (outcome: TaskOutcome<unknown>, usage?: ChildUsage) =>
    ({ ...outcome, wallMs: performance.now() - started, ...(usage ? { usage } : {}) }) as IsolatedResult<TaskValues[T]>;
  if (signal?.aborted) return done(failed('aborted', 'aborted before start'));
  let entry: string;
  try {
    entry = await engineChildPath();
  } catch (err) {
    return done(failed('crash', `engine child could not be built: ${err instanceof Error ? err.message : String(err)}`));
  }
  if (signal?.aborted) return done(failed('aborted', 'aborted before start'));

  return new Promise((resolve) => {
    const env = childEnv(process.env);
    const child = takeChild(entry, poolKey(options.poolKey ?? '', caps.memoryMb, env), env, caps.memoryMb);
    let outcome: TaskOutcome<unknown> | undefined;
    let usage: ChildUsage | undefined;
    let reusable = false;
    const kill = (reason: FailureReason, detail: string) => {
      outcome ??= failed(reason, detail);
      child.kill();
    };
    // Caps in CPU time, the child's every thread (task-clock.ts); the time cap grows as the child
    // takes on pages for OCR.
    const cpuOf = () => processCpuMs(child.proc.pid);
    let capMs = caps.timeoutMs;
    const used = startClock(cpuOf);
    let sinceProgress = startClock(cpuOf);
    const watch = setInterval(() => {
      if (outcome) return;
      const now = used();
      if (isOver(now, capMs)) kill('timeout', `time cap: no answer after ${capMs} ms (CPU ${ms(now.cpuMs)}, wall ${ms(now.wallMs)})`);
      else if (isOver(sinceProgress(), caps.stallMs)) kill('timeout', `stall cap: no progress for ${caps.stallMs} ms`);
      const rss = rssMb(child.proc.pid);
      if (rss !== undefined && rss > caps.memoryMb) kill('memory', `memory cap: RSS ${rss.toFixed(0)} MB over ${caps.memoryMb} MB`);
    }, WATCH_MS);
    const onAbort = () => kill('aborted', 'aborted by signal');
    signal?.addEventListener('abort', onAbort, { once: true });

    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearInterval(watch);
      signal?.removeEventListener('abort', onAbort);
      giveBack(child, reusable && outcome?.ok === true);
      resolve(done(outcome!, usage));
    };
    child.attach({
      message(msg) {
        if (msg.type === 'progress') {
          sinceProgress = startClock(cpuOf);
          onProgress?.(msg.done, msg.total);
        } else if (msg.type === 'ocr') {
          sinceProgress = startClock(cpuOf);
          capMs = Math.max(capMs, caps.timeoutMs + caps.ocrPageMs * Math.max(0, msg.pages));
        } else if (!outcome) {
          // The answer, before any cap fired: the task is over (after `failed` the child exits by itself).
          reusable = msg.type === 'result' && msg.reusable;
          outcome = msg.type === 'result' ? msg.outcome : failed('crash', `engine failed: ${msg.detail}`);
          usage = msg.usage;
          finish();
        }
      },
      error(err) {
        outcome ??= failed('crash', `child process error: ${err.message}`);
        // A child that could not be started never exits.
        if (child.proc.pid === undefined) finish();
      },
      exit(code, sig) {
        if (!outcome && /heap out of memory|Allocation failed/i.test(child.stderr)) outcome = failed('memory', `heap cap: ${caps.memoryMb} MB`);
        outcome ??= failed('crash', `child exited (${code ?? sig}) without an answer: ${child.stderr.slice(-500).trim()}`);
        finish();
      },
    });
    if (child.exited) {
      outcome = failed('crash', 'child exited before the task');
      return finish();
    }
    child.sendWhenReady({ type: 'run', task, input, ...(settings ? { settings } : {}) } satisfies RunRequest, (err) => {
      outcome ??= failed('crash', `request not delivered: ${err.message}`);
      child.kill();
    });
  });
}

/**
 * Secrets of the server's environment: the database's address with its password, the first
 * administrator's password, anything named a password, secret, token, credential or key. A child
 * reads untrusted PDFs with parsers that may be exploitable; it needs none of them, so it is not
 * given them (attacker's audit, 2026-12-02, decision 037).
 */
const SECRET = /^(?:DATABASE_URL|PG[A-Z]*)$|PASSWORD|SECRET|TOKEN|CREDENTIAL|(?:^|_)KEY$/i;

/** The environment a child gets: the caller's, less NODE_OPTIONS (the child's flags are the runtime's) and the secrets. */
export function childEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) if (name !== 'NODE_OPTIONS' && !SECRET.test(name)) out[name] = value;
  return out;
}
