/**
 * The engine's one way to run: every extraction the product does (the upload check, jobs, the
 * CLI, the benches) is a child process per task, under caps watched from here (docs/decisions/001).
 * Isolation is total (pdf.js state, leaked memory, a hostile file's damage die with the child) and
 * every cap is a plain SIGKILL.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { ENGINE_MESSAGES } from '../../shared/messages/engine.ts';
import type { SettingsInput } from '../settings.ts';
import { engineChildPath } from './child-build.ts';
import type { ChildMessage, ChildUsage, FailureReason, IsolatedInput, IsolatedResult, IsolatedTask, RunRequest, TaskOutcome, TaskValues } from './protocol.ts';
import { parentDeathSignal, PARENT_DEATH_SIGNAL_ENV } from './watchdog.ts';

export interface IsolationCaps {
  /** The whole task, the child's start-up included (plus `ocrPageMs` per page read by OCR). */
  timeoutMs: number;
  /**
   * More time per page the child reads by OCR (it says so as it takes each on): a scan's pages
   * cost seconds of recognition each, a text page milliseconds (docs/decisions/070-ocr.md).
   */
  ocrPageMs: number;
  /** Resident memory of the child (read from /proc every 200 ms, from outside), also its V8 heap cap. */
  memoryMb: number;
  /** No progress (the document opened, a page finished) for this long, start-up included: stopped as a timeout. */
  stallMs: number;
}

/**
 * Default caps, the product's (the server's JOB_TIMEOUT_MS and JOB_MEMORY_MB default to them). 60 s
 * is some fifty times the slowest text document of the corpus; a page read by OCR adds 5 s (about
 * twice its CPU time on one core). The stall cap ends a file the engine stopped making progress on
 * (a synchronous loop) well before that.
 */
export const DEFAULT_CAPS: Readonly<IsolationCaps> = Object.freeze({ timeoutMs: 60_000, ocrPageMs: 5_000, memoryMb: 512, stallMs: 15_000 });

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
}

const RSS_CHECK_MS = 200;

/**
 * Node flags of the child, nothing inherited (the caller may run under tsx or with other flags):
 * - its heap capped at the memory cap (the RSS watch usually fires first);
 * - V8's optimizing compiler started later (`--interrupt-budget`, default 67584): a child lives for
 *   one document, mostly 1–5 pages, and TurboFan compiled pdf.js's hot functions just before the
 *   child exited. 2,000,000 cut ~30% of the CPU per corpus document (grid-1001 0.74 → 0.50 CPU-s,
 *   stream-2001 0.61 → 0.41), and a 100-page document did not get slower (decision 001).
 */
export function childExecArgv(memoryMb: number): string[] {
  return [`--max-old-space-size=${memoryMb}`, '--interrupt-budget=2000000'];
}

/** Resident memory of a process in MB, from /proc (Linux); undefined elsewhere or once it is gone. */
function rssMb(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function failed(reason: FailureReason, detail: string): TaskOutcome<never> {
  return { ok: false, reason, message: ENGINE_MESSAGES[reason], detail };
}

/**
 * Runs `task` on `input` in a fresh child process (build/engine-child.mjs) and answers a typed
 * result: `{ ok: true, value }`, or `{ ok: false, reason, message (Spanish), detail (English) }`.
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
    // The child's flags are the runtime's: NODE_OPTIONS (a loader, say) is not passed on.
    const { NODE_OPTIONS: _ignored, ...env } = process.env;
    // Through setpriv where there is one: the kernel kills the child with this process (watchdog.ts).
    const setpriv = parentDeathSignal();
    const execArgv = childExecArgv(caps.memoryMb);
    const child = fork(entry, [], {
      ...(setpriv ? { execPath: setpriv, execArgv: ['--pdeathsig', 'KILL', process.execPath, ...execArgv] } : { execArgv }),
      env: { ...env, [PARENT_DEATH_SIGNAL_ENV]: setpriv ? '1' : '0' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    let outcome: TaskOutcome<unknown> | undefined;
    let usage: ChildUsage | undefined;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const kill = (reason: FailureReason, detail: string) => {
      outcome ??= failed(reason, detail);
      child.kill('SIGKILL');
    };
    // The time cap grows as the child takes on pages for OCR: the timer is set again for the new deadline.
    let capMs = caps.timeoutMs;
    const onTimeCap = () => kill('timeout', `time cap: no answer after ${capMs} ms`);
    const forkedAt = performance.now();
    let timeout = setTimeout(onTimeCap, capMs);
    const stall = setTimeout(() => kill('timeout', `stall cap: no progress for ${caps.stallMs} ms`), caps.stallMs);
    const rssWatch = setInterval(() => {
      const rss = child.pid ? rssMb(child.pid) : undefined;
      if (rss !== undefined && rss > caps.memoryMb) kill('memory', `memory cap: RSS ${rss.toFixed(0)} MB over ${caps.memoryMb} MB`);
    }, RSS_CHECK_MS);
    const onAbort = () => kill('aborted', 'aborted by signal');
    signal?.addEventListener('abort', onAbort, { once: true });

    child.on('message', (msg: ChildMessage) => {
      if (msg.type === 'ready') {
        child.send({ type: 'run', task, input, ...(settings ? { settings } : {}) } satisfies RunRequest, (err) => {
          if (err) outcome ??= failed('crash', `request not delivered: ${err.message}`);
        });
      } else if (msg.type === 'progress') {
        stall.refresh();
        onProgress?.(msg.done, msg.total);
      } else if (msg.type === 'ocr') {
        stall.refresh();
        const next = caps.timeoutMs + caps.ocrPageMs * Math.max(0, msg.pages);
        if (next > capMs && !outcome) {
          capMs = next;
          clearTimeout(timeout);
          timeout = setTimeout(onTimeCap, Math.max(0, forkedAt + capMs - performance.now()));
        }
      } else {
        // The answer: no cap applies any more while the child exits.
        clearTimeout(timeout);
        clearTimeout(stall);
        outcome ??= msg.type === 'result' ? msg.outcome : failed('crash', `engine failed: ${msg.detail}`);
        usage = msg.usage;
      }
    });
    const finish = () => {
      clearTimeout(timeout);
      clearTimeout(stall);
      clearInterval(rssWatch);
      signal?.removeEventListener('abort', onAbort);
      resolve(done(outcome!, usage));
    };
    child.on('error', (err) => {
      outcome ??= failed('crash', `child process error: ${err.message}`);
      // A child that could not be started never exits.
      if (child.pid === undefined) finish();
    });
    child.on('exit', (code, sig) => {
      if (!outcome && /heap out of memory|Allocation failed/i.test(stderr)) outcome = failed('memory', `heap cap: ${caps.memoryMb} MB`);
      outcome ??= failed('crash', `child exited (${code ?? sig}) without an answer: ${stderr.slice(-500).trim()}`);
      finish();
    });
  });
}
