import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { gridSpec, makePdf, unruledTable, type PageSpec } from '../../tests/fixtures/engine/make-pdf.ts';
import { ENGINE_MESSAGES } from '../shared/messages/engine.ts';
import { extractPdf, extractRawTables } from './extract.ts';
import { SettingsError } from './settings.ts';

const XS = [50, 150, 250, 350];
const YS = [100, 120, 140, 160];

async function rawRows(pages: PageSpec[]): Promise<string[][][]> {
  const r = await extractRawTables(await makePdf(pages));
  expect(r.status).toBe('ok');
  return r.tables.map((t) => t.rows);
}

describe('extractRawTables on drawn PDFs', () => {
  it('reads a 3×3 ruled grid', async () => {
    const cells = [
      ['Cultivo', 'Área', 'Etapa'],
      ['Café', '2,5', 'Producción'],
      ['Plátano', '1', 'Siembra'],
    ];
    expect(await rawRows([gridSpec(XS, YS, cells)])).toEqual([cells]);
  });

  it('keeps a spanning header at its top-left position', async () => {
    const spec = gridSpec(XS, YS, [
      ['Concepto', 'VALOR', null],
      [null, 'UNITARIO', 'TOTAL'],
      ['Urea', '10', '20'],
    ]);
    // Remove the vertical rule between the two VALOR columns in the first row.
    spec.lines = (spec.lines ?? []).filter((l) => !(l.x0 === 250 && l.x1 === 250));
    spec.lines.push({ x0: 250, y0: 120, x1: 250, y1: 160 });
    expect(await rawRows([spec])).toEqual([
      [
        ['Concepto', 'VALOR', ''],
        ['', 'UNITARIO', 'TOTAL'],
        ['Urea', '10', '20'],
      ],
    ]);
  });

  it('finds two ruled tables on one page, top to bottom', async () => {
    const a = gridSpec([50, 150, 250], [100, 120, 140], [['a1', 'a2'], ['a3', 'a4']]);
    const b = gridSpec([50, 150, 250], [400, 420, 440], [['b1', 'b2'], ['b3', 'b4']]);
    const tables = await rawRows([{ lines: [...(a.lines ?? []), ...(b.lines ?? [])], texts: [...(a.texts ?? []), ...(b.texts ?? [])] }]);
    expect(tables.map((t) => t[0]?.[0])).toEqual(['a1', 'b1']);
  });

  it('reads rules drawn as thin filled rectangles', async () => {
    const rects = [
      ...YS.map((y) => ({ x: 50, y, w: 300, h: 0.6 })),
      ...XS.map((x) => ({ x, y: 100, w: 0.6, h: 60.6 })),
    ];
    const { texts } = gridSpec(XS, YS, [['x', 'y', 'z'], ['1', '2', '3'], ['4', '5', '6']]);
    expect(await rawRows([{ rects, texts }])).toEqual([
      [
        ['x', 'y', 'z'],
        ['1', '2', '3'],
        ['4', '5', '6'],
      ],
    ]);
  });

  it('does not take a ruled frame around prose as a table', async () => {
    const prose = 'Declaro que la información suministrada es verídica y autorizo su verificación';
    const spec = gridSpec([50, 550], [100, 140, 180], [[prose], [prose]]);
    const tables = await rawRows([spec]);
    expect(tables.every((t) => t.length > 0 && t.flat().join(' ') !== `${prose} ${prose}`)).toBe(true);
    expect(tables.filter((t) => t.length === 2 && t[0]?.length === 1)).toEqual([]);
  });

  it('reads a table on a rotated page upright', async () => {
    const grid = gridSpec(XS, YS, [['h1', 'h2', 'h3'], ['1', '2', '3'], ['4', '5', '6']]);
    // Draw the grid in the rotated frame: PDF x = viewer y, PDF y = viewer x (page /Rotate 90).
    const lines = (grid.lines ?? []).map((l) => ({ x0: l.y0, y0: 842 - l.x0, x1: l.y1, y1: 842 - l.x1 }));
    const texts = (grid.texts ?? []).map((t) => ({ ...t, x: t.y - 3, y: 842 - t.x, rotate: 90 }));
    expect(await rawRows([{ rotate: 90, lines, texts }])).toEqual([
      [
        ['h1', 'h2', 'h3'],
        ['1', '2', '3'],
        ['4', '5', '6'],
      ],
    ]);
  });
});

