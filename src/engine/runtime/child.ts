/**
 * Entry of the engine's child process, built to build/engine-child.mjs (bundle.ts) and forked by
 * run-isolated.ts once per task. In this order:
 * 1. the request listener, before anything asynchronous, so the request cannot arrive unheard;
 * 2. the parent watchdog thread (watchdog.ts): an orphan exits even while the engine never yields;
 *    not started when the caller had the kernel kill this process with it (setpriv --pdeathsig);
 * 3. pdf.js, loaded before the engine (pdf/preload-pdfjs.ts), with V8's code cache (code-cache.ts);
 * 4. the engine (child-core.ts), which runs the task. Imported dynamically, so the build puts it in
 *    its own chunk: a bundle hoists its packages' imports above its own code, and pdf.js must only
 *    be evaluated after step 3's set-up (scripts/build.ts checks no entry imports it statically).
 */
import { preloadPdfjs } from '../pdf/preload-pdfjs.ts';
import { keepCodeCaches } from './code-cache.ts';
import type { ChildMessage, RunRequest } from './protocol.ts';
import { PARENT_DEATH_SIGNAL_ENV, startParentWatchdog } from './watchdog.ts';

const request = new Promise<RunRequest>((resolve) => process.once('message', (msg: RunRequest) => resolve(msg)));
// An orphan has no one to report to: stop at once (the watchdog covers a busy main thread).
process.once('disconnect', () => process.exit(0));
if (!process.send || !process.connected) process.exit(0);
if (process.env[PARENT_DEATH_SIGNAL_ENV] !== '1') startParentWatchdog();
process.send({ type: 'ready' } satisfies ChildMessage);

await preloadPdfjs(new URL('./pdfjs/', import.meta.url));
const { serve } = await import('./child-core.ts');
const req = await request;
// pdf.js compiled for a document's pages: the next children start from that (code-cache.ts).
if (req.task !== 'check') keepCodeCaches();
await serve(req);
