import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';

// A class found on an untouched Calc draw (issue 10; decision 016): a header centred over a wide
// text column of short values sits wholly right of them, and was given to the next column, whose
// own header it joined (`Descripción Unidad` over the units, the descriptions headerless).
// Drawn pages did not reproduce the river the spreadsheet's page gives, so the draw is the fixture.

describe('unseen: a header centred over a wide text column of short values', () => {
  it('stays over its own column, apart from the next column’s header', async () => {
    const bytes = new Uint8Array(fs.readFileSync('tests/fixtures/calc/calc-15201.pdf'));
    const res = await extractRawTables(bytes);
    if (res.status !== 'ok') throw new Error(res.status);
    const costs = res.tables.find((t) => t.rows.some((r) => r.includes('Rastrillada')));
    expect(costs).toBeDefined();
    expect(costs!.rows[0]!.slice(0, 3)).toEqual(['Labor', 'Descripción', 'Unidad']);
    expect(costs!.rows.find((r) => r.includes('Rastrillada'))!.slice(1, 3)).toEqual(['Rastrillada', 'Hora']);
  });
});
