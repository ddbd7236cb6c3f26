import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { justifiedLine, makePdf, paragraph, textWidth, unruledTable, type ColumnSpec, type RectSpec, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// Classes of a twelfth batch of general tables (decision 013, ninth session, 2026-12-03), each seen
// on one producer and built here from its geometry alone:
// - a header band of one colour whose fills are cut at every line of its wrapped cells (LibreOffice,
//   `Segundo / semestre` over `Peso / (kg)`): four lines of words were more rows than a header band
//   has, so the band was read as a table of its own and the body as another;
// - words a layout engine hyphenated in a cell (groff: `manten-` over `imiento` at the end of a
//   justified line; `con-` over `fronto` where the document prints `confronto` whole);
// - a cell's line opening a bracket it closes on the next line (`Atención al cliente (phase` over
//   `2)`, groff, rows set as tight as lines): the `2)` was a row of its own;
// - a table set wider than its page (groff): the cell the edge cuts (`Papeler`) is read to its end;
// - narrow spreadsheet columns (LibreOffice): a group heading wrapped in its span (`Segundo` /
//   `semestre`), a date broken wider than any line of its column (`20/11/202` / `1` beside
//   `7 ago 2024`), a lone sign over its amount taking the next column's figure (`$ 646`).

const SIZE = 10;

const justified = (words: string[], x: number, y: number, width: number): TextSpec[] => justifiedLine(words, x, y, width, SIZE);

async function tablesOf(texts: TextSpec[], rects: RectSpec[] = [], width = 842) {
  const res = await extractRawTables(await makePdf([{ width, height: 595, texts, rects }]));
  if (res.status !== 'ok') throw new Error(res.status);
  return res.tables;
}

const before = paragraph('La tabla siguiente resume los resultados del periodo analizado y el confronto con el anterior.', 60, 80, 460, { size: SIZE });

describe('unseen: a header band cut at every line', () => {
  it('reads a one-colour band of four lines of words with the rows under it as one table', async () => {
    const xs = [60, 200, 290, 380, 470, 560];
    const columns: ColumnSpec[] = [{ x: 64 }, ...xs.slice(1).map((x) => ({ x: x + 80, align: 'right' as const }))];
    const header = [
      ['', 'Segundo', '', 'Año anterior', ''],
      ['', 'semestre', '', '', ''],
      ['', '', 'Peso', '', 'Unidades'],
      ['Área', 'Valor', '(kg)', 'Valor 4', 'totales'],
    ];
    const top = before.next + 20;
    const pitch = 1.2 * SIZE;
    // Every cell of every line filled apart, all in one colour, as a spreadsheet fills a band.
    const rects: RectSpec[] = header.flatMap((_, line) =>
      xs.slice(0, -1).map((x, c) => ({ x, y: top + line * pitch, w: xs[c + 1]! - x, h: pitch, fill: [0.2, 0.3, 0.45] as [number, number, number] })),
    );
    const headTexts = header.flatMap((cells, line) =>
      cells.flatMap((text, c) => (text ? [{ text, x: c === 0 ? 64 : xs[c + 1]! - 4, y: top + line * pitch + 0.8 * pitch, size: SIZE, align: c === 0 ? ('left' as const) : ('right' as const) }] : [])),
    );
    const body = [
      ['Equipo de campo', '19.086,66', '477,50', '83.700,85', '458'],
      ['Ventas en línea', '49.636,19', '216,97', '47.699,75', '211.415'],
      ['Atención al cliente', '29.156,13', '301,6', '60.685,45', '138.180'],
      ['Tienda principal', '12.127,07', '886,0', '54.224,95', '216'],
      ['Fletes', '54.254,59', '70,4', '74.257,82', '928'],
    ];
    const rows = unruledTable(
      columns.map((c, i) => (i === 0 ? c : { x: xs[i + 1]! - 4, align: 'right' })),
      body,
      top + header.length * pitch + 1.2 * SIZE,
      { size: SIZE, pitch: 1.8 * SIZE },
    );
    const tables = await tablesOf([...before.texts, ...headTexts, ...rows.texts], rects);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.method).toBe('stream');
    expect(tables[0]!.rows.slice(-body.length)).toEqual(body);
    expect(tables[0]!.rows.slice(0, -body.length).flat().join(' ')).toContain('Año anterior');
  });
});

