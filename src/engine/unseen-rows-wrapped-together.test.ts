import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { justifiedLine, makePdf, paragraph, textWidth, unruledTable, type ColumnSpec, type LineSpec, type RectSpec, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// Classes of a thirteenth batch of general tables and domain documents (decision 013, tenth
// session, 2026-12-03), each seen on one producer and built here from its geometry alone:
// - a row whose every cell wraps (LibreOffice, rows padded apart and set centred: `Freight —` /
//   `revised`, `2020-11-` / `01`, `Field team y otros` / `conceptos`): its second line filled
//   every column and was read as a row;
// - a justified cell line over a line opening with a bracket (groff: `Honoraires  de  conseil`
//   over `(phase 2)`): the stretched spaces were read as two columns;
// - a last row whose wrapped cell's second line is wider than any line of its column above
//   (`Equipe de` / `campo — revised`): the line and the ones after it were left out of the table;
// - a shaded header band over a bold section row wider than the first column (html:
//   `Preparación del suelo` running over `Unidad`): the band was read as a table of its own;
// - a table ruled row by row, each rule drawn cell by cell (Chromium), whose last row is a label
//   alone (`Equipo de campo y otros conceptos`, general 6015-13): the row was left out.

const SIZE = 10;
const LEAD = 1.2 * SIZE;

async function tablesOf(texts: TextSpec[], rects: RectSpec[] = [], lines: LineSpec[] = []) {
  const res = await extractRawTables(await makePdf([{ width: 842, height: 595, texts, rects, lines }]));
  if (res.status !== 'ok') throw new Error(res.status);
  return res.tables;
}

/**
 * Rows padded `padding` apart, each cell's lines (split at '\n') centred on the row's height, as a
 * spreadsheet sets cells centred. Returns the texts and the baseline under the last row.
 */
function centredRows(columns: ColumnSpec[], rows: string[][], top: number, padding: number): { texts: TextSpec[]; next: number } {
  const texts: TextSpec[] = [];
  let y = top;
  for (const cells of rows) {
    const lines = Math.max(...cells.map((c) => c.split('\n').length));
    cells.forEach((cell, c) => {
      if (!cell) return;
      const parts = cell.split('\n');
      const offset = ((lines - parts.length) * LEAD) / 2;
      parts.forEach((text, k) => texts.push({ text, x: columns[c]!.x, y: y + offset + k * LEAD, size: SIZE, ...(columns[c]!.align ? { align: columns[c]!.align } : {}) }));
    });
    y += lines * LEAD + padding;
  }
  return { texts, next: y };
}

const justified = (words: string[], x: number, y: number, width: number): TextSpec[] => justifiedLine(words, x, y, width, SIZE);

const before = paragraph('Further details are available from the finance department on request, and rounded to the nearest unit.', 60, 80, 460, { size: SIZE });
const joined = (rows: string[][]) => rows.map((r) => r.map((c) => c.split('\n').join(' ')));

describe('unseen: a row whose every cell wraps', () => {
  it('joins the second line of a padded row when every cell on it goes on', async () => {
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 210, align: 'right' }, { x: 222 }];
    const rows = [
      ['Category', 'Date', 'Product'],
      ['Customer service', '28/07/\n2021', 'Spare parts'],
      ['Consulting fees', '8 Mar\n2025', 'Repairs and maintenance'],
      ['Freight —\nrevised', '2020-11-\n01', 'Field team y otros\nconceptos'],
      ['Training courses', '07/12/2024', 'North region'],
      ['Laboratory', '1 Feb 2023', 'Office supplies'],
    ];
    const table = centredRows(columns, rows, before.next + 30, 4.6);
    const tables = await tablesOf([...before.texts, ...table.texts]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual([
      ['Category', 'Date', 'Product'],
      ['Customer service', '28/07/2021', 'Spare parts'],
      ['Consulting fees', '8 Mar 2025', 'Repairs and maintenance'],
      ['Freight — revised', '2020-11-01', 'Field team y otros conceptos'],
      ['Training courses', '07/12/2024', 'North region'],
      ['Laboratory', '1 Feb 2023', 'Office supplies'],
    ]);
  });

  it('keeps rows set as tight as lines apart, even when each goes on in lower case', async () => {
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 200 }, { x: 340 }];
    const rows = [
      ['Término', 'Clase', 'Uso'],
      ['cuenta', 'activo', 'registro'],
      ['saldo', 'pasivo', 'cierre'],
      ['abono', 'ingreso', 'pago'],
      ['cargo', 'egreso', 'compra'],
    ];
    const table = unruledTable(columns, rows, before.next + 30, { size: SIZE, pitch: LEAD });
    const tables = await tablesOf([...before.texts, ...table.texts]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(rows);
  });
});

