import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { justifiedLine, makePdf, paragraph, textWidth, type LineSpec, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// Classes of an eighteenth batch of general tables (decision 013, twelfth session, 2026-12-04,
// seed 6021), each seen on one producer and built here from its geometry alone:
// - a table ruled between every row whose rules start a hair right of the text (groff: 56.725
//   against 56.692), rows with an empty figure among them: the rule over such a row was not taken
//   as running across it, so the row read as a new table's header and the table fell in three;
// - a row whose label wraps over three lines, centred cells beside it, under a run of rows that
//   leave a column empty (LibreOffice): its label's first line read as a title over rows whose
//   cells sat in the gutters of the last few rows, and the row was cut off as a table of its own;
// - a word hyphenated at the end of a justified cell line that needed little or no stretching
//   (groff: `stat-` / `ed`, spaces 1.2 times the usual; `relat-` / `ed`, plain spaces, the line
//   as full as the column's justified ones): the line did not read as justified, so the hyphen
//   stayed (`relat- ed`).

async function tablesOf(texts: TextSpec[], lines: LineSpec[] = []) {
  const res = await extractRawTables(await makePdf([{ width: 595, height: 842, texts, lines }]));
  if (res.status !== 'ok') throw new Error(res.status);
  return res.tables;
}

describe('unseen: a table ruled between rows, rules starting right of the text', () => {
  it('reads rows with an empty figure as rows, not as new headers', async () => {
    const size = 9;
    const x = [56.69, 160, 383];
    const rows = [
      ['Descripción', 'Producto', 'Cantidad'],
      ['Oficina sur', 'Ventas en línea y otros conceptos', '230.260'],
      ['Fletes', '', '105.449'],
      ['Repuestos', 'Oficina sur', ''],
      ['Bodega central (phase 2)', '', '909'],
      ['Tienda principal', 'Reparaciones y mantenimiento', '576'],
      ['Equipo de campo', 'Repuestos revisados', ''],
      ['Atención al cliente', 'Tienda principal', '76.434'],
      ['Ventas en línea', 'Equipo de campo', '21.430'],
    ];
    const top = 100;
    const pitch = 13;
    const texts: TextSpec[] = [];
    const lines: LineSpec[] = [];
    rows.forEach((row, r) => {
      const y = top + r * pitch;
      row.forEach((text, c) => text && texts.push(c === 2 ? { text, x: x[2]!, y, size, align: 'right' } : { text, x: x[c]!, y, size, bold: r === 0 }));
      // A rule under every row, drawn from a hair right of the text's left edge.
      lines.push({ x0: 56.725, y0: y + 3.5, x1: 385.9, y1: y + 3.5 });
    });
    lines.unshift({ x0: 56.725, y0: top - pitch + 3.5, x1: 385.9, y1: top - pitch + 3.5 });
    const tables = await tablesOf(texts, lines);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows.map((r) => r.join(' | '))).toEqual(rows.map((r) => r.join(' | ')));
  });
});

/**
 * A LibreOffice table whose cells are centred in their rows: each cell's lines sit `LEAD` apart,
 * centred against the row's tallest cell. `right` columns are anchored at their right edge.
 */
function centredRows(columns: { x: number; right?: boolean }[], rows: string[][], top: number, size: number): { texts: TextSpec[]; next: number } {
  const LEAD = 8.7;
  const texts: TextSpec[] = [];
  let y = top;
  for (const row of rows) {
    const tall = Math.max(...row.map((c) => c.split('\n').length));
    row.forEach((cell, c) => {
      if (!cell) return;
      const parts = cell.split('\n');
      const offset = ((tall - parts.length) * LEAD) / 2;
      const col = columns[c]!;
      parts.forEach((text, k) => texts.push({ text, x: col.x, y: y + offset + k * LEAD, size, ...(col.right ? { align: 'right' as const } : {}) }));
    });
    y += tall * LEAD + 4.6;
  }
  return { texts, next: y };
}

