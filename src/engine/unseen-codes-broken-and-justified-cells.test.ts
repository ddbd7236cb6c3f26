import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { justifiedLine, makePdf, paragraph, textWidth, unruledTable, type ColumnSpec, type LineSpec, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// Classes of a fourteenth batch of general tables (decision 013, eleventh session, 2026-12-04),
// each seen on one producer and built here from its geometry alone:
// - a code wrapped after its hyphen in a ruled cell (LibreOffice: `B-` / `6998`): open cells
//   joined it, ruled ones kept a space (`B- 6998`);
// - a word the layout hyphenated at the end of a justified line in a ruled cell (groff: `manten-`
//   / `imiento`): open cells joined it, ruled ones kept the hyphen and a space;
// - justified lines filling a wrapped label column (groff `T{`: `Peças  de  reposição  Os` over
//   `valores  estão  em  mil-`): a justified line over another was not read as one cell's line (the
//   line below it, not yet joined, showed several phrases), and its stretched space was read as a
//   column of its own.
// Rows under a table's last row, of the same batches: unseen-rows-under-tables.test.ts.
// And of a fifteenth (general seed 6018):
// - an amount's sign followed by a share a cell's padding away (LibreOffice, dense: `66.563,51 €
//   62,8%`, one phrase): the sign was taken to open the share, and the amount's column was cut
//   before its sign;
// - a row with no amount in rows set as tight as lines (groff: `Laboratory  A-6808` under
//   `Consulting fees  A-4417  $6,479.57`): it looked like the row's wrapped second line.
// And of the domain documents drawn with it (`--offset 20001`):
// - a header centred over short left-aligned values, starting right of them all (Writer:
//   `Cantidad` over `49`, `723`): given to the amounts' column beside it;
// - a zero's dash a space after an amount (html: `142.100.000 -`, the one row on its page): read
//   as one cell;
// - two text cells a little over a word space apart on every row, the same on each (Calc:
//   `Cacao grano seco` | `kg grano seco` under `Actividad` | `Unidad`): read as one cell.
// And of a sixteenth (general seed 6019):
// - a word hyphenated at the end of a justified cell line in a column set justified throughout
//   (groff: `La com-` / `paración`): the region's usual space was a stretched one, so no line
//   read as justified and the hyphen stayed.
// And of a seventeenth (general seed 6020):
// - a share set a space before its percent sign, a text column a space after the sign (LibreOffice,
//   dense: `26,4 % Formations`): the sign was no figure's end, and the two columns ran together.

const SIZE = 9;
const LEAD = 11;

async function tablesOf(texts: TextSpec[], lines: LineSpec[] = []) {
  const res = await extractRawTables(await makePdf([{ width: 595, height: 842, texts, lines }]));
  if (res.status !== 'ok') throw new Error(res.status);
  return res.tables;
}

/**
 * A ruled grid whose cells may hold several lines (split at '\n'), each line left-aligned 3 pt in
 * from the cell's left rule; a line given as words (an array) is justified to the cell's width.
 */
function ruledGrid(xs: number[], top: number, rows: (string | string[])[][]): { texts: TextSpec[]; lines: LineSpec[] } {
  const texts: TextSpec[] = [];
  const ys = [top];
  for (const row of rows) {
    const lineCount = Math.max(...row.map((cell) => (typeof cell === 'string' ? cell.split('\n').length : 2)));
    const y = ys[ys.length - 1]!;
    row.forEach((cell, c) => {
      const x = xs[c]! + 3;
      const width = xs[c + 1]! - xs[c]! - 6;
      if (typeof cell === 'string') cell.split('\n').forEach((text, k) => text && texts.push({ text, x, y: y + 11 + k * LEAD, size: SIZE }));
      else {
        // A justified first line and its last line, as `[words..., '\n', rest]`.
        const cut = cell.indexOf('\n');
        texts.push(...justifiedLine(cell.slice(0, cut), x, y + 11, width, SIZE));
        texts.push({ text: cell.slice(cut + 1).join(' '), x, y: y + 11 + LEAD, size: SIZE });
      }
    });
    ys.push(y + 5 + lineCount * LEAD);
  }
  const lines: LineSpec[] = [];
  for (const y of ys) lines.push({ x0: xs[0]!, y0: y, x1: xs[xs.length - 1]!, y1: y });
  for (const x of xs) lines.push({ x0: x, y0: top, x1: x, y1: ys[ys.length - 1]! });
  return { texts, lines };
}

const before = paragraph('Figures are shown in thousands unless stated otherwise, and rounded to the nearest unit.', 60, 80, 460, { size: SIZE });

describe('unseen: ruled cells broken over lines', () => {
  it('joins a code broken after its hyphen and keeps a compound broken at its own', async () => {
    const grid = ruledGrid([60, 200, 250, 340], before.next + 20, [
      ['Category', 'ID', 'Revenue'],
      ['Consulting fees', 'B-\n6998', '$3,512.39'],
      ['Spare parts', 'R-8985', '$51,782.23'],
      ['Post-\ncosecha', 'CX-\n1130', '$80,097.76'],
      ['Freight', 'A-3020', '$42,098.66'],
    ]);
    const tables = await tablesOf([...before.texts, ...grid.texts], grid.lines);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual([
      ['Category', 'ID', 'Revenue'],
      ['Consulting fees', 'B-6998', '$3,512.39'],
      ['Spare parts', 'R-8985', '$51,782.23'],
      ['Post- cosecha', 'CX-1130', '$80,097.76'],
      ['Freight', 'A-3020', '$42,098.66'],
    ]);
  });

  it('joins a word hyphenated at the end of a justified line, not one ending a line left ragged', async () => {
    const grid = ruledGrid([60, 200, 270, 350], before.next + 20, [
      ['Descripción', 'Fecha', 'Importe'],
      [['Reparaciones', 'y', 'manten-', '\n', 'imiento'], '2024-04-25', '$ 47.172,56'],
      ['Papelería y otros conceptos', '2025-09-05', '$ 39.527,27'],
      ['Venta de mora de Castilla', '2023-01-15', '$ 2.210,00'],
      ['Asistencia técnica del proyecto', '2022-11-30', '$ 9.800,15'],
      [['Equipo', 'de', 'campo', 'and', 're-', '\n', 'lated items'], '2019-07-25', '$ 14.346,44'],
      ['Ring-\ndingding', '2021-01-02', '$ 1.000,00'],
    ]);
    const tables = await tablesOf([...before.texts, ...grid.texts], grid.lines);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows.map((r) => r[0])).toEqual([
      'Descripción',
      'Reparaciones y mantenimiento',
      'Papelería y otros conceptos',
      'Venta de mora de Castilla',
      'Asistencia técnica del proyecto',
      'Equipo de campo and related items',
      'Ring- dingding',
    ]);
  });
});

