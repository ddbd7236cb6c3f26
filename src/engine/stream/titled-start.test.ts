import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPageTables } from '../find-tables.ts';
import { loadPages } from '../pdf/load-pages.ts';

// Class: a table's region running into the block above it through a title line (issue 10, an
// unseen producer). html-7104 (scripts/corpus/html-export.ts --offset 100): the header fields, a
// borderless label/value table, then `INFORMACIÓN DEL CULTIVO` set a point larger, then the crop
// table under a header wrapped over two lines. Read as one region, the columns of both were
// computed together and the crop table's came out wrong; the title over a new header starts a
// table of its own.
const PDF = resolve(import.meta.dirname, '../../../tests/fixtures/html/html-7104.pdf');

describe('a title over a new header', () => {
  it('starts a table of its own under a label/value block', async () => {
    const { pages } = await loadPages(new Uint8Array(readFileSync(PDF)));
    const tables = findPageTables(pages[0]!);
    const crops = tables.find((t) => t.rows.some((row) => row[0]?.startsWith('Tomate')));
    expect(crops?.rows.some((row) => row.some((cell) => cell.includes('Solicitud')))).toBe(false);
    expect(crops?.rows.find((row) => row[0]?.startsWith('Tomate'))).toEqual(['Tomate', 'Santa Cruz Kada', '0,88', '24/08/2025', '77.000', 'kg', '$ 2.300', '$ 155.848.000']);
  });
});