describe('unseen: words a layout engine hyphenated', () => {
  const columns: ColumnSpec[] = [{ x: 60 }, { x: 330, align: 'right' }];
  const lead = 1.2 * SIZE;

  it('joins a word broken at the end of a justified line, and keeps a hyphen a plain line ends in', async () => {
    const top = before.next + 30;
    const head = unruledTable(columns, [['Descripción', 'Fecha']], top, { size: SIZE, pitch: lead });
    const rows = unruledTable(
      columns,
      [
        ['Cursos de formación', '14 mar 2025'],
        ['Honorarios de asesoría', '07/12/2025'],
        ['', '17/06/2019'],
        ['imiento — revised', ''],
        ['Oficina sur', '2022-03-16'],
        ['Ring-', '05/07/2026'],
        ['ding', ''],
        ['Papelería', '03/11/2025'],
      ],
      head.next,
      { size: SIZE, pitch: lead },
    );
    // The third row's first line, justified across the column as troff sets a filled cell.
    const line = justified(['Reparaciones', 'y', 'manten-'], 60, head.next + 2 * lead, 150);
    const tables = await tablesOf([...before.texts, ...head.texts, ...rows.texts, ...line]);
    expect(tables).toHaveLength(1);
    const cells = tables[0]!.rows.map((r) => r[0]);
    expect(cells).toContain('Reparaciones y mantenimiento — revised');
    expect(cells).toContain('Ring- ding');
  });

  it('joins a hyphenated word the document prints whole elsewhere, and no other', async () => {
    const rows = [
      ['Concepto', 'Monto'],
      ['Negozio principale il con-\nfronto', '3.665,37'],
      ['Magazzino post-\ncosecha', '37.244,93'],
      ['Consulenze', '17.518,62'],
      ['Corsi di formazione', '18.640,04'],
      ['Cancelleria', '2.331,90'],
    ];
    const table = unruledTable(columns, rows, before.next + 30, { size: SIZE, pitch: 1.8 * SIZE });
    const tables = await tablesOf([...before.texts, ...table.texts]);
    expect(tables).toHaveLength(1);
    const cells = tables[0]!.rows.map((r) => r[0]);
    expect(cells).toContain('Negozio principale il confronto');
    expect(cells).toContain('Magazzino post- cosecha');
  });
});

describe('unseen: a bracket closed on the next line', () => {
  it('keeps the line closing the bracket in the cell that opened it', async () => {
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 300, align: 'right' }, { x: 400, align: 'right' }];
    const rows = [
      ['Producto', 'Costo', 'Participación'],
      ['Laboratorio', '49.401,59', '62,8%'],
      ['Atención al cliente (phase\n2)', '65.686,32', '26,4%'],
      ['Papelería', '60.692,31', '55,1%'],
      ['Oficina sur', '37.513,62', '77,7%'],
      ['Fletes', '47.119,85', '16,9%'],
    ];
    // troff sets rows as tight as a cell's lines: nothing but the bracket tells the `2)` goes on.
    const table = unruledTable(columns, rows, before.next + 30, { size: SIZE, pitch: 1.2 * SIZE, leading: 1.2 * SIZE });
    const tables = await tablesOf([...before.texts, ...table.texts]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(rows.map((r) => r.map((c) => c.replace('\n', ' '))));
  });
});

