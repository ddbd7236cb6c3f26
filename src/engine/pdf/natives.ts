// pdfjs-dist's legacy build ships core-js and, on Node 20, replaces Array.prototype.push,
// JSON.parse and JSON.stringify process-wide with JavaScript polyfills (for spec corner cases
// pdf.js never relies on). They made every push in the engine and every JSON answer of the
// process several times slower, so the natives are captured here, before pdf.js is evaluated
// (import this module first), and put back once it has loaded.

const nativePush = Array.prototype.push;
const nativeParse = JSON.parse;
const nativeStringify = JSON.stringify;

export function restoreNatives(): void {
  if (Array.prototype.push !== nativePush) {
    Object.defineProperty(Array.prototype, 'push', { value: nativePush, writable: true, configurable: true, enumerable: false });
  }
  if (JSON.parse !== nativeParse) JSON.parse = nativeParse;
  if (JSON.stringify !== nativeStringify) JSON.stringify = nativeStringify;
}
