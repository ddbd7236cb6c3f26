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
 * whole process SIGKILL. About 7 MB of RSS; `execArgv: []` so it inherits no flag or loader.
 */
export function startParentWatchdog(): void {
  new Worker(WATCHDOG, { eval: true, execArgv: [], workerData: { ppid: process.ppid, everyMs: PARENT_CHECK_MS } }).unref();
}
