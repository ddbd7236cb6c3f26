import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { corpusDir } from './test-corpus.ts';

// Regression guard over ../shared/corpus/public (Tabula's and Camelot's own test PDFs): the
// ICDAR-2013 adjacency-relation F1 of each case must not fall below what the engine reached
// when the case was last fixed. bench/score-tables.mjs gives the official figures; this is
// a pooled per-page variant of the same metric, cheap enough for a unit test.
const PUBLIC = corpusDir('public') ?? '';

/** Floors per case: F1 for page/doc scope, recall for area scope. */
const FLOORS: Record<string, number> = {
  'tabula/spanning_cells': 0.85,
  'tabula/twotables': 0.83,
  'tabula/frx_2012_disclosure': 0.98,
  'tabula/schools': 0.92,
  'tabula/AnimalSounds': 0.78,
  'tabula/Publication_of_award_of_Bids': 0.95,
  'tabula/spreadsheet_no_bounding_frame': 0.85,
  'tabula/argentina_diputados_voting_record': 0.98,
  'camelot/clockwise_table_1': 0.98,
  'camelot/twotables_2': 0.98,
  'camelot/column_span_2': 0.98,
  'camelot/split_text_lattice': 0.98,
  'camelot/table_region': 0.98,
  'camelot/health': 0.93,
  'camelot/12s0324': 0.85,
  'camelot/mexican_towns': 0.97,
  'camelot/m27': 0.75,
  'camelot/stream_inner_outer_columns': 0.98,
  'camelot/clockwise_table_2': 0.97,
  'camelot/multiple_tables': 0.98,
  'camelot/vertical_header': 0.8,
};

interface Expected {
  tables: { page: number; rows: string[][] }[];
  meta: { scope: string; scored_pages: number[] };
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Multiset of "a→b|H" and "a↓b|V" relations between nearest non-empty neighbours. */
function relations(rows: string[][]): Map<string, number> {
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

function pooled(tables: { rows: string[][] }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of tables) for (const [k, n] of relations(t.rows)) out.set(k, (out.get(k) ?? 0) + n);
  return out;
}

function score(expected: Map<string, number>, predicted: Map<string, number>): { p: number; r: number; f1: number } {
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

describe.runIf(PUBLIC !== '')('public corpus regression cases', () => {
  it.each(Object.entries(FLOORS))('%s stays at or above %s', async (name, floor) => {
    const expected = JSON.parse(readFileSync(join(PUBLIC, `${name}.expected.json`), 'utf8')) as Expected;
    const result = await extractRawTables(new Uint8Array(readFileSync(join(PUBLIC, `${name}.pdf`))));
    expect(result.status).toBe('ok');
    const scored = new Set(expected.meta.scored_pages);
    const s = score(pooled(expected.tables), pooled(result.tables.filter((t) => scored.has(t.page))));
    const value = expected.meta.scope === 'area' ? s.r : s.f1;
    expect(value).toBeGreaterThanOrEqual(floor);
  });
});
