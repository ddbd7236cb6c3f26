import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageSize } from '../../src/shared/api/sources.ts';
import { fixture, startServer, upload, waitForDocument, type TestServer } from './helpers.ts';

// Issue 9: each stored row carries where it was printed, read back checked; the document detail
// answers the page sizes to draw it on; damaged stored JSON is read as empty, never a 500.
let s: TestServer;
let token: string;
let docId: number;
const warnings: { obj: object; msg: string }[] = [];
const log = { warn: (obj: object, msg: string) => void warnings.push({ obj, msg }) };

beforeAll(async () => {
  s = await startServer();
  token = await s.login();
  const res = await upload(s, token, [{ name: 'fuentes.pdf', bytes: fixture('grid-1001.pdf') }]);
  docId = (await res.json()).documents[0].id;
  expect(await waitForDocument(s, token, docId)).toMatchObject({ status: 'processed' });
}, 90_000);
afterAll(() => s.close());

const detail = async () => {
  const res = await s.api(`/api/documents/${docId}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()).data;
};

describe('row sources', () => {
  it('the detail answers the size of every page', async () => {
    const d = await detail();
    expect(d.page_sizes).toHaveLength(d.processing_info.pages);
    for (const [i, p] of (d.page_sizes as PageSize[]).entries()) {
      expect(p).toMatchObject({ page: i + 1, rotation: expect.any(Number) });
      expect(p.width).toBeGreaterThan(100);
      expect(p.height).toBeGreaterThan(100);
    }
  });

  it('every stored row of CostosDirectos reads back with its page, table box and a box per value', async () => {
    const sizes: PageSize[] = (await detail()).page_sizes;
    const rows = await s.ctx.rows.documentRows(docId, 'CostosDirectos', log);
    expect(rows.length).toBeGreaterThan(3);
    for (const { values, source } of rows) {
      expect(source).toBeDefined();
      const size = sizes.find((p) => p.page === source!.page);
      expect(source!.page).toBeGreaterThanOrEqual(1);
      expect(size).toBeDefined();
      const b = source!.bbox;
      expect(b.x0).toBeGreaterThanOrEqual(0);
      expect(b.y0).toBeGreaterThanOrEqual(0);
      expect(b.x1).toBeLessThanOrEqual(size!.width);
      expect(b.y1).toBeLessThanOrEqual(size!.height);
      expect(source!.method).toMatch(/^(lattice|stream)$/);
      for (const [key, value] of Object.entries(values)) {
        if (key === 'nosolicitud' || value === null || value === '') continue;
        const cell = source!.cells[key];
        expect(cell?.box, key).toBeTruthy();
        expect(cell!.text, key).not.toBe('');
      }
    }
    expect(warnings).toEqual([]);
  });

  it('the printed texts still feed the search', async () => {
    const [row] = await s.ctx.rows.documentRows(docId, 'CostosDirectos');
    const printed = row!.source!.cells.valor_total!.text;
    const res = await s.api(`/api/tables/CostosDirectos?search=${encodeURIComponent(printed)}`, { token });
    expect(res.status).toBe(200);
    expect((await res.json()).pagination.total_items).toBeGreaterThan(0);
  });

  it('a damaged stored source reads back as undefined, logged, without throwing', async () => {
    const [first, second] = await s.ctx.rows.documentRows(docId, 'CostosDirectos');
    await s.ctx.db.updateTable('table_rows').set({ source_json: '{"page": 1, "bbox": ' }).where('id', '=', first!.id).execute();
    await s.ctx.db.updateTable('table_rows').set({ source_json: '{"page": "uno", "cells": {}}' }).where('id', '=', second!.id).execute();
    warnings.length = 0;
    expect(await s.ctx.rows.rowSource(first!.id, log)).toBeUndefined();
    expect(await s.ctx.rows.rowSource(second!.id, log)).toBeUndefined();
    expect(warnings.map((w) => w.obj)).toEqual([
      expect.objectContaining({ column: 'table_rows.source_json', id: first!.id }),
      expect.objectContaining({ column: 'table_rows.source_json', id: second!.id }),
    ]);
    const rows = await s.ctx.rows.documentRows(docId, 'CostosDirectos');
    expect(rows[0]!.source).toBeUndefined();
    expect(rows[1]!.source).toBeUndefined();
    expect(rows[2]!.source?.cells).toBeTruthy();
    // A row stored before sources were kept has none.
    await s.ctx.db.updateTable('table_rows').set({ source_json: null }).where('id', '=', first!.id).execute();
    expect(await s.ctx.rows.rowSource(first!.id, log)).toBeUndefined();
  });

  it('damaged quality, header and page sizes read as empty: the detail still answers', async () => {
    await s.ctx.db
      .updateTable('documents')
      .set({ quality_json: '{"tables": [{"table": 5}]}', header_json: 'not json', page_sizes_json: '[{"page": 0}]' })
      .where('id', '=', docId)
      .execute();
    const d = await detail();
    expect(d.warnings).toEqual([]);
    expect(d.header).toEqual({});
    expect(d.page_sizes).toEqual([]);
    expect(d.tables.every((t: { quality: unknown[] }) => t.quality.length === 0)).toBe(true);
  });
});
