import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** Where a stored value that does not read back is reported (a pino logger fits). */
export interface StoredJsonLog {
  warn(obj: object, msg: string): void;
}

/**
 * JSON the server stored, read back and checked against its schema (absent fields take the
 * schema's defaults). Text that does not parse or does not fit is logged and read as `fallback`:
 * a damaged column must never fail the request that reads it.
 */
export function readStoredJson<T extends TSchema, F = Static<T>>(
  schema: T,
  text: string | null,
  fallback: F,
  what: { column: string; id: number },
  log?: StoredJsonLog,
): Static<T> | F {
  if (text === null) return fallback;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    log?.warn({ ...what, err: err instanceof Error ? err.message : String(err) }, 'stored JSON does not parse: read as empty');
    return fallback;
  }
  value = Value.Default(schema, value);
  if (Value.Check(schema, value)) return value;
  const first = Value.Errors(schema, value).First();
  log?.warn({ ...what, path: first?.path, problem: first?.message }, 'stored JSON does not fit its schema: read as empty');
  return fallback;
}
