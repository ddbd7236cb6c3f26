/**
 * pdf.js loaded on first use (decision 001, "Issue 14, 2026-11-25"). PDFium reads the pages, so
 * the engine's child needs pdf.js only for a document PDFium hands back, OCR's drawing and the
 * upload check; runtime/child.ts sets the loader, and whatever opens a document with pdf.js waits
 * for it here first. Elsewhere (tests, the engine run in-process) pdf.js is imported as a package:
 * no loader, always ready.
 */
const LOADER = Symbol.for('sistema-extraccion-pdf.pdfjs-loader');

type Loader = () => Promise<void>;
const slot = globalThis as { [LOADER]?: Loader };

/** Sets how pdf.js is loaded; it is loaded once, by the first caller of pdfjsReady. */
export function setPdfjsLoader(load: Loader): void {
  let loading: Promise<void> | undefined;
  slot[LOADER] = () => (loading ??= load());
}

/** Resolves once pdf.js can be used. */
export function pdfjsReady(): Promise<void> {
  return slot[LOADER]?.() ?? Promise.resolve();
}