describe('unseen: a justified cell line over a bracket', () => {
  it('reads the stretched line and the bracketed line under it as one cell', async () => {
    const columns: ColumnSpec[] = [{ x: 56 }, { x: 247, align: 'right' }, { x: 300, align: 'right' }, { x: 345, align: 'right' }, { x: 360 }];
    const top = before.next + 30;
    const rows = [
      ['Produit', 'Début', 'Évolution', 'Ratio', 'Catégorie'],
      ['Ventes en ligne', '15 déc. 2020', '67,3 %', '559,67', ''],
      ['Formations', '4 mars 2024', '12,1 %', '841,45', 'Honoraires de conseil'],
      ['Région nord', '28 janv. 2020', '68,3 %', '283,13', 'Formations'],
      ['', '08/11/2019', '23,5 %', '560,80', 'Région nord'],
      ['(phase 2)', '', '', '', ''],
      ['Ventes en ligne', '15/10/2019', '41,0 %', '75,2', ''],
      ['Transport', '28/12/2025', '28,4 %', '351,6', 'Transport'],
    ];
    // troff sets rows as tight as a cell's lines and justifies a filled cell's lines.
    const table = unruledTable(columns, rows, top, { size: SIZE, pitch: LEAD });
    const line = justified(['Honoraires', 'de', 'conseil'], 56, top + 4 * LEAD, 115);
    const tables = await tablesOf([...before.texts, ...table.texts, ...line]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual([
      ...rows.slice(0, 4),
      ['Honoraires de conseil (phase 2)', '08/11/2019', '23,5 %', '560,80', 'Région nord'],
      ...rows.slice(6),
    ]);
  });
});

describe('unseen: a last row wider than its column above', () => {
  it('keeps the wrapped lines of the last row, a paragraph after them apart', async () => {
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 260, align: 'right' }, { x: 270 }, { x: 420, align: 'right' }];
    const rows = [
      ['Item', 'Quantidade', 'Item prévio', 'Valor'],
      ['Peças de reposição', '559', 'Honorários', '21.416,34 €'],
      ['Equipe de campo', '99.752', 'Laboratório', '3.188,30 €'],
      ['Honorários de consultoria', '985', 'Loja principal', '58.421,00 €'],
      ['Equipe de campo Os valores\nestão em milhares, salvo\nindicação em', '206.973', 'Equipe de\ncampo — revisado', '29.235,18 €'],
    ];
    // The second line of the last row's third cell is the widest line of its column by far.
    // It still ends short of the next column (`21.416,34 €` starts at 365) by a gutter.
    expect(textWidth('campo — revisado', SIZE)).toBeGreaterThan(textWidth('Loja principal', SIZE) + SIZE);
    expect(270 + textWidth('campo — revisado', SIZE)).toBeLessThan(420 - textWidth('21.416,34 €', SIZE) - SIZE);
    const table = centredRows(columns, rows, before.next + 30, 4);
    const after = paragraph('A comparação com o período anterior é afetada pela mudança de método contábil descrita acima.', 60, table.next + 6, 460, { size: SIZE });
    const tables = await tablesOf([...before.texts, ...table.texts, ...after.texts]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(joined(rows));
  });
});