describe('unseen: open tables', () => {
  it('reads justified lines filling a wrapped label column as that column', async () => {
    const size = 11;
    const left = 57;
    const note = [['valores', 'estão', 'em', 'mil-'], ['hares,', 'salvo', 'indicação.']];
    const firsts = [['Cursos', 'de', 'formação', 'Os'], ['Peças', 'de', 'reposição', 'Os'], ['Peças', 'de', 'reposição', 'y'], note[0]!];
    // Every justified line's spaces over the phrase gap (0.75 em): its words stand as phrases apart.
    const right = left + Math.max(...firsts.map((ws) => ws.reduce((w, word) => w + textWidth(word, size), 0) + 3 * 0.85 * size));
    const figures: ColumnSpec[] = [{ x: 250, align: 'right' }, { x: 310, align: 'right' }, { x: 360, align: 'right' }];
    const texts: TextSpec[] = [];
    let y = before.next + 30;
    // A label cell's lines, all but its last justified to the column's width.
    const cell = (lines: string[][]) =>
      lines.flatMap((words, k) => (k < lines.length - 1 ? justifiedLine(words, left, y + k * 14, right - left, size) : [{ text: words.join(' '), x: left, y: y + k * 14, size }]));
    const row = (label: string[][], values: string[]) => {
      texts.push(...cell(label));
      values.forEach((v, c) => texts.push({ text: v, x: figures[c]!.x, y, size, align: figures[c]!.align }));
      y += label.length * 14 + 2;
    };
    row([['Descrição']], ['Pessoas', 'Peso (kg)', 'Horas']);
    row([['Cursos', 'de', 'formação']], ['812', '779,0', '606,4']);
    row([firsts[0]!, ...note], ['173.339', '731,7', '863,13']);
    row([['Peças', 'de', 'reposição', 'y'], ['otros', 'conceptos']], ['178', '133,4', '392,3']);
    row([['Região', 'norte']], ['420', '183,8', '169,4']);
    row([firsts[1]!, ...note], ['24.134', '7,2', '495,74']);
    row([['Laboratório']], ['178', '133,4', '392,3']);
    const tables = await tablesOf([...before.texts, ...texts]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual([
      ['Descrição', 'Pessoas', 'Peso (kg)', 'Horas'],
      ['Cursos de formação', '812', '779,0', '606,4'],
      ['Cursos de formação Os valores estão em milhares, salvo indicação.', '173.339', '731,7', '863,13'],
      ['Peças de reposição y otros conceptos', '178', '133,4', '392,3'],
      ['Região norte', '420', '183,8', '169,4'],
      ['Peças de reposição Os valores estão em milhares, salvo indicação.', '24.134', '7,2', '495,74'],
      ['Laboratório', '178', '133,4', '392,3'],
    ]);
  });

  it('ends an amount at its sign when a share follows a padding away', async () => {
    const columns: ColumnSpec[] = [{ x: 59 }, { x: 315, align: 'right' }, { x: 369.5, align: 'right' }, { x: 401.3, align: 'right' }, { x: 410 }];
    const rows = [
      ['Descrizione', 'Numero', 'Prezzo', 'Quota', 'Categoria'],
      ['Regione nord', '876', '66.563,51 €', '62,8%', 'Squadra esterna'],
      ['Assistenza clienti', '5.538', '39.700,05 €', '', 'Ufficio sud'],
      ['Consulenze', '219', '24.026,98 €', '58,5%', 'Cancelleria'],
      ['Ricambi', '217.365', '10.047,62 €', '80,1%', ''],
      ['Vendite online', '92.819', '53.036,14 €', '67,0%', 'Vendite online'],
      ['Magazzino', '306', '28.732,75 €', '95,5%', 'Laboratorio'],
    ];
    const table = unruledTable(columns, rows, before.next + 20, { size: SIZE, pitch: 15 });
    const tables = await tablesOf([...before.texts, ...table.texts]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(rows);
  });

  it('starts a row at a code under a code where rows are set as tight as lines', async () => {
    const columns: ColumnSpec[] = [{ x: 57 }, { x: 187 }, { x: 284, align: 'right' }];
    const rows = [
      ['Description', 'ID', 'Amount'],
      ['South office', 'CX-3622', '$76,386.06'],
      ['Spare parts', 'CX-6808', '$12,019.57'],
      ['Training courses y otros\nconceptos', 'B-7203', '$67,460.24'],
      ['Consulting fees', 'A-4417', '$6,479.57'],
      ['Laboratory', 'A-6808', ''],
      ['Online sales', 'R-9532', '$46,790.12'],
      ['North region y otros\nconceptos', '', '$38,591.54'],
      ['Training courses', 'R-9753', '$38,809.99'],
    ];
    const table = unruledTable(columns, rows, before.next + 20, { size: 10, pitch: 13, leading: 13 });
    const tables = await tablesOf([...before.texts, ...table.texts]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(rows.map((r) => r.map((c) => c.replace('\n', ' '))));
  });

  it('gives a header centred over short left-aligned values their column', async () => {
    const size = 8;
    const texts: TextSpec[] = [
      ...[['Labor', 73.2], ['Insumo', 154.7], ['Unidad', 281.3], ['Cantidad', 340.5]].map(([text, x]) => ({ text: text as string, x: x as number, y: 698, size })),
      { text: 'Unitario', x: 410.9, y: 706, size },
      { text: 'Total', x: 497, y: 706, size },
    ];
    const rows = [
      ['Alimentación', 'Sal mineralizada 8%', 'Bulto 40 kg', '49', '$ 137.000', '$ 6.713.000'],
      ['Alimentación', 'Concentrado', 'Bulto 40 kg', '723', '$ 109.000', '$ 78.807.000'],
      ['Alimentación', 'Melaza', 'Caneca 250', '20', '$ 310.000', '$ 6.200.000'],
      ['Sanidad', 'Vacuna aftosa', 'Dosis', '145', '$ 4.400', '$ 638.000'],
    ];
    const columns: ColumnSpec[] = [{ x: 46.4 }, { x: 129.8 }, { x: 270.1 }, { x: 327.1 }, { x: 431, align: 'right' }, { x: 510.6, align: 'right' }];
    const body = unruledTable(columns, rows, 723, { size, pitch: 16.7 });
    const tables = await tablesOf([...before.texts, ...texts, ...body.texts]);
    expect(tables).toHaveLength(1);
    const header = tables[0]!.rows.find((r) => r.includes('Cantidad'))!;
    expect(header.indexOf('Cantidad')).toBe(tables[0]!.rows.find((r) => r.includes('49'))!.indexOf('49'));
  });

  it('reads a dash a space after an amount as the next cell', async () => {
    const size = 10;
    const header = ['N° cuota', 'Fecha', 'Saldo inicial', 'Capital', 'Intereses', 'Valor cuota', 'Saldo final'];
    const xs = [36, 90, 146, 208.6, 266, 326, 386];
    const row = ['1', '01/06/2025', '142.100.000', '-', '5.504.920', '5.504.920', '142.100.000'];
    const texts: TextSpec[] = [
      ...header.map((text, c) => ({ text, x: xs[c]! + (c === 0 ? 0 : 6), y: 777.8, size })),
      ...row.map((text, c) => ({ text, x: xs[c]!, y: 795.8, size })),
      { text: 'Página 2 de 4', x: 273.8, y: 823.7, size: 7 },
    ];
    const tables = await tablesOf([...before.texts, ...texts]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows.at(-1)).toEqual(row);
  });

  it('parts two text cells set a little over a word space apart when the header names each', async () => {
    const size = 8;
    const unitAt = 120 + textWidth('Cacao grano seco', size) + 0.7 * size;
    const columns: ColumnSpec[] = [{ x: 120 }, { x: unitAt }, { x: 300, align: 'right' }, { x: 370, align: 'right' }, { x: 460, align: 'right' }];
    const header: TextSpec[] = [
      { text: 'Actividad', x: 130.8, y: 348, size },
      { text: 'Unidad', x: unitAt + 14, y: 348, size },
      ...[['Cantidad', 300], ['Precio unitario', 370], ['Valor total', 460]].map(([text, x]) => ({ text: text as string, x: x as number, y: 348, size, align: 'right' as const })),
    ];
    const rows = ['1,480|$ 25,500|$ 37,740,000', '4,250|$ 26,290|$ 111,732,500', '7,480|$ 27,110|$ 202,782,800', '10,580|$ 27,960|$ 295,816,800'].map((r) => [
      'Cacao grano seco',
      'kg grano seco',
      ...r.split('|'),
    ]);
    const body = unruledTable(columns, rows, 360, { size, pitch: 11 });
    const tables = await tablesOf([...before.texts, ...header, ...body.texts]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual([['Actividad', 'Unidad', 'Cantidad', 'Precio unitario', 'Valor total'], ...rows]);
  });

  it('joins a layout hyphen in a label column set justified throughout', async () => {
    const size = 10;
    const left = 57;
    const width = 118;
    const figures: ColumnSpec[] = [{ x: 235, align: 'right' }, { x: 305, align: 'right' }, { x: 375, align: 'right' }];
    const texts: TextSpec[] = [];
    let y = before.next + 30;
    const row = (label: (string[] | string)[], values: string[]) => {
      label.forEach((line, k) => {
        if (typeof line === 'string') texts.push({ text: line, x: left, y: y + k * 13, size });
        else texts.push(...justifiedLine(line, left, y + k * 13, width, size));
      });
      values.forEach((v, c) => texts.push({ text: v, x: figures[c]!.x, y, size, align: figures[c]!.align }));
      y += label.length * 13 + 1;
    };
    row(['Categoría'], ['Peso (kg)', 'Valor', 'Precio']);
    row([['Ventas', 'en', 'línea', 'La', 'com-'], ['paración', 'con', 'el', 'periodo'], 'anterior se ve'], ['825,1', '$ 17.428,56', '$ 53.842,88']);
    row(['Atención al cliente'], ['120,41', '$ 33.087,73', '$ 81.915,18']);
    row([['Tienda', 'principal', 'del', 'sur', 'El'], ['área', 'financiera', 'puede', 'dar'], 'más detalles'], ['731,00', '$ 75.063,11', '$ 26.590,98']);
    row([['Cursos', 'de', 'formación', 'El'], ['área', 'financiera', 'puede'], 'suministrar'], ['600,1', '$ 42.903,65', '$ 64.922,68']);
    row([['Laboratorio', 'La', 'compara-'], ['ción', 'con', 'el', 'periodo', 'ante-'], 'rior se ve afectada'], ['151,6', '$ 58.712,22', '$ 47.594,67']);
    const tables = await tablesOf([...before.texts, ...texts]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows.map((r) => r[0])).toEqual([
      'Categoría',
      'Ventas en línea La comparación con el periodo anterior se ve',
      'Atención al cliente',
      'Tienda principal del sur El área financiera puede dar más detalles',
      'Cursos de formación El área financiera puede suministrar',
      'Laboratorio La comparación con el periodo anterior se ve afectada',
    ]);
  });

  it('ends a share at its percent sign set a space apart, a text column a space after it', async () => {
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 330, align: 'right' }, { x: 372, align: 'right' }, { x: 374.5 }, { x: 520, align: 'right' }];
    const rows = [
      ['Service', 'Recettes', 'Marge', 'Catégorie', 'Part'],
      ['Réparations et entretien', '61.343,66 €', '26,4 %', 'Formations', '92,0 %'],
      ['Service client', '71.339,45 €', '90,3 %', 'Honoraires de conseil', '52,7 %'],
      ['Ventes en ligne', '51.070,35 €', '69,0 %', 'Région nord', '97,8 %'],
      ['Formations', '18.317,44 €', '9,0 %', 'Magasin principal', '41,9 %'],
      ['Laboratoire', '24.896,73 €', '61,7 %', 'Pièces détachées', '35,9 %'],
      ['Équipe terrain', '27.981,95 €', '39,5 %', 'Transport', '7,9 %'],
    ];
    const table = unruledTable(columns, rows, before.next + 20, { size: SIZE, pitch: 13 });
    const tables = await tablesOf([...before.texts, ...table.texts]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(rows);
  });
});
