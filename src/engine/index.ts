// Public API of the engine: bytes in, plain data out. Server and workers import from here only.
// extractPdf runs on the calling thread; the *Isolated variants run it in a worker thread under
// a time, stall and heap cap (what a server should call: hostile PDFs can loop inside pdf.js).
export { extractPdf, extractRawTables, type RawExtraction } from './extract.ts';
export { extractedRowsByTable, rowsByTable } from './rows-by-table.ts';
export {
  extractPdfIsolated,
  extractRawTablesIsolated,
  stopExtractionWorker,
  type IsolatedOptions,
  type RawTablesResult,
} from './isolated.ts';
export { ENGINE_MESSAGES } from '../shared/messages/engine.ts';
export type * from './types.ts';
