import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractPdf } from './extract.ts';
import { rowsByTable } from './rows-by-table.ts';

// Page 4 of an unseen Writer draw (writer-export.ts --offset 25501) scanned at 200 dpi
// (scan-simulate.ts): a landscape page of two cash flows whose labels wrap over three lines around
// their amounts. OCR measured their rows 6.5 to 7.5 pt and the stream finder's size break cut each
// flow into pieces no header named: neither flow was found (decision 013, seventh session).
const SCAN = 'tests/fixtures/unseen-scans/writer-25503-s200-p4.pdf';

describe('unseen scan: a table whose rows OCR measured in slightly different sizes', () => {
  it('reads both cash flows whole, under their month headers', async () => {
    const tables = rowsByTable(await extractPdf(new Uint8Array(fs.readFileSync(SCAN))));
    const income = tables.IngresosOperacionales ?? [];
    const costs = tables.EgresosOperacionales ?? [];
    // 4 incomes and 6 costs by 12 months; a `Mes 2` heading set over two lines and some dashes
    // (zeros) are still lost to OCR.
    expect(income.length).toBeGreaterThanOrEqual(40);
    expect(costs.length).toBeGreaterThanOrEqual(60);
    expect(income).toContainEqual({ concepto: 'Venta de plátano de primera', periodo: 'Mes 12', valor: 6407468 });
    expect(income).toContainEqual({ concepto: 'Venta de papa de primera', periodo: 'Mes 6', valor: 24961114 });
    expect(costs).toContainEqual({ concepto: 'Insumos', periodo: 'MES 3', valor: 10782875 });
    expect(costs).toContainEqual({ concepto: 'Costos indirectos', periodo: 'MES 12', valor: 373153 });
    expect(costs).toContainEqual({ concepto: 'Pago de intereses', periodo: 'MES 6', valor: 2720302 });
  }, 180_000);
});
