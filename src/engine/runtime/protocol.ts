// What the engine's runtime takes and returns, and the messages between run-isolated.ts (the
// caller's process) and its child (child.ts, child-core.ts). Types only.
import type { SettingsInput } from '../settings.ts';
import type { ClassifiedTable, ExtractionResult, PageSize, RawTable } from '../types.ts';

/**
 * What a child does with the document:
 * - `check`: open it and close it, reading no page (the upload check);
 * - `extract`: the classified result (jobs, `npm run extract`);
 * - `raw`: every table found, before classification (`npm run extract -- --raw`).
 */
export type IsolatedTask = 'check' | 'extract' | 'raw';

/** The PDF: its bytes, or a file the child reads itself. */
export type IsolatedInput = { bytes: Uint8Array } | { path: string };

/** What `check` answers for a PDF that opens. */
export interface PdfInfo {
  /** Pages the document declares. */
  pages: number;
}

/** What `raw` answers: the tables as found, without the pages' contents. */
export interface RawTables {
  numPages: number;
  pageSizes: PageSize[];
  tables: RawTable[];
  warnings: string[];
}

/**
 * A classified table as `extract` answers it: without `raw`, the table as the finder read it (every
 * cell's text and box again, beside the rows' values and sources). No caller of the runtime reads
 * it, and it was over half of each answer's bytes, serialised by the child and parsed by the caller
 * (issue 14); `raw` answers the finder's tables, in-process callers (tests, `--debug`) get it whole.
 */
export type AnsweredTable = Omit<ClassifiedTable, 'raw'>;

/** What `extract` answers: the classified result, its tables without `raw`. */
export type IsolatedExtraction = Omit<ExtractionResult, 'tables'> & { tables: AnsweredTable[] };

export interface TaskValues {
  check: PdfInfo;
  extract: IsolatedExtraction;
  raw: RawTables;
}

/**
 * Why a task gave no value:
 * - the engine's verdicts on the file: `invalid` (damaged, not a PDF), `password`, `no_text` (no
 *   page has a text layer; never for `check`, which reads no page);
 * - the caps: `timeout` (the time cap, or no progress for `stallMs`), `memory` (RSS or heap cap);
 * - `crash`: the child died or failed without a verdict (anything else: a bug, a kill from outside,
 *   a file that could not be read);
 * - `aborted`: the caller's signal.
 */
export type FailureReason = 'invalid' | 'password' | 'no_text' | 'timeout' | 'memory' | 'crash' | 'aborted';

export type TaskOutcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      reason: FailureReason;
      /** Spanish, for people. */
      message: string;
      /** English, for logs. */
      detail: string;
    };

/**
 * What the child measured of itself for this task, sent with its answer (absent when it was killed
 * or died). A child serves several tasks in turn (docs/decisions/001): each task's figures are its
 * own, and the child's start-up is charged to its first task.
 */
export interface ChildUsage {
  /** User + system CPU time of the child (every thread, GC helpers included) during the task, plus its start-up on its first task. */
  cpuMs: number;
  /** Part of cpuMs spent before the child's first task began (Node's start-up, loading pdf.js and the engine); 0 for a warm child. */
  startupCpuMs: number;
  /** Peak resident memory of the child during the task (its high-water mark, reset as the task starts). */
  peakRssMb: number;
  /** Tasks this child had served before this one (0: a fresh child). */
  servedBefore: number;
}

export type IsolatedResult<T> = TaskOutcome<T> & {
  /** Fork to answer, in the caller's clock. */
  wallMs: number;
  usage?: ChildUsage;
};

/** Caller → child, after the child said `ready`; again after each answer while the child is kept warm. */
export interface RunRequest {
  type: 'run';
  task: IsolatedTask;
  input: IsolatedInput;
  /** Tolerances overriding the engine's defaults (src/engine/settings.ts), checked by the child. */
  settings?: SettingsInput;
}

/** Caller → child: an idle child is retired; it exits (writing V8's code caches it lacks, code-cache.ts). */
export interface ExitRequest {
  type: 'exit';
}

export type CallerMessage = RunRequest | ExitRequest;

/** Child → caller. */
export type ChildMessage =
  /** Its listener is in place: the request can be sent (a message sent earlier could be lost). */
  | { type: 'ready' }
  /** (0, total) once the document opened, then (pages done, total) as pages finish (throttled). */
  | { type: 'progress'; done: number; total: number }
  /** OCR has taken on this many pages so far: each gives the task `ocrPageMs` more time. */
  | { type: 'ocr'; pages: number }
  /**
   * The answer. `reusable`: the child may serve another task, false when pdf.js was left running
   * something the engine gave up on (a page or a drawing past its timeout, load-pages.ts).
   */
  | { type: 'result'; outcome: TaskOutcome<unknown>; usage: ChildUsage; reusable: boolean }
  /** The task threw (a bug, an unreadable file): a crash, with what it said. */
  | { type: 'failed'; detail: string; usage: ChildUsage };