describe('extractPdf statuses', () => {
  it('answers invalid for bytes that are not a PDF', async () => {
    const r = await extractPdf(new TextEncoder().encode('hola, no soy un PDF'));
    expect(r).toMatchObject({ status: 'invalid', message: ENGINE_MESSAGES.invalid, tables: [] });
  });

  it('answers no_text for a PDF whose pages carry no text', async () => {
    const r = await extractPdf(await makePdf([gridSpec(XS, YS, [])]));
    expect(r).toMatchObject({ status: 'no_text', message: ENGINE_MESSAGES.no_text, pages: 1 });
  });

  it('answers aborted when the signal fires between pages', async () => {
    const bytes = await makePdf([gridSpec(XS, YS, [['a']]), gridSpec(XS, YS, [['b']]), gridSpec(XS, YS, [['c']])]);
    const ctrl = new AbortController();
    const r = await extractPdf(bytes, { signal: ctrl.signal, onProgress: (done) => done === 1 && ctrl.abort() });
    expect(r).toMatchObject({ status: 'aborted', message: ENGINE_MESSAGES.aborted });
  });

  it('reports progress for every page and an ok result', async () => {
    const bytes = await makePdf([gridSpec(XS, YS, [['a', 'b', 'c']]), gridSpec(XS, YS, [['d', 'e', 'f']])]);
    const seen: number[] = [];
    const r = await extractPdf(bytes, { onProgress: (done, total) => seen.push(done * 10 + total) });
    expect(r.status).toBe('ok');
    expect(r.pages).toBe(2);
    expect(seen).toEqual([2, 12, 22]);
    expect(r.tables.map((t) => t.raw.rows[0])).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ]);
  });
});

describe('regions that a grid reads badly go to the stream finder', () => {
  it('regression camelot 12s0324: a header grid over unruled rows is not one stacked lattice row', async () => {
    // Rules: a header box with column dividers, then only a bottom rule; the body rows are unruled.
    const lines = [
      { x0: 50, y0: 100, x1: 350, y1: 100 },
      { x0: 50, y0: 120, x1: 350, y1: 120 },
      { x0: 50, y0: 260, x1: 350, y1: 260 },
      ...[50, 150, 250, 350].map((x) => ({ x0: x, y0: 100, x1: x, y1: 260 })),
    ];
    const texts = [
      { text: 'Delito', x: 53, y: 113 },
      { text: 'Total', x: 153, y: 113 },
      { text: 'Menores', x: 253, y: 113 },
      ...Array.from({ length: 6 }, (_, i) => [
        { text: `Fila ${i}`, x: 53, y: 140 + i * 20 },
        { text: `${100 + i}`, x: 153, y: 140 + i * 20 },
        { text: `${10 + i}`, x: 253, y: 140 + i * 20 },
      ]).flat(),
    ];
    const r = await extractRawTables(await makePdf([{ lines, texts }]));
    const biggest = r.tables.reduce((m, t) => Math.max(m, t.rows.length), 0);
    expect(biggest).toBeGreaterThanOrEqual(6);
    expect(r.tables.some((t) => t.rows.some((row) => row.some((c) => c.includes('Fila 0 Fila 1'))))).toBe(false);
  });
});

describe('grids drawn as shaded cells', () => {
  it('reads a table whose cells are filled boxes separated by white gaps', async () => {
    const rects = [];
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        rects.push({ x: 50 + c * 100, y: 100 + r * 20, w: 99, h: 19, fill: [0.85, 0.9, 1] as [number, number, number] });
      }
    }
    const { texts } = gridSpec(XS, YS, [['Año', 'Capital', 'Saldo'], ['1', '100', '900'], ['2', '200', '700']]);
    const r = await extractRawTables(await makePdf([{ rects, texts }]));
    expect(r.tables.map((t) => [t.method, t.rows])).toEqual([
      [
        'lattice',
        [
          ['Año', 'Capital', 'Saldo'],
          ['1', '100', '900'],
          ['2', '200', '700'],
        ],
      ],
    ]);
  });
});

