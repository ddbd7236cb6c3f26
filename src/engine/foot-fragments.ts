import type { RawTable } from './types.ts';

const rowKey = (row: readonly string[]): string => row.join(' ').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The foot fragments (stream/find-stream-tables.ts `footFragment`) whose table goes on over the
 * page: the next page's first table, as wide, repeats the fragment's header among its first rows.
 * The others are dropped (two rows alone are too few to call a table); the kept ones lose the mark
 * and are joined to their continuation like any table broken over a page (domain/continuations.ts).
 */
export function keepFootFragments(tables: readonly RawTable[]): RawTable[] {
  return tables.flatMap((t) => {
    if (!t.footFragment) return [t];
    const { footFragment: _fragment, ...table } = t;
    const header = t.rows[0] ?? [];
    const next = tables.find((n) => n.page === t.page + 1);
    const repeated = next !== undefined && (next.rows[0]?.length ?? 0) === header.length && next.rows.slice(0, 3).some((r) => rowKey(r) === rowKey(header));
    return repeated ? [table] : [];
  });
}