describe('unseen: a three-line row under rows that leave columns empty', () => {
  it('keeps the row in its table', async () => {
    const size = 7.5;
    const columns = [{ x: 59 }, { x: 157.4, right: true }, { x: 205.6, right: true }, { x: 253.9, right: true }, { x: 308.9, right: true }, { x: 356.4, right: true }, { x: 396.5, right: true }, { x: 444.7, right: true }, { x: 480.2, right: true }, { x: 484.7 }];
    const rows = [
      ['Produit', 'Nombre', 'Montant', 'Coût', 'Échéance', 'Début', 'Nombre', 'Total', 'Heures', 'Poste'],
      ['Équipe terrain', '', '', '911,08 €', '11 janv.\n2022', '06/12/201\n9', '14', '43.565,54\n€', '104,1', ''],
      ['Formations', '177.265', '10.050,66\n€', '52.261,83\n€', '04/02/2025', '', '127', '1.770,31 €', '667,31', ''],
      ['Région nord', '28.902', '56.563,80\n€', '15.229,78\n€', '2019-07-09', '14/12/202\n2', '201.832', '63.478,69\n€', '295,08', 'Honoraires\nde conseil'],
      ['Formations', '12', '58.719,36\n€', '24.687,17\n€', '', '10/07/202\n4', '', '67.638,66\n€', '81,60', 'Formations\n(phase 2)'],
      ['Équipe terrain', '139.527', '87.510,79\n€', '66.027,41\n€', '14 oct. 2019', '2021-11-\n21', '291', '39.928,80\n€', '614,1', 'Équipe\nterrain'],
      ['Fournitures de\nbureau', '', '4.896,41 €', '28.787,60\n€', '', '', '965', '', '947,87', 'Honoraires\nde conseil'],
      ['Fournitures de\nbureau (phase\n2)', '382', '7.932,30 €', '79.314,70\n€', '27/08/2026', '13/01/202\n0', '219.089', '79.622,55\n€', '529,3', ''],
    ];
    const intro = paragraph('Le tableau suivant résume les résultats de la période étudiée.', 57, 70, 470, { size });
    const table = centredRows(columns, rows, 95, size);
    const note = paragraph('Remarque : les chiffres sont provisoires.', 57, table.next + 4, 470, { size: 6 });
    const tables = await tablesOf([...intro.texts, ...table.texts, ...note.texts]);
    expect(tables).toHaveLength(1);
    const last = tables[0]!.rows[tables[0]!.rows.length - 1]!;
    expect(last[0]).toBe('Fournitures de bureau (phase 2)');
    expect(last).toContain('27/08/2026');
    expect(tables[0]!.rows).toHaveLength(rows.length);
  });
});

describe('unseen: a layout hyphen on a justified line stretched little or not at all', () => {
  const size = 9;
  const label = 61;
  const columns = [{ x: 290, right: true }, { x: 345, right: true }, { x: 400, right: true }];
  const figure = (text: string, c: number, y: number): TextSpec => ({ text, x: columns[c]!.x, y, size, align: 'right' });
  /** A row: its label's lines (each a string set plain, or words justified to `width`) and three figures. */
  function rowAt(y: number, labelLines: (string | string[])[], figures: string[], width: number): TextSpec[] {
    const texts = labelLines.flatMap((line, k): TextSpec[] => (typeof line === 'string' ? [{ text: line, x: label, y: y + 11 * k, size }] : justifiedLine(line, label, y + 11 * k, width, size)));
    return [...texts, ...figures.map((f, c) => figure(f, c, y))];
  }

  it('drops the hyphen of a line whose spaces are all stretched a little alike', async () => {
    const hyphenated = ['shown', 'in', 'thousands', 'unless', 'stat-'];
    const plain = textWidth(hyphenated.join(' '), size);
    // Each of the four spaces 1.25 times a plain one.
    const width = plain + 4 * 0.25 * textWidth(' ', size);
    const header = ['Category', 'Staff', 'Revenue', 'Price'];
    const texts: TextSpec[] = [{ text: header[0]!, x: label, y: 100, size }, ...header.slice(1).map((h, c) => figure(h, c, 100))];
    texts.push(...rowAt(113, ['Spare parts'], ['602', '$23,476.48', '$69,218.21'], width));
    texts.push(...rowAt(126, ['Customer service', hyphenated, 'ed otherwise'], ['178,734', '$41,995.46', '$32,530.10'], width));
    texts.push(...rowAt(161, ['Training courses'], ['186', '$86,945.75', '$47,412.08'], width));
    texts.push(...rowAt(174, ['Field team'], ['95', '$1,204.00', '$9,310.50'], width));
    const tables = await tablesOf(texts);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows[2]![0]).toBe('Customer service shown in thousands unless stated otherwise');
  });

  it('drops the hyphen of a plain line as full as the column’s justified lines', async () => {
    const full = ['Reparaciones', 'y', 'mantenimiento', 'and', 'relat-'];
    // The column is as wide as this line set plain: groff filled it to the edge, no stretch.
    const width = textWidth(full.join(' '), size);
    const header = ['Área', 'Ingresos', 'Unidades', 'Margen'];
    const texts: TextSpec[] = [{ text: header[0]!, x: label, y: 100, size }, ...header.slice(1).map((h, c) => figure(h, c, 100))];
    texts.push(...rowAt(113, ['Repuestos'], ['$ 22.887,47', '171.850', '38,1%'], width));
    texts.push(...rowAt(126, [['Laboratorio', 'y', 'otros', 'conceptos', 'El', 'área', 'fi-'], 'nanciera puede'], ['$ 18.025,90', '50.209', '74,4%'], width));
    texts.push(...rowAt(150, [full, 'ed items'], ['$ 81.242,97', '74.116', '83,6%'], width));
    texts.push(...rowAt(174, [['Papelería', 'El', 'área', 'financiera', 'puede', 'sum-'], 'inistrar'], ['$ 24.683,37', '33.426', '72,3%'], width));
    texts.push(...rowAt(198, ['Oficina sur'], ['$ 9.120,00', '12.400', '51,0%'], width));
    const tables = await tablesOf(texts);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows.map((r) => r[0])).toEqual([
      'Área',
      'Repuestos',
      'Laboratorio y otros conceptos El área financiera puede',
      'Reparaciones y mantenimiento and related items',
      'Papelería El área financiera puede suministrar',
      'Oficina sur',
    ]);
  });
});

