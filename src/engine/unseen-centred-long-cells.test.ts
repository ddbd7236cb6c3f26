import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractPdf } from './extract.ts';
import { rowsByTable } from './rows-by-table.ts';

// Classes found on an untouched draw of the Writer producer (writer-export.ts --offset 18401,
// writer-24404; decision 013 "Terms under a title, on the sheet's columns"): an unruled table whose
// rows are centred against their longest wrapped cell, and words broken at a hyphen.
const fixture = (name: string) => new Uint8Array(fs.readFileSync(`tests/fixtures/unseen-draws/${name}.pdf`));

describe('unseen: a row centred against a long cell in its second column', () => {
  it('keeps a concept wrapped over four lines, beside a two-line activity, in its own row', async () => {
    // `Resiembra - / árboles / injertados de / cítricos`, centred on `Insumo | Unidad | 415 …`: the
    // centred row was looked for in the first column only, so its first line went to the row above.
    const costs = (await rowsByTable(await extractPdf(fixture('writer-24404')))).CostosDirectos ?? [];
    expect(costs.find((r) => r.cantidad === 415)).toMatchObject({
      actividad: '2. MATERIAL VEGETAL Y SIEMBRA',
      concepto: 'Resiembra - árboles injertados de cítricos',
      unidad: 'Unidad',
      valor_total: 4565000,
    });
    expect(costs.find((r) => r.concepto === 'Cal dolomita')).toMatchObject({ cantidad: 146, unidad: 'Bulto 50 kg' });
  });

  it('joins a figure broken after its own hyphen without a space (`15-` over `15-15`)', async () => {
    const costs = (await rowsByTable(await extractPdf(fixture('writer-24404')))).CostosDirectos ?? [];
    expect(costs.find((r) => r.cantidad === 101)?.concepto).toBe('Fertilizante 15-15-15');
  });
});