describe('unseen: a table wider than its page', () => {
  it('reads the cells the right edge cuts to their end, and leaves text wholly off the page', async () => {
    const columns: ColumnSpec[] = [{ x: 40 }, { x: 260, align: 'right' }, { x: 290 }];
    const rows = [
      ['Descripción', 'Costo', 'Producto 6'],
      ['Laboratorio', '49.401,59', 'Papelería'],
      ['Atención al cliente', '65.686,32', 'Repuestos'],
      ['Papelería', '60.692,31', 'Oficina sur y otros'],
      ['Oficina sur', '37.513,62', 'Equipo de campo'],
      ['Fletes', '47.119,85', 'Reparaciones'],
    ];
    const intro = paragraph('La tabla siguiente resume los resultados del periodo.', 40, 80, 280, { size: SIZE });
    const table = unruledTable(columns, rows, intro.next + 30, { size: SIZE, pitch: 1.6 * SIZE });
    const slug = { text: 'Prueba 3 de imprenta', x: 400, y: 40, size: SIZE };
    const tables = await tablesOf([...intro.texts, ...table.texts, slug], [], 330);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(rows);
    expect(JSON.stringify(tables)).not.toContain('imprenta');
  });
});

describe('unseen: narrow spreadsheet columns under wrapped group headings', () => {
  it('places a wrapped group heading, joins a date wider than any line of its column and keeps a wrapped sign off the next column', async () => {
    const columns: ColumnSpec[] = [{ x: 60 }, { x: 200, align: 'right' }, { x: 260, align: 'right' }, { x: 340, align: 'right' }, { x: 400, align: 'right' }, { x: 480, align: 'right' }, { x: 540, align: 'right' }];
    const top = before.next + 30;
    const lead = 1.2 * SIZE;
    // Group headings centred over their columns and on the group row's lines: `Segundo semestre`
    // wraps in its span, `Año anterior`, over two columns, sits between its two lines; the header a row below.
    const group: TextSpec[] = [
      { text: 'Segundo', x: 215, y: top, size: SIZE, align: 'center' },
      { text: 'semestre', x: 215, y: top + lead, size: SIZE, align: 'center' },
      { text: 'Año anterior', x: 348, y: top + lead / 2, size: SIZE, align: 'center' },
    ];
    const header = ['Área', 'Valor', 'Peso', 'Valor 4', 'Inicio', 'Ingresos', 'Pedidos'];
    const body = [
      ['Equipo de campo', '19.086,66', '477,50', '83.700,85', '', '67.853,46', '397'],
      ['Ventas en línea', '49.636,19', '216,97', '47.699,75', '20/11/202\n1', '24.152,79', '884'],
      ['Atención al cliente', '29.156,13', '301,6', '60.685,45', '10/03/202\n2', '40.657,77', '223'],
      ['Tienda principal', '17.488,77', '537,51', '9.249,02', '4 jul 2020', '25.704,69', '745'],
      ['Total', '58.446,60', '', '65.387,42', '', '$\n20.030,27', '646'],
    ];
    const table = unruledTable(columns, [header, ...body], top + lead + 2.2 * SIZE, { size: SIZE, pitch: 2.2 * SIZE, leading: lead });
    // The first row's date, a phrase set a little tighter than the figures broken under it are
    // wide once whole: the column's widest line, and narrower than `20/11/2021`.
    const firstRow = top + lead + 2 * 2.2 * SIZE;
    const dateWords = ['7', 'ago', '2024'];
    const gap = 2.66;
    let right = 400;
    const date = dateWords.reverse().map((text) => {
      const x = right - textWidth(text, SIZE);
      right = x - gap;
      return { text, x, y: firstRow, size: SIZE };
    });
    expect(400 - Math.min(...date.map((d) => d.x))).toBeLessThan(textWidth('20/11/2021', SIZE));
    expect(400 - Math.min(...date.map((d) => d.x))).toBeGreaterThan(textWidth('20/11/202', SIZE) + SIZE / 2);
    const tables = await tablesOf([...before.texts, ...group, ...table.texts, ...date]);
    expect(tables).toHaveLength(1);
    const expected = [header, ...body].map((r) => r.map((c) => c.replace(/\n/, c.startsWith('$') ? ' ' : '')));
    expected[1]![4] = '7 ago 2024';
    expect(tables[0]!.rows).toEqual([['', 'Segundo semestre', '', 'Año anterior', '', '', ''], ...expected]);
  });
});
