/**
 * The ICDAR-2013 adjacency-relation score, pooled per document: a cheap variant of
 * ../shared/bench/score-tables.mjs for corpus regression tests (public, general tables).
 */
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Multiset of "a→b|H" and "a↓b|V" relations between nearest non-empty neighbours. */
export function relations(rows: string[][]): Map<string, number> {
  const g = rows.map((r) => r.map(norm));
  const out = new Map<string, number>();
  const add = (k: string) => out.set(k, (out.get(k) ?? 0) + 1);
  g.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (!cell) return;
      const right = row.slice(c + 1).find(Boolean);
      if (right) add(`${cell}\u0000${right}\u0000H`);
      for (let k = r + 1; k < g.length; k++) {
        const below = g[k]?.[c];
        if (below) {
          add(`${cell}\u0000${below}\u0000V`);
          break;
        }
      }
    }),
  );
  return out;
}

export function pooled(tables: { rows: string[][] }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of tables) for (const [k, n] of relations(t.rows)) out.set(k, (out.get(k) ?? 0) + n);
  return out;
}

export function score(expected: Map<string, number>, predicted: Map<string, number>): { p: number; r: number; f1: number } {
  let hit = 0;
  let e = 0;
  let p = 0;
  for (const n of expected.values()) e += n;
  for (const n of predicted.values()) p += n;
  for (const [k, n] of expected) hit += Math.min(n, predicted.get(k) ?? 0);
  const precision = p ? hit / p : 0;
  const recall = e ? hit / e : 0;
  return { p: precision, r: recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}