// And of a nineteenth (general seed 6022):
// - a label column set justified throughout in rows as tight as lines (groff `T{`), its last row's
//   label going on over two lines that start in capitals (`Consulting fees — revised` over `The
//   following table sum-`): most of the region's word spaces were stretched ones, so the line above
//   did not read as justified against their median, and the label's last lines became a row.
describe('unseen: a justified label column whose stretched spaces outnumber the plain ones', () => {
  it('keeps the last row’s wrapped label in its row', async () => {
    const size = 10;
    const x = 56.7;
    const width = 130;
    const figures = [245, 290, 375, 425, 505];
    const rows: [(string | string[])[], string[]][] = [
      [['Repairs and maintenance'], ['$67,441.48', '59.3%', '121,701', '200,556', '838']],
      [[['Customer', 'service', 'figures', 'in'], ['are', 'shown', 'in', 'thousands', 'un-'], 'less stated otherwise, and'], ['$72,277.14', '31.1%', '9', '137,904', '317']],
      [['South office'], ['$19,315.25', '22.6%', '445', '178,978', '4']],
      [[['Spare', 'parts', 'and', 'the', 'related'], 'items'], ['$88,312.35', '80.6%', '109,888', '99,552', '558']],
      [['Consulting fees'], ['$72,641.84', '50.9%', '93', '234,815', '267']],
      [[['Consulting', 'fees', 'Figures', 'are'], ['shown', 'in', 'thousands', 'unless'], 'stated otherwise, and'], ['$64,307.90', '9.1%', '157,971', '529', '560']],
      [[['Online', 'sales', 'Further', 'details'], ['are', 'available', 'from', 'the', 'fi-'], 'nance'], ['$17,743.08', '89.0%', '75,640', '66,168', '171,693']],
      [['Training courses'], ['$62,804.21', '30.5%', '212,678', '218,180', '975']],
      [[['Consulting', 'fees', '—', 'revised'], ['The', 'following', 'table', 'summa-'], 'rises the'], ['$22,101.86', '81.4%', '325', '133,821', '594']],
    ];
    const texts: TextSpec[] = [{ text: 'Product', x, y: 140, size }];
    ['Revenue', 'Share', 'Staff', 'Count', 'Orders'].forEach((h, c) => texts.push({ text: h, x: figures[c]!, y: 140, size, align: 'right' }));
    let y = 155;
    for (const [label, values] of rows) {
      label.forEach((line, k) => texts.push(...(typeof line === 'string' ? [{ text: line, x, y: y + 13 * k, size }] : justifiedLine(line, x, y + 13 * k, width, size))));
      values.forEach((v, c) => texts.push({ text: v, x: figures[c]!, y, size, align: 'right' }));
      y += 13 * label.length;
    }
    const after = paragraph('Further details are available from the finance department on request.', x, y + 15, 480, { size });
    const tables = await tablesOf([...texts, ...after.texts]);
    expect(tables).toHaveLength(1);
    const labels = tables[0]!.rows.map((r) => r[0]);
    expect(labels).toHaveLength(rows.length + 1);
    expect(labels[labels.length - 1]).toBe('Consulting fees — revised The following table summarises the');
    expect(labels[2]).toBe('Customer service figures in are shown in thousands unless stated otherwise, and');
  });
});

