/**
 * Per-term cost of the SQLite search on the bench:api data (decision 032): process CPU of the
 * words-index phrase and of the pairs- (or cuts-) index phrase over the terms bench:api's "search, new" asks,
 * and whether both find the same rows for each (and for shorter and cut-off forms of them).
 * Usage: tsx scripts/bench/search-terms.ts <BENCH_DATA_DIR> [terms=200]
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { PLACES, QUALIFIERS, WORDS } from './api-fill.ts';
import { ftsPhrase, normalizeSearch } from '../../src/server/search-text.ts';
import { pairsQuery } from '../../src/server/db/search-pairs.ts';

const dir = process.argv[2]!;
const n = Number(process.argv[3] ?? 200);
const db = new SQLite(path.join(dir, 'app.db'), { readonly: true });
const terms = WORDS.flatMap((w) => QUALIFIERS.flatMap((q) => PLACES.map((p) => normalizeSearch(`${w} ${q} ${p}`))));
let state = 7;
for (let i = terms.length - 1; i > 0; i--) {
  state = (state * 1103515245 + 12345) % 2 ** 31;
  const j = state % (i + 1);
  [terms[i], terms[j]] = [terms[j]!, terms[i]!];
}
const asked = terms.slice(0, n);
const order = (fts: string) =>
  db.prepare(`SELECT id FROM table_rows WHERE +table_name = 'CostosDirectos' AND id IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?) ORDER BY document_id DESC, seq`).pluck();
const words = order('table_rows_fts_costosdirectos');
const pairIndexes = { pairs: order('table_rows_pairs_costosdirectos'), cuts: order('table_rows_cuts_costosdirectos') };
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const shapes: [string, (t: string) => number[]][] = [
  ['words', (t) => words.all(`${ftsPhrase(t)}*`) as number[]],
  ['pairs', (t) => {
    const { index, match } = pairsQuery(t)!;
    return pairIndexes[index].all(match) as number[];
  }],
];
for (const [name, run] of shapes) {
  const times = asked.map((t) => {
    const c0 = cpu();
    run(t);
    return cpu() - c0;
  });
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(1);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  console.log(`${name.padEnd(6)} mean ${mean.toFixed(2)} p50 ${q(0.5)} p90 ${q(0.9)} p99 ${q(0.99)} max ${q(1)} ms CPU (query, ids in page order)`);
}
// The same rows in the same order, for the asked terms and for their shorter and cut-off forms.
let checked = 0;
for (const t of asked) {
  const w = t.split(' ');
  const forms = [t, ...w.slice(1).map((_, i) => w.slice(i).join(' ')), t.slice(0, -1), `${w[0]} ${w[1]!.slice(0, 1)}`, w.slice(0, 2).join(' ')];
  for (const f of forms) {
    if (!pairsQuery(f)) continue;
    const a = JSON.stringify(shapes[0]![1](f));
    if (a !== JSON.stringify(shapes[1]![1](f))) throw new Error(`different rows for "${f}"`);
    checked++;
  }
}
console.log(`same rows, same order for ${checked} terms`);
