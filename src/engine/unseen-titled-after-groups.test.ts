import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';

// A class found on an untouched Calc draw (issue 10; decision 013): a title set apart over a new
// table's header was not told apart when group labels sat between the rows above it, since the
// rows' spacing (doubled by the labels) was taken for the lines'. The income table was read on the
// cost table's columns (`Cantidad Precio unitario` one cell, `Año 1` under no header). Drawn pages
// did not reproduce the sheet's column edges, so the draw is the fixture.

describe('unseen: a titled table under a table with group labels', () => {
  it('reads the second table on its own columns', async () => {
    const res = await extractRawTables(new Uint8Array(fs.readFileSync('tests/fixtures/calc/calc-15205.pdf')));
    if (res.status !== 'ok') throw new Error(res.status);
    const income = res.tables.find((t) => t.rows.some((r) => r.includes('Yuca fresca')));
    expect(income).toBeDefined();
    expect(income!.rows.some((r) => r.includes('Recolección'))).toBe(false);
    const header = income!.rows.find((r) => r.includes('Actividad'))!;
    expect(header.filter(Boolean)).toEqual(['Actividad', 'Unidad', 'Cantidad', 'Precio unitario', 'Valor total', 'Periodo']);
  });
});