// And of the credit applications drawn with them (Writer `--offset 20301`, writer-26302):
// - an amortisation schedule's title, header and first row at a page's foot, under the sales table
//   and the credit's terms (one phrase a line): one row of values was too few to start a table, so
//   the schedule's header went into the sales table, whose headers then no longer joined their
//   columns (`Valor total` beside its values);
// - a yearly summary under the schedule's last page, narrower than it, one of its columns starting
//   where one of the schedule's does (256 pt against 255.5, cells set left in both): its rows were
//   read as the schedule's.
describe('unseen: a schedule starting at a page’s foot, a narrower summary under it', () => {
  const size = 8;
  const at = (text: string, x: number, y: number, bold = false): TextSpec => ({ text, x, y, size, ...(bold ? { bold } : {}) });
  const scheduleX = [46.4, 113.5, 185.5, 255.5, 335.1, 407, 486.6];
  const scheduleHeader = (y: number): TextSpec[] => [
    at('Fecha de', 125.7, y - 4.7, true),
    ...(
      [
        ['N° cuota', 56.7],
        ['Saldo inicial', 188.9],
        ['Abono a capital', 256.6],
        ['Interés', 351.2],
        ['Cuota total', 418],
        ['Saldo final', 494.1],
      ] as const
    ).map(([h, x]) => at(h, x, y, true)),
    at('pago', 134.9, y + 4.7, true),
  ];
  const scheduleRow = (y: number, n: number): TextSpec[] =>
    [String(n), `14/${String(((n + 8) % 12) + 1).padStart(2, '0')}/2025`, '44.100.000', '3.675.000', '391.870', '4.066.870', '40.425.000'].map((v, c) => at(v, scheduleX[c]!, y));

  it('starts the schedule at its title, however few its rows on the page', async () => {
    const salesX = [46.4, 149.3, 252.3, 344.6, 502.6];
    const texts: TextSpec[] = [at('PROYECCIÓN DE VENTAS', 42.6, 370.8, true)];
    ['Producto', 'Cantidad', 'Precio unitario', 'Valor total', 'Año'].forEach((h, c) => texts.push(at(h, [73.7, 176.8, 260.9, 396, 517.1][c]!, 392.4, true)));
    const products = ['Mora de Castilla', 'Naranja Valencia', 'Arroz paddy verde'];
    for (let r = 0; r < 9; r++) {
      const y = 409.2 + 16.8 * r;
      [products[r % 3]!, String(7000 + 311 * r).replace(/(\d)(\d{3})$/, '$1.$2'), String(830 + 97 * r), `${27 + 9 * r}.887.000`, `Año ${1 + Math.floor(r / 3)}`].forEach((v, c) => texts.push(at(v, salesX[c]!, y)));
    }
    texts.push(at('TOTAL', 46.4, 560.4, true), at('1.185.081.500', 344.6, 560.4, true));
    texts.push(at('CONDICIONES DEL CRÉDITO', 42.6, 574.2, true));
    ['Valor del crédito: 44.100.000', 'Plazo (meses): 12', 'Gracia (meses): 0', 'Periodicidad: Mensual', 'Tasa de interés: 11,20% E.A.', 'Modalidad: Capital constante', 'Fecha de desembolso: 14/09/2025'].forEach((t, k) =>
      texts.push(at(t, 42.6, 591.4 + 17.8 * k)),
    );
    texts.push(at('TABLA DE AMORTIZACIÓN', 42.6, 716, true), ...scheduleHeader(742.3), ...scheduleRow(763.8, 1));
    const tables = await tablesOf(texts);
    const sales = tables.find((t) => t.rows[0]![0] === 'Producto')!;
    expect(sales.rows[0]).toEqual(['Producto', 'Cantidad', 'Precio unitario', 'Valor total', 'Año']);
    expect(sales.rows.flat()).not.toContain('N° cuota');
    const schedule = tables.find((t) => t.rows[0]![0] === 'N° cuota')!;
    expect(schedule.rows).toEqual([
      ['N° cuota', 'Fecha de pago', 'Saldo inicial', 'Abono a capital', 'Interés', 'Cuota total', 'Saldo final'],
      ['1', '14/10/2025', '44.100.000', '3.675.000', '391.870', '4.066.870', '40.425.000'],
    ]);
  });

  it('reads the summary under the schedule as a table of its own', async () => {
    const texts: TextSpec[] = [...scheduleHeader(70.3)];
    for (let n = 2; n <= 12; n++) texts.push(...scheduleRow(91.8 + 16.8 * (n - 2), n));
    texts.push(at('TOTALES', 46.4, 276.7, true), at('44.100.000', 255.5, 276.7, true), at('2.547.153', 335.1, 276.7, true), at('46.647.153', 407, 276.7, true));
    texts.push(at('RESUMEN PLAN DE AMORTIZACIÓN', 42.6, 289.8, true));
    texts.push(at('Total', 210.7, 311.4, true), at('Año', 50.1, 316.1, true), at('Capital', 89.3, 316.1, true), at('Intereses', 142.9, 316.1, true), at('Saldo', 270.3, 316.1, true), at('pagado', 206, 320.8, true));
    const summaryX = [46.4, 78.8, 139.3, 195.7, 256.3];
    ['2025', '11.025.000', '1.077.642', '12.102.642', '33.075.000'].forEach((v, c) => texts.push(at(v, summaryX[c]!, 337.6)));
    ['2026', '33.075.000', '1.469.511', '34.544.511', '0'].forEach((v, c) => texts.push(at(v, summaryX[c]!, 354.4)));
    const tables = await tablesOf(texts);
    const schedule = tables.find((t) => t.rows.flat().includes('TOTALES'))!;
    expect(schedule.rows[schedule.rows.length - 1]).toContain('TOTALES');
    const summary = tables.find((t) => t.rows.some((r) => r[0] === '2025'))!;
    expect(summary).not.toBe(schedule);
    expect(summary.rows.map((r) => r[0])).toEqual(['Año', '2025', '2026']);
  });
});

