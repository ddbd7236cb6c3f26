import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

const PARENT_CHECK_MS = 100;

// Plain CommonJS source, evaluated as is: the thread loads no module of ours and no pdf.js.
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setInterval(() => {
  if (process.ppid !== workerData.ppid) process.kill(process.pid, 'SIGKILL');
}, workerData.everyMs);
`;

/**
 * Kills this process within ~100 ms of its parent's death. A parent killed with `kill -9` cannot
 * kill its children, and the child's own `disconnect` event cannot fire while pdf.js or the table
 * finders run synchronously on the main thread (seconds, for a large or hostile file). This thread
 * has its own event loop: once the process has been re-parented (its ppid changed) it sends the
 * whole process SIGKILL. About 7 MB of RSS and ~40 ms of CPU (a Node environment of its own), so
 * it only runs where the kernel does not do the same (see parentDeathSignal); `execArgv: []` so it
 * inherits no flag or loader.
 */
export function startParentWatchdog(): void {
  new Worker(WATCHDOG, { eval: true, execArgv: [], workerData: { ppid: process.ppid, everyMs: PARENT_CHECK_MS } }).unref();
}

/** Set by the caller in the child's environment: '1' when the kernel kills the child with its parent. */
export const PARENT_DEATH_SIGNAL_ENV = 'ENGINE_PARENT_DEATH_SIGNAL';

let setpriv: string | null | undefined;

/**
 * util-linux's `setpriv`, when it is there and takes `--pdeathsig` (probed once): a child started
 * as `setpriv --pdeathsig KILL node …` gets the parent-death signal (prctl PR_SET_PDEATHSIG) and
 * then becomes node in place (same pid, same IPC channel), and the kernel sends it SIGKILL the
 * moment the thread that forked it dies, busy or not: the watchdog thread's job, for nothing.
 * Null elsewhere (not Linux, no util-linux): the child starts its watchdog thread.
 */
export function parentDeathSignal(): string | null {
  if (setpriv !== undefined) return setpriv;
  setpriv = null;
  if (process.platform !== 'linux') return setpriv;
  for (const file of ['/usr/bin/setpriv', '/bin/setpriv']) {
    if (fs.existsSync(file) && spawnSync(file, ['--pdeathsig', 'KILL', 'true'], { stdio: 'ignore', timeout: 5000 }).status === 0) {
      setpriv = file;
      break;
    }
  }
  return setpriv;
}
