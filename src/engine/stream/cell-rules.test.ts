import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPageTables } from '../find-tables.ts';
import { loadPages } from '../pdf/load-pages.ts';

// Class: rows ruled cell by cell (issue 10, an unseen producer: a browser's `tr` border, drawn one
// piece per cell). No piece ran across the table, so the rules did not mark its rows, and a
// wrapped cell's second line, set at nearly the rows' pitch (cells padded by a pixel), became a row
// of its own. Pieces end to end are one rule. html-7402.pdf: scripts/corpus/html-export.ts
// --offset 400, the crop table ruled between rows.
const PDF = resolve(import.meta.dirname, '../../../tests/fixtures/stream/html-7402.pdf');

describe('rows ruled cell by cell', () => {
  it('keep a wrapped cell in its row', async () => {
    const { pages } = await loadPages(new Uint8Array(readFileSync(PDF)));
    const crops = findPageTables(pages[0]!).find((t) => t.rows.some((row) => row[0] === 'Frijol'));
    expect(crops?.rows.find((row) => row[0] === 'Frijol')?.slice(0, 3)).toEqual(['Frijol', 'Cargamanto rojo', '4.9']);
    expect(crops?.rows.some((row) => row.includes('rojo'))).toBe(false);
  });

  it('keep a header wrapped over two lines above the first rule in one row', async () => {
    const { pages } = await loadPages(new Uint8Array(readFileSync(PDF)));
    const crops = findPageTables(pages[0]!).find((t) => t.rows.some((row) => row[0] === 'Frijol'));
    expect(crops?.rows.find((row) => row[0] === 'Cultivo')?.slice(0, 5)).toEqual(['Cultivo', 'Variedad', 'Área (ha)', 'Estado', 'Fecha de siembra']);
  });
});
