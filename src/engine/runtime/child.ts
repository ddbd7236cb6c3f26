/**
 * Entry of the engine's child process, built to build/engine-child.mjs (bundle.ts) and forked by
 * run-isolated.ts (child-pool.ts); it serves tasks in turn until the caller retires it (an `exit`
 * request) or kills it (docs/decisions/001). In this order:
 * 1. the request listener, before anything asynchronous, so no request can arrive unheard;
 * 2. the parent watchdog thread (watchdog.ts): an orphan exits even while the engine never yields;
 *    not started when the caller had the kernel kill this process with it (setpriv --pdeathsig);
 * 3. how pdf.js is loaded (pdf/preload-pdfjs.ts, with V8's code cache, code-cache.ts): on first
 *    use, by the first document that needs it (pdf/pdfjs-ready.ts), as PDFium reads the pages;
 * 4. the engine (child-core.ts), which runs the task. Imported dynamically, so the build puts it in
 *    its own chunk: a bundle hoists its packages' imports above its own code, and pdf.js must only
 *    be evaluated by step 3's loader (scripts/build.ts checks no entry imports it statically).
 */
import { preloadPdfjs } from '../pdf/preload-pdfjs.ts';
import { setPdfjsLoader } from '../pdf/pdfjs-ready.ts';
import { keepCodeCaches } from './code-cache.ts';
import type { CallerMessage, ChildMessage, RunRequest } from './protocol.ts';
import { PARENT_DEATH_SIGNAL_ENV, startParentWatchdog } from './watchdog.ts';

const queued: RunRequest[] = [];
let waiting: ((req: RunRequest) => void) | undefined;
process.on('message', (msg: CallerMessage) => {
  // Retired while idle: exit normally, so the code caches get written (keepCodeCaches).
  if (msg.type === 'exit') process.exit(0);
  else if (waiting) waiting(msg);
  else queued.push(msg);
});
const nextRequest = () =>
  queued.length
    ? Promise.resolve(queued.shift()!)
    : new Promise<RunRequest>((resolve) => {
        waiting = (req) => {
          waiting = undefined;
          resolve(req);
        };
      });
// An orphan has no one to report to: stop at once (the watchdog covers a busy main thread).
process.once('disconnect', () => process.exit(0));
if (!process.send || !process.connected) process.exit(0);
if (process.env[PARENT_DEATH_SIGNAL_ENV] !== '1') startParentWatchdog();
process.send({ type: 'ready' } satisfies ChildMessage);

setPdfjsLoader(() => preloadPdfjs(new URL('./pdfjs/', import.meta.url)));
const { serve } = await import('./child-core.ts');
for (;;) {
  const req = await nextRequest();
  // pdf.js compiled for a document's pages: the next children start from that (code-cache.ts).
  if (req.task !== 'check') keepCodeCaches();
  await serve(req);
}
