/**
 * One engine child process as the caller sees it (docs/decisions/001): forked once, it serves tasks
 * in turn; run-isolated.ts listens to it for one task at a time and child-pool.ts keeps it between
 * tasks. Started through setpriv where there is one, so the kernel kills it with this process
 * (watchdog.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { CallerMessage, ChildMessage } from './protocol.ts';
import { parentDeathSignal, PARENT_DEATH_SIGNAL_ENV } from './watchdog.ts';

/**
 * Node flags of the child, nothing inherited (the caller may run under tsx or with other flags):
 * - its heap capped at the memory cap (the RSS watch usually fires first);
 * - V8's optimizing compiler started later (`--interrupt-budget`, default 67584): most documents
 *   are 1–5 pages, and TurboFan compiled pdf.js's hot functions for little gain (decision 001, 8).
 */
export function childExecArgv(memoryMb: number): string[] {
  return [`--max-old-space-size=${memoryMb}`, '--interrupt-budget=2000000'];
}

/** Resident memory of a process in MB, from /proc (Linux); undefined elsewhere or once it is gone. */
export function rssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export interface TaskListener {
  message(msg: Exclude<ChildMessage, { type: 'ready' }>): void;
  /** The child could not be started (it will never exit). */
  error(err: Error): void;
  exit(code: number | null, signal: NodeJS.Signals | null): void;
}

export class WarmChild {
  readonly proc: ChildProcess;
  /** Tasks handed to this child so far. */
  tasks = 0;
  exited = false;
  /** The last 4000 characters the child wrote on stderr since its current task began. */
  stderr = '';
  private ready = false;
  private pending: (() => void) | undefined;
  private listener: TaskListener | undefined;
  private readonly exitListeners: (() => void)[] = [];

  constructor(
    entry: string,
    /** Which tasks may share this child (child-pool.ts). */
    readonly key: string,
    env: NodeJS.ProcessEnv,
    memoryMb: number,
  ) {
    const setpriv = parentDeathSignal();
    const execArgv = childExecArgv(memoryMb);
    this.proc = fork(entry, [], {
      ...(setpriv ? { execPath: setpriv, execArgv: ['--pdeathsig', 'KILL', process.execPath, ...execArgv] } : { execArgv }),
      env: { ...env, [PARENT_DEATH_SIGNAL_ENV]: setpriv ? '1' : '0' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    this.proc.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.proc.on('message', (msg: ChildMessage) => {
      if (msg.type !== 'ready') return this.listener?.message(msg);
      this.ready = true;
      this.pending?.();
      this.pending = undefined;
    });
    this.proc.on('error', (err) => {
      this.listener?.error(err);
      // A child that never started emits no 'exit': whoever waits for it must not wait forever.
      if (this.proc.pid === undefined) this.markExited();
    });
    this.proc.on('exit', (code, signal) => {
      this.listener?.exit(code, signal);
      this.markExited();
    });
  }

  /** Listens for one task (undefined: between tasks); `send` runs once the child is ready. */
  attach(listener: TaskListener | undefined): void {
    this.listener = listener;
    if (listener) this.stderr = '';
  }

  /** Sends once the child listens (at once for a warm child); `onError` if the message is not delivered. */
  sendWhenReady(msg: CallerMessage, onError: (err: Error) => void): void {
    const go = () => this.proc.send(msg, (err) => err && onError(err));
    if (this.ready) go();
    else this.pending = go;
  }

  /**
   * Idle children must not keep the caller alive (`npm run extract` ends when its work does): their
   * IPC channel and stderr pipe stop counting for the event loop while idle.
   */
  setIdle(idle: boolean): void {
    const handles = [this.proc, this.proc.channel, this.proc.stderr] as ({ ref?(): void; unref?(): void } | null | undefined)[];
    for (const h of handles) {
      if (idle) h?.unref?.();
      else h?.ref?.();
    }
  }

  private markExited(): void {
    if (this.exited) return;
    this.exited = true;
    for (const done of this.exitListeners.splice(0)) done();
  }

  /** Resolves once the process has exited. */
  whenExited(): Promise<void> {
    return this.exited ? Promise.resolve() : new Promise((resolve) => this.exitListeners.push(resolve));
  }

  kill(): void {
    if (!this.exited) this.proc.kill('SIGKILL');
  }

  rssMb(): number | undefined {
    return rssMb(this.proc.pid);
  }
}