describe('unseen: a shaded header band over a section row wider than its column', () => {
  it('reads the band, the section row and the rows under it as one table', async () => {
    const xs = [40, 150, 220, 270, 330, 390];
    const top = before.next + 30;
    const band = [
      ['Descripción', 'Unidad', 'Cantidad', 'VALOR', ''],
      ['', '', '', 'Unitario', 'Total'],
    ];
    // A browser shades a header cell by cell: each cell of each row filled apart, in one colour.
    const rects: RectSpec[] = band.flatMap((_, line) =>
      xs.slice(0, -1).map((x, c) => ({ x, y: top + line * (LEAD + 2), w: xs[c + 1]! - x, h: LEAD + 2, fill: [0.8, 0.85, 0.9] as [number, number, number] })),
    );
    const headTexts: TextSpec[] = band.flatMap((cells, line) =>
      cells.flatMap((text, c) => (text ? [{ text, x: (xs[c]! + xs[c + 1]!) / 2, y: top + line * (LEAD + 2) + 0.8 * LEAD, size: SIZE, align: 'center' as const }] : [])),
    );
    const columns: ColumnSpec[] = [{ x: 42 }, { x: 152 }, { x: 266, align: 'right' }, { x: 326, align: 'right' }, { x: 386, align: 'right' }];
    const body = [
      ['Preparación del suelo y siembra', '', '', '', ''],
      ['Análisis de suelo', 'Unidad', '1', '132.000', '132.000'],
      ['Rastrillada', 'Hora', '28', '145.000', '4.060.000'],
      ['Semilla de frijol', 'kg', '702', '12.000', '8.424.000'],
      ['Urea 46%', 'Bulto 50 kg', '59', '184.000', '10.856.000'],
      ['Recolección', 'Jornal', '110', '67.000', '7.370.000'],
    ];
    expect(42 + textWidth(body[0]![0]!, SIZE)).toBeGreaterThan(xs[1]! + SIZE);
    const rows = unruledTable(columns, body, top + 2 * LEAD + 4 + 1.2 * SIZE, { size: SIZE, pitch: 1.5 * SIZE, bold: [0] });
    const tables = await tablesOf([...before.texts, ...headTexts, ...rows.texts], rects);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows.slice(-body.length)).toEqual(body);
    expect(tables[0]!.rows[0]!.join(' ')).toContain('Descripción');
  });
});

describe('unseen: a label alone in the last row of a table ruled row by row', () => {
  it('keeps the row its rules enclose', async () => {
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 280, align: 'right' }];
    const rows = [
      ['Producto', 'Pedidos'],
      ['Región norte', '10'],
      ['Laboratorio', '106.296'],
      ['Bodega central — revised', '182.198'],
      ['Ventas en línea', '998'],
      ['Cursos de formación and related items', '167.300'],
      ['Equipo de campo y otros conceptos', ''],
    ];
    const top = before.next + 30;
    const pitch = 1.75 * SIZE;
    const table = unruledTable(columns, rows, top, { size: SIZE, pitch });
    // A browser draws each row's border cell by cell: two pieces end to end under every row.
    const rules: LineSpec[] = rows.flatMap((_, r) => {
      const y = top + r * pitch + 0.45 * pitch;
      return [{ x0: 56, y0: y, x1: 230, y1: y }, { x0: 230, y0: y, x1: 284, y1: y }];
    });
    rules.unshift({ x0: 56, y0: top - 0.75 * pitch, x1: 284, y1: top - 0.75 * pitch });
    const after = paragraph('El área financiera puede suministrar más detalles a quien los solicite.', 60, table.next + 10, 460, { size: SIZE });
    const tables = await tablesOf([...before.texts, ...table.texts, ...after.texts], [], rules);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(rows);
  });
});
