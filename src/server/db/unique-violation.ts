/**
 * True for a unique-constraint violation on either database (SQLite `SQLITE_CONSTRAINT_UNIQUE` or
 * `_PRIMARYKEY`, PostgreSQL SQLSTATE 23505). A check-then-insert loses to a concurrent request
 * between its check and its insert; the constraint is what decides, so the loser is told in
 * Spanish what the check would have said, instead of a 500 (third attacker's audit, decision 033).
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
