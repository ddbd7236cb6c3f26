// Public API of the engine. Everything the product extracts runs through runIsolated: a child
// process under per-task time, stall and memory caps, kept warm for a few tasks of one owner
// (runtime/run-isolated.ts, runtime/child-pool.ts, decision 001).
// In-process extraction (extract.ts) is for that child and the engine's own tests.
export {
  runIsolated,
  DEFAULT_CAPS,
  type IsolatedOptions,
  type IsolationCaps,
} from './runtime/run-isolated.ts';
export { closeEnginePool, configureEnginePool, DEFAULT_POOL_LIMITS, type PoolLimits } from './runtime/child-pool.ts';
export type {
  ChildUsage,
  FailureReason,
  IsolatedInput,
  IsolatedResult,
  IsolatedExtraction,
  IsolatedTask,
  AnsweredTable,
  PdfInfo,
  RawTables,
  TaskValues,
} from './runtime/protocol.ts';
export { extractedRowsByTable, rowsByTable } from './rows-by-table.ts';
export {
  DEFAULT_SETTINGS,
  resolveSettings,
  SettingsError,
  type EngineSettings,
  type SettingsInput,
} from './settings.ts';
export { ENGINE_MESSAGES } from '../shared/messages/engine.ts';
export type * from './types.ts';
