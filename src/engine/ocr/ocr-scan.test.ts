import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPdf } from '../extract.ts';
import { rowsByTable } from '../rows-by-table.ts';

// A flatbed scan (4 grey JPEG pages, no text layer) read end to end by OCR, in this process.
const SCAN = resolve(import.meta.dirname, '../../../tests/integration/fixtures/scan-grid-3001.pdf');

describe('a scanned document', () => {
  it('is read by OCR: status ok, the request number, its tables, and which pages were OCR', async () => {
    const progress: [number, number][] = [];
    const taken: number[] = [];
    const r = await extractPdf(new Uint8Array(readFileSync(SCAN)), { onProgress: (done, total) => progress.push([done, total]), onOcrPage: (n) => taken.push(n) });
    expect(r.status).toBe('ok');
    expect(r.nosolicitud).toBe('2024-246075');
    expect(r.ocr).toEqual({ pages: [1, 2, 3, 4] });
    // The runtime hears of each page OCR takes on (it gives the task more time per page).
    expect(taken).toEqual([1, 2, 3, 4]);
    expect(r.quality.warnings).toContainEqual(expect.stringContaining('se leyeron por OCR'));
    const rows = rowsByTable(r);
    expect(rows.CultivoProyecto?.map((row) => row.cultivo)).toEqual(['Pasto de corte', expect.stringMatching(/^Ma[ií]z forrajero/), expect.stringMatching(/^Pasto mejorado/)]);
    expect(rows.CultivoProyecto?.[0]).toMatchObject({ variedad: 'Cuba OM-22', area_ha: 0.71, precio_unitario: 86000, valor_produccion: 7937800 });
    expect(rows.InventarioPecuario?.length).toBe(3);
    expect(Object.keys(rows).length).toBeGreaterThanOrEqual(6);
    // Every stored row points at where its words are on the page.
    for (const t of r.tables) for (const row of t.rows) expect(row.source.page).toBeGreaterThanOrEqual(1);
    // Each table's quality carries its low-confidence cells (possibly none).
    for (const q of r.quality.tables.filter((t) => t.table !== 'other')) expect(Array.isArray(q.lowConfidenceCells)).toBe(true);
    // Progress: the document opened, a heartbeat while a page is read, every page done.
    expect(progress[0]).toEqual([0, 4]);
    expect(progress.at(-1)).toEqual([4, 4]);
    for (let n = 1; n <= 4; n++) expect(progress).toContainEqual([n - 1, 4]);
    expect(progress.length).toBeGreaterThan(5);
  }, 180_000);

  it('keeps no_text when OCR is turned off', async () => {
    const r = await extractPdf(new Uint8Array(readFileSync(SCAN)), { ocr: false, maxPages: 1 });
    expect(r.status).toBe('no_text');
    expect(r.ocr).toBeUndefined();
  });
});

