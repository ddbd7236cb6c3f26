import type { PageContent } from '../types.ts';

/** Most pages the engine reads of a document. */
export const DEFAULT_MAX_PAGES = 500;

export interface LoadedPages {
  pages: PageContent[];
  numPages: number;
  /** Pages given up on because they took too long or failed to parse. */
  skipped: number[];
  /** Pages without a text layer whose words were read by OCR (docs/decisions/070-ocr.md). */
  ocr: number[];
}
