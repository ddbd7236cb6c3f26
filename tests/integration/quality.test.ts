import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableQualitySummary } from '../../src/shared/api/documents.ts';
import { fixture, startServer, upload, waitForDocument, type TestServer } from './helpers.ts';

// Issue 10: the document detail answers, per table, a confidence a reviewer can use (0..1, with the
// signals it is made of and the pages the table came from), and no warning where the sums hold.
let s: TestServer;
let token: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startServer();
  token = await s.login();
  const res = await upload(s, token, [
    { name: 'grid-1001.pdf', bytes: fixture('grid-1001.pdf') },
    { name: 'stream-2001.pdf', bytes: fixture('stream-2001.pdf') },
  ]);
  for (const d of (await res.json()).documents) ids[d.original_filename] = d.id;
  for (const id of Object.values(ids)) expect(await waitForDocument(s, token, id)).toMatchObject({ status: 'processed' });
}, 120_000);
afterAll(() => s.close());

const detail = async (name: string) => {
  const res = await s.api(`/api/documents/${ids[name]}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()).data as { tables: { name: string; quality: TableQualitySummary[] }[]; warnings: string[] };
};

describe('quality signals in the document detail', () => {
  it('grid-1001: every table has a confidence in 0..1, its signals and its pages; sums hold, so no warning', async () => {
    const d = await detail('grid-1001.pdf');
    expect(d.tables.length).toBeGreaterThan(3);
    for (const t of d.tables) {
      expect(t.quality.length, t.name).toBeGreaterThan(0);
      for (const q of t.quality) {
        expect(q.confidence, t.name).toBeGreaterThan(0);
        expect(q.confidence, t.name).toBeLessThanOrEqual(1);
        expect(Object.keys(q.signals).sort()).toEqual(['check_sums', 'header', 'title', 'types']);
        for (const v of Object.values(q.signals)) if (v !== null) expect(v >= 0 && v <= 1).toBe(true);
        expect(q.pages.length).toBeGreaterThan(0);
        expect(q.pages).toContain(q.page);
        expect(q.check_sums_ok, t.name).toBe(true);
        expect(q.warnings).toEqual([]);
      }
    }
    const costs = d.tables.find((t) => t.name === 'CostosDirectos')!.quality[0]!;
    expect(costs.signals).toMatchObject({ title: 1, check_sums: 1 });
    expect(d.warnings).toEqual([]);
  });

  it('stream-2001: the direct costs continued over two pages are one table whose TOTAL holds', async () => {
    const d = await detail('stream-2001.pdf');
    const costs = d.tables.find((t) => t.name === 'CostosDirectos')!;
    expect(costs.quality).toHaveLength(1);
    expect(costs.quality[0]).toMatchObject({ pages: [1, 2], rows: 14, check_sums_ok: true, signals: { check_sums: 1 } });
    expect(d.warnings).toEqual([]);
  });

  it('a quality report stored before the signals existed reads back with unknown (null) signals', async () => {
    const id = ids['grid-1001.pdf']!;
    const old = {
      tables: [{ table: 'CostosDirectos', page: 1, pages: [1], method: 'lattice', confidence: 0.9, rows: 3, missing_columns: [], unparsed_cells: 0, check_sums_ok: true, warnings: [] }],
      warnings: [],
    };
    await s.ctx.db.updateTable('documents').set({ quality_json: JSON.stringify(old) }).where('id', '=', id).execute();
    const d = await detail('grid-1001.pdf');
    expect(d.tables.find((t) => t.name === 'CostosDirectos')!.quality).toEqual([
      { ...old.tables[0], signals: { title: null, header: null, types: null, check_sums: null }, typed_cells: 0, failed_check_sums: [], low_confidence_cells: [] },
    ]);
  });
});