describe('content inside form XObjects', () => {
  it('places a grid drawn inside a scaled, moved form where the page shows it', async () => {
    const cells = [
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
      ['g', 'h', 'i'],
    ];
    const inner = await PDFDocument.load(await makePdf([gridSpec(XS, YS, cells)]));
    const outer = await PDFDocument.create();
    const [form] = await outer.embedPdf(inner, [0]);
    if (!form) throw new Error('embedPdf gave no page');
    outer.addPage([595, 842]).drawPage(form, { x: 100, y: 0, xScale: 0.5, yScale: 0.5 });
    const r = await extractRawTables(await outer.save());
    expect(r.tables.map((t) => t.rows)).toEqual([cells]);
    const bbox = r.tables[0]?.bbox;
    // x: 100 + 0.5·50 = 125; y from the top: 842 − 0.5·(842 − 100) = 471.
    expect(bbox?.x0).toBeCloseTo(125, 0);
    expect(bbox?.y0).toBeCloseTo(471, 0);
  });
});

describe('settings change what the engine finds (src/engine/settings.ts)', () => {
  it('lattice.minRows: a two-row grid is a table by default, not when three rows are asked for', async () => {
    const bytes = await makePdf([gridSpec(XS, [100, 120, 140], [['Cultivo', 'Área', 'Etapa'], ['Café', '2,5', 'Producción']])]);
    expect((await extractRawTables(bytes)).tables.map((t) => t.method)).toEqual(['lattice']);
    expect((await extractRawTables(bytes, { settings: { lattice: { minRows: 3 } } })).tables).toEqual([]);
  });

  it('stream.regionGapEm: a wider gap than the setting splits an unruled table, a narrower one does not', async () => {
    const columns = [{ x: 60 }, { x: 260, align: 'right' as const }, { x: 360, align: 'right' as const }];
    const rows = (from: number) => [1, 2, 3, 4].map((i) => [`Insumo ${from + i}`, `${from + i}.000`, `${from + i}0`]);
    const top = unruledTable(columns, rows(0), 100);
    // The second block starts about three lines (27 pt at 9 pt type) under the first one's last row.
    const bottom = unruledTable(columns, rows(4), top.next + 27);
    const bytes = await makePdf([{ texts: [...top.texts, ...bottom.texts] }]);
    expect((await extractRawTables(bytes)).tables.map((t) => t.rows.length)).toEqual([4, 4]);
    const joined = await extractRawTables(bytes, { settings: { stream: { regionGapEm: 5 } } });
    expect(joined.tables.map((t) => t.rows.length)).toEqual([8]);
  });

  it('lines.sameLineEm: words half a size apart vertically are two lines of a cell, or one line', async () => {
    const spec = gridSpec(XS, YS, [['Cultivo', 'Área', 'Etapa'], ['Café', null, 'Producción'], ['Plátano', '1', 'Siembra']]);
    // "(ha)" set 4.5 pt (half its 9 pt size) above "2,5", to its right.
    spec.texts!.push({ text: '2,5', x: 153, y: 133, size: 9 }, { text: '(ha)', x: 175, y: 128.5, size: 9 });
    const bytes = await makePdf([spec]);
    expect((await extractRawTables(bytes)).tables[0]!.rows[1]![1]).toBe('(ha) 2,5');
    const wide = await extractRawTables(bytes, { settings: { lines: { sameLineEm: 0.6 } } });
    expect(wide.tables[0]!.rows[1]![1]).toBe('2,5 (ha)');
  });

  it('refuses a bad setting before reading the document', async () => {
    await expect(extractPdf(new Uint8Array(), { settings: { stream: { regionGapEm: -1 } } })).rejects.toThrow(SettingsError);
    await expect(extractRawTables(new Uint8Array(), { settings: { stream: { foo: 1 } } as never })).rejects.toThrow('Ajuste desconocido: stream.foo');
  });
});
