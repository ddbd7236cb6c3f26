import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractPdf } from './extract.ts';
import { rowsByTable } from './rows-by-table.ts';

// A class found on an untouched Writer draw (issue 14's session, 2026-12-01; decision 013): a word
// processor sets a section's heading as tight under the last row of the table above as that
// table's rows sit under each other, and the next table's header right under the heading.
// - The heading and the header were read as rows of the table above (`Inventario pecuario`, then
//   `Especie Raza Categoría …` on the crop table's columns): the title over a new header was told
//   apart only when set apart by more than the rows' pitch, and the rows above were wrapped cells
//   centred against each other, whose pitch is two lines. Now the title also starts a table when
//   the rows under the header are laid out on other columns than the rows of values above it
//   (stream/block-to-segments.ts `isTitledStart`).
// - A table whose heading and header end a page, its rows on the next page under the header again,
//   was joined to the previous page's last table, as both headers share their spanning `VALOR`:
//   a continuation's repeated header names no columns the first one does not
//   (domain/continuations.ts `namesOtherColumns`).
// - The same, with the first row under the new header centred against a cell wrapped over two
//   lines: the wrapped cell's lone first line, right over the values, was taken for the row's
//   own first line, as a group label over a centred row would be. Only a line with cells of its
//   own is a centred row's first.
// The draws are the fixtures (writer-export.ts --offset 9950: writer-15955, writer-15956;
// --offset 9911: writer-15916).
const fixture = (name: string) => new Uint8Array(fs.readFileSync(`tests/fixtures/writer-unseen/${name}.pdf`));

describe('unseen: a heading set tight between two tables', () => {
  it('reads the crop table and the livestock table under its heading apart', async () => {
    const tables = rowsByTable(await extractPdf(fixture('writer-15956')));
    expect(tables.CultivoProyecto?.map((r) => r.cultivo)).toEqual(['Maíz forrajero', 'Pasto mejorado', 'Pasto de corte']);
    expect(tables.InventarioPecuario).toHaveLength(8);
    expect(tables.InventarioPecuario?.every((r) => r.especie === 'Porcino' && r.raza === 'Pietrain')).toBe(true);
  });

  it('reads the schedule under its heading from its first instalment, apart from the loan terms above', async () => {
    const schedule = rowsByTable(await extractPdf(fixture('writer-15956'))).PlanAmortizacionDetalle ?? [];
    expect(schedule.map((r) => r.numero_cuota)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
  });

  it('reads the costs apart from the livestock above when the first cost row is centred on a wrapped cell', async () => {
    const tables = rowsByTable(await extractPdf(fixture('writer-15916')));
    expect(tables.InventarioPecuario).toHaveLength(6);
    expect(tables.CostosDirectos?.slice(0, 3).map((r) => r.concepto)).toEqual(['Sal mineralizada 8%', 'Melaza', 'Ensilaje de maíz']);
  });

  it('does not join a table whose heading and header end the page to the table above', async () => {
    const tables = rowsByTable(await extractPdf(fixture('writer-15955')));
    expect(tables.InventarioPecuario).toHaveLength(6);
    expect(tables.InventarioPecuario?.every((r) => r.especie === 'Caprino')).toBe(true);
    expect(tables.CostosDirectos?.map((r) => r.concepto)).toContain('Sal mineralizada 8%');
  });
});