// And of a twentieth and twenty-first (general seeds 6023 and 6024):
// - a rule over a row with no amount, under a row whose label wraps over three lines, its amount
//   on the first (groff 6024-21): the rule was judged by the line right over it (`by`), which holds
//   no value, so the row read as a new table's header and the table lost its last two rows;
// - a date broken after its month round a one-line label, and a label wrapped round a date, the
//   table's last two rows (LibreOffice 6024-20: `10 mar` / `Cursos de formación` / `2019`): no line
//   of them has two cells, and the broken date was no figure, so the table ended above them and,
//   left with three rows of text and dates, was dropped;
// - in rows set as tight as lines, a row of words only, each cell opening in a capital, under a
//   label's last line (groff 6023-18: `Atendimento ao cliente | Material de escritório` under
//   `ceptos`): joined to the row above.
describe('unseen: rows under wrapped labels, in ruled and in tight tables', () => {
  const size = 9;

  it('keeps a row with no amount under a ruled row whose label wraps', async () => {
    const x = [56.7, 185.4, 227.9, 392.9];
    const rows: [string[], string[]][] = [
      [['Category'], ['ID', 'Product', 'Amount']],
      [['Field team y otros conceptos', 'Comparisons with the previous', 'period are affected by'], ['', 'Office supplies', '$16,627.31']],
      [['Freight'], ['B-2345', 'Freight', '$32,383.00']],
      [['Warehouse'], ['R-1353', '', '$40,136.35']],
      [['North region Comparisons with', 'the previous period are affected', 'by'], ['R-3613', 'Warehouse (phase 2)', '$51,549.30']],
      [['Office supplies'], ['B-3028', 'Customer service', '']],
      [['Total'], ['', '', '$32,758.54']],
    ];
    const texts: TextSpec[] = [];
    const lines: LineSpec[] = [];
    let y = 120;
    lines.push({ x0: 56.725, y0: y - 10, x1: 392.925, y1: y - 10 });
    for (const [label, cells] of rows) {
      label.forEach((t, k) => texts.push({ text: t, x: x[0]!, y: y + 11 * k, size }));
      cells.forEach((t, c) => t && texts.push(c === 2 ? { text: t, x: x[3]!, y, size, align: 'right' } : { text: t, x: x[c + 1]!, y, size }));
      y += 11 * label.length + 2;
      lines.push({ x0: 56.725, y0: y - 10, x1: 392.925, y1: y - 10 });
    }
    const tables = await tablesOf(texts, lines);
    expect(tables).toHaveLength(1);
    const last = tables[0]!.rows.slice(-2).map((r) => r.join(' | '));
    expect(last).toEqual(['Office supplies | B-3028 | Customer service | ', 'Total |  |  | $32,758.54']);
  });

  it('reads a date broken round its row’s label, and a label round its date, as the last rows', async () => {
    const size10 = 10;
    const label = (text: string, y: number): TextSpec => ({ text, x: 59.1, y, size: size10 });
    const date = (text: string, y: number): TextSpec => ({ text, x: 267.4, y, size: size10, align: 'right' });
    const texts: TextSpec[] = [
      ...paragraph('La comparación con el periodo anterior se ve afectada por el cambio de método contable descrito antes.', 56.8, 380, 470, { size: size10 }).texts,
      label('Categoría', 410.4),
      date('Fecha', 410.4),
      label('Papelería — revised', 426.5),
      date('03/07/2019', 426.5),
      label('Atención al cliente — revised', 442.5),
      date('2019-03-02', 442.5),
      date('10 mar', 458.6),
      label('Cursos de formación', 464.3),
      date('2019', 470.1),
      label('Ventas en línea and related', 486.1),
      date('8 dic 2026', 491.9),
      label('items', 497.6),
      ...paragraph('La siguiente tabla resume los resultados del periodo analizado en el informe anual.', 56.8, 525, 470, { size: size10 }).texts,
    ];
    const tables = await tablesOf(texts);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual([
      ['Categoría', 'Fecha'],
      ['Papelería — revised', '03/07/2019'],
      ['Atención al cliente — revised', '2019-03-02'],
      ['Cursos de formación', '10 mar 2019'],
      ['Ventas en línea and related items', '8 dic 2026'],
    ]);
  });

  it('parts a row of words from the wrapped label above it', async () => {
    const x = [56.7, 215, 420, 475];
    const plain = textWidth(' ', size);
    /** Words set with every space `k` times a plain one. */
    const spaced = (words: string[], y: number, k: number): TextSpec[] => {
      let cursor = x[0]!;
      return words.map((text) => {
        const spec = { text, x: cursor, y, size };
        cursor += textWidth(text, size) + k * plain;
        return spec;
      });
    };
    const texts: TextSpec[] = [{ text: 'Descrição', x: x[0]!, y: 100, size }, { text: 'Item', x: x[1]!, y: 100, size }, { text: 'Valor', x: x[2]!, y: 100, size, align: 'right' }, { text: 'Variação', x: x[3]!, y: 100, size, align: 'right' }];
    const row = (y: number, label: TextSpec[], item: string, a: string, b: string) => {
      texts.push(...label);
      if (item) texts.push({ text: item, x: x[1]!, y, size });
      if (a) texts.push({ text: a, x: x[2]!, y, size, align: 'right' });
      if (b) texts.push({ text: b, x: x[3]!, y, size, align: 'right' });
    };
    row(111, spaced(['Frete'], 111, 1), 'Peças de reposição', '', '-428,7');
    row(122, spaced(['Região', 'norte', 'y', 'otros', 'conceptos'], 122, 1), 'Frete', '914,3', '317,02');
    row(133, spaced(['Região', 'norte'], 133, 1), '', '', '');
    // The label column a little wider than that line: groff fills its wrapped lines to the edge.
    const width = textWidth('Região norte y otros conceptos', size) + 4 * 0.4 * plain;
    row(155, justifiedLine(['Frete', 'Os', 'valores', 'estão', 'em'], x[0]!, 155, width, size), 'Laboratório', '427,0', '400,6');
    texts.push({ text: 'milhares', x: x[0]!, y: 166, size });
    row(177, spaced(['Peças', 'de', 'reposição', 'y', 'otros', 'con-'], 177, 1), 'Reparos e manutenção', '431,85', '710,1');
    texts.push({ text: 'ceptos', x: x[0]!, y: 188, size });
    row(199, spaced(['Atendimento', 'ao', 'cliente'], 199, 1), 'Material de escritório', '', '');
    row(210, spaced(['Cursos', 'de', 'formação'], 210, 1), '', '687,4', '578,97');
    const tables = await tablesOf(texts);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows.map((r) => r[0])).toEqual([
      'Descrição',
      'Frete',
      'Região norte y otros conceptos',
      'Região norte',
      'Frete Os valores estão em milhares',
      'Peças de reposição y otros conceptos',
      'Atendimento ao cliente',
      'Cursos de formação',
    ]);
  });
});
