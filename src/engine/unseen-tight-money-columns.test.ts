import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf, paragraph, textWidth, unruledTable, type ColumnSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// A class of merged columns (issue 10, general tables, LibreOffice Writer; decision 018, third
// pass). Writer pads cells by less than the phrase gap, so an amount closed by its sign
// (`44.091,46 €`) and the words of a left-aligned column after it read as one phrase
// (`44.091,46 € Ricambi`); and a money cell wrapped as `$` over its amount left a bare `$` at the
// end of a line, which took the next column's words as the amount it opens.

const SIZE = 7.5;

async function tablesOf(columns: ColumnSpec[], rows: string[][], opts: { leading?: number } = {}) {
  const before = paragraph('La tabla siguiente resume los resultados del periodo.', 60, 80, 460, { size: SIZE });
  const table = unruledTable(columns, rows, before.next + 20, { size: SIZE, ...opts });
  const res = await extractRawTables(await makePdf([{ width: 842, height: 595, texts: [...before.texts, ...table.texts] }]));
  if (res.status !== 'ok') throw new Error(res.status);
  return res.tables;
}

describe('unseen: a money column set tight before a text column', () => {
  it('parts an amount closed by its sign from the left-aligned words after it', async () => {
    const rows = [
      ['Concepto', 'Código', 'Ingresos', 'Categoría', 'Unidades'],
      ['Cursos de formación', 'A-7271', '32.923,05 €', 'Equipo externo', '129.780'],
      ['Atención al cliente', 'B-3702', '44.091,46 €', 'Repuestos', '183.048'],
      ['Tienda principal', 'CX-7562', '', 'Ventas en línea', '111.212'],
      ['Consultorías', 'B-318', '54.261,22 €', 'Repuestos', '443'],
      ['Laboratorio', 'C-1190', '9.871,40 €', 'Región norte', '12.870'],
    ];
    const widest = (c: number) => Math.max(...rows.map((r) => textWidth(r[c]!, SIZE)));
    // Writer's padding: the amounts end 0.6 em before the next column's words start.
    const amountsEnd = 60 + widest(0) + 8 + widest(1) + 8 + widest(2);
    const textStart = amountsEnd + 0.6 * SIZE;
    const unitsEnd = textStart + widest(3) + 8 + widest(4);
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 60 + widest(0) + 8 }, { x: amountsEnd, align: 'right' }, { x: textStart }, { x: unitsEnd, align: 'right' }];
    const tables = await tablesOf(columns, rows);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(rows);
  });

  it('keeps a `$` wrapped over its amount out of the next column', async () => {
    const rows = [
      ['Concepto', 'Vencimiento', 'Valor', 'Producto', 'Participación'],
      ['Papelería', '07/08/2019', '$\n23.032,02', 'Cursos de formación y otros\nconceptos', '80,2%'],
      ['Cursos de formación', '12/02/2024', '$ 62.178,12', 'Papelería', '91,5%'],
      ['Reparaciones', '2020-03-03', '$ 67.231,27', 'Región norte', '10,3%'],
      ['Bodega central', '2024-11-07', '$ 8.005,89', 'Atención al cliente', '30,1%'],
    ];
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 160 }, { x: 250, align: 'right' }, { x: 285 }, { x: 430, align: 'right' }];
    const tables = await tablesOf(columns, rows, { leading: SIZE * 1.15 });
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(rows.map((r) => r.map((c) => c.replace('\n', ' '))));
  });
});
