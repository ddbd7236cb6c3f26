// Public API of the engine: bytes in, plain data out. Server and workers import from here only.
export { extractPdf, extractRawTables, type RawExtraction } from './extract.ts';
export { ENGINE_MESSAGES } from '../shared/messages/engine.ts';
export type * from './types.ts';
