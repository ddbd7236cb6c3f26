import { describe, expect, it } from 'vitest';
import { makePdf, type PageSpec } from '../../../tests/fixtures/engine/make-pdf.ts';
import { ruledTable, sheetPage, type RuledTableSpec, type RuleStyle, type SheetTable } from '../../../tests/fixtures/engine/partial-rules.ts';
import { extractPdf, extractRawTables } from '../extract.ts';
import { rowsByTable } from '../rows-by-table.ts';
import type { RawTable } from '../types.ts';

// Tables drawn with only some of their rules (docs/decisions/012-partially-ruled-tables.md): each
// class of rule layout a producer uses, drawn with pdf-lib, read back whole.

const COSTS = [
  ['DESCRIPCIÓN', 'CLASE', 'UNIDAD', 'CANTIDAD', 'VALOR UNITARIO', 'VALOR TOTAL'],
  ['Análisis de suelo', 'Insumo', 'Unidad', '1', '122.000', '122.000'],
  ['Arada', 'Maquinaria', 'Hora', '14', '110.000', '1.540.000'],
  ['Cal dolomita', 'Insumo', 'Bulto 50 kg', '74', '22.500', '1.665.000'],
  ['Aplicación de cal', 'Mano de obra', 'Jornal', '7', '61.000', '427.000'],
  ['TOTAL', '', '', '', '', '3.754.000'],
];
const XS = [60, 180, 250, 320, 380, 460, 540];
const ALIGN: RuledTableSpec['align'] = ['left', 'left', 'left', 'right', 'right', 'right'];

function page(spec: Partial<RuledTableSpec> & { rules: RuleStyle }, title = 'COSTOS DIRECTOS'): PageSpec {
  const t = ruledTable({ xs: XS, y: 120, rows: COSTS, align: ALIGN, ruleAbove: [COSTS.length - 1], ...spec });
  return { texts: [{ text: title, x: 60, y: 100, size: 11 }, ...t.texts], lines: t.lines, rects: t.rects };
}

async function tablesOf(...pages: PageSpec[]): Promise<RawTable[]> {
  return (await extractRawTables(await makePdf(pages))).tables;
}

/** Every non-empty cell has a box, and the box lies in the table's (decision 011). */
function expectSources(t: RawTable): void {
  t.rows.forEach((row, r) =>
    row.forEach((text, c) => {
      if (!text) return;
      const b = t.cells[r]?.[c];
      expect(b, `box of "${text}"`).toBeTruthy();
      expect(b!.x0).toBeGreaterThanOrEqual(t.bbox.x0 - 1);
      expect(b!.x1).toBeLessThanOrEqual(t.bbox.x1 + 1);
    }),
  );
}

describe('partially ruled tables: each rule layout reads as the full grid would', () => {
  const cases: [string, RuleStyle][] = [
    ['a table ruled only between rows', 'rows'],
    ['a table with only its header ruled', 'header'],
    ['a framed table without column rules', 'frame'],
    ['a ruled header over a framed body without column rules', 'header-grid'],
    ['a ruled header over body rows ruled only across', 'header-grid-rows'],
    ['column rules through a body without row rules', 'columns'],
  ];
  it.each(cases)('%s', async (_name, rules) => {
    const tables = await tablesOf(page({ rules, headerAlign: 'left' }));
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual(COSTS);
    expectSources(tables[0]!);
  });

  it('column rules through a short body (three rows) without row rules', async () => {
    const rows = [...COSTS.slice(0, 3), COSTS[5]!];
    const [t] = await tablesOf({ ...page({ rules: 'columns', rows, ruleAbove: [3], headerAlign: 'left' }) });
    expect(t?.method).toBe('lattice');
    expect(t?.rows).toEqual(rows);
  });

  it('a ruled header over a framed body keeps wrapped cells in their row', async () => {
    const rows = [COSTS[0]!, ['Semilla certificada\n(bolsa 60.000 sem.)', 'Insumo', 'Bolsa', '25', '510.000', '12.750.000'], ...COSTS.slice(1)];
    const [t] = await tablesOf(page({ rules: 'header-grid', rows, ruleAbove: [rows.length - 1], headerAlign: 'left' }));
    expect(t?.rows[1]).toEqual(['Semilla certificada (bolsa 60.000 sem.)', 'Insumo', 'Bolsa', '25', '510.000', '12.750.000']);
    expect(t?.rows).toHaveLength(rows.length);
  });

  it('a section row inside a framed body stays whole in the first column', async () => {
    const rows = [COSTS[0]!, ['1. PREPARACIÓN DEL SUELO', '', '', '', '', ''], ...COSTS.slice(1)];
    const [t] = await tablesOf(page({ rules: 'header-grid', rows, ruleAbove: [rows.length - 1], headerAlign: 'left' }));
    expect(t?.rows[1]).toEqual(['1. PREPARACIÓN DEL SUELO', '', '', '', '', '']);
  });
});

describe('fully ruled grids stay as the rules read them', () => {
  it('a ruled row whose cells wrap unevenly (a long name, two phone numbers in one cell) stays one row', async () => {
    const rows = [
      ['N°', 'Nombre', 'Ciudad', 'Teléfono', 'Correo'],
      ['1', 'Mukand Infotel Pvt. Ltd.', 'Guwahati', '09859920400', 'info@mukand.in'],
      ['2', 'Vala Infotech Pvt. Ltd.\n(Now Known as M/s\nFiberpipe Ltd.)', 'Navsari', '09825145505\n09940100119', 'vala@hotmail.com'],
      ['3', 'Edge Telecom Pvt. Ltd.', 'Delhi', '9871553635', 'ajay@edge.biz'],
    ];
    const [t] = await tablesOf({ ...ruledTable({ xs: [60, 90, 230, 310, 400, 540], y: 120, rows, rules: 'all' }) });
    expect(t?.rows).toHaveLength(4);
    expect(t?.rows[2]).toEqual(['2', 'Vala Infotech Pvt. Ltd. (Now Known as M/s Fiberpipe Ltd.)', 'Navsari', '09825145505 09940100119', 'vala@hotmail.com']);
  });

  it('a frame round prose with a ruled heading is not cut into columns', async () => {
    const prose = [
      'El proyecto contempla la renovación de los cultivos afectados por la roya',
      'y la adecuación del beneficiadero; los recursos se destinarán a insumos,',
      'mano de obra y transporte del café hasta el punto de compra.',
    ];
    const t = ruledTable({ xs: [60, 300, 540], y: 120, rows: [['OBSERVACIONES', 'CONCEPTO DEL ASESOR'], [prose.join('\n'), '']], rules: 'header-grid' });
    const tables = await tablesOf({ texts: t.texts, lines: t.lines });
    const split = tables.flatMap((x) => x.rows).filter((r) => r.some((c) => c.startsWith('El proyecto')) && r.filter(Boolean).length > 1);
    expect(split).toEqual([]);
  });
});

describe('word-processor tables', () => {
  it('cells centred against a label wrapped over two lines make one row', async () => {
    const rows = [
      ['CONCEPTO', 'Año 1', 'Año 2', 'Año 3', 'Año 4', 'TOTAL'],
      ['Venta de leche\ncruda', '236.316.300', '294.583.400', '320.001.900', '335.355.000', '1.186.256.600'],
      ['Venta de\nterneros', '31.488.000', '35.644.500', '39.561.200', '43.735.300', '150.429.000'],
      ['Costos directos', '48.318.300', '50.158.000', '52.068.000', '54.050.000', '204.594.300'],
    ];
    for (const rules of ['header', 'header-grid'] as const) {
      const [t] = await tablesOf({ ...ruledTable({ xs: [60, 170, 240, 310, 380, 450, 540], y: 120, rows, rules, middle: true, align: ['left', 'right', 'right', 'right', 'right', 'right'] }) });
      expect(t?.rows.map((r) => r[0]), rules).toEqual(['CONCEPTO', 'Venta de leche cruda', 'Venta de terneros', 'Costos directos']);
      expect(t?.rows[1]?.[1]).toBe('236.316.300');
    }
  });

  it('a header centred over right-aligned numbers names their column', async () => {
    const rows = [
      ['Periodo', 'Fecha pago', 'Capital', 'Intereses', 'Valor cuota'],
      ['1', '23/12/2024', '5.255.399', '2.963.750', '8.219.149'],
      ['2', '23/01/2025', '5.321.091', '2.898.058', '8.219.149'],
      ['3', '23/02/2025', '5.387.605', '2.831.544', '8.219.149'],
    ];
    const t = ruledTable({ xs: [80, 140, 250, 340, 430, 540], y: 120, rows, rules: 'header', headerAlign: 'center', align: ['right', 'center', 'right', 'right', 'right'] });
    const [table] = await tablesOf({ texts: t.texts, lines: t.lines });
    expect(table?.rows).toEqual(rows);
  });

  it('a title at the left margin over a centred table is its context', async () => {
    const rows = [['CONCEPTO', 'VALOR'], ['Seguro agropecuario', '391.773'], ['Transporte de insumos', '130.000'], ['TOTAL', '521.773']];
    const t = ruledTable({ xs: [230, 370, 420], y: 130, rows, rules: 'all', align: ['left', 'right'] });
    const [table] = await tablesOf({ texts: [{ text: 'COSTOS INDIRECTOS', x: 60, y: 110, size: 11 }, ...t.texts], lines: t.lines });
    expect(table?.context).toContain('COSTOS INDIRECTOS');
  });

  it('a schedule broken over pages with its heading row repeated keeps every instalment', async () => {
    const header = ['N° cuota', 'Fecha de pago', 'Capital', 'Intereses', 'Valor cuota', 'Saldo'];
    const instalment = (n: number) => [String(n), `15/${String(((n - 1) % 12) + 1).padStart(2, '0')}/2025`, '500.000', String(100_000 - n * 1000), String(600_000 - n * 1000), String(12_000_000 - n * 500_000)];
    const xs = [60, 110, 200, 280, 360, 450, 540];
    const pageOf = (from: number, to: number): PageSpec => {
      const rows = [header, ...Array.from({ length: to - from + 1 }, (_, i) => instalment(from + i))];
      const t = ruledTable({ xs, y: 110, rows, rules: 'header-grid', align: ['right', 'left', 'right', 'right', 'right', 'right'], headerAlign: 'left' });
      return { texts: [{ text: 'TABLA DE AMORTIZACIÓN', x: 60, y: 90, size: 11 }, ...t.texts], lines: t.lines };
    };
    const first = pageOf(1, 12);
    first.texts!.unshift({ text: 'N° Solicitud: 2025000123', x: 60, y: 60, size: 10 });
    const result = await extractPdf(await makePdf([first, pageOf(13, 24)]));
    const rows = rowsByTable(result)['PlanAmortizacionDetalle'] ?? [];
    expect(rows.map((r) => r['numero_cuota'])).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
  });

  it('cash flows on a landscape sheet, rows ruled across under a ruled header', async () => {
    const months = Array.from({ length: 12 }, (_, i) => `Mes ${i + 1}`);
    const xs = [40, 130, ...months.map((_, i) => 180 + i * 50), 800];
    const rows = [
      ['Concepto', ...months, 'Total'],
      ['Venta de café', ...months.map((_, i) => (i % 3 === 2 ? '4.000.000' : '0')), '16.000.000'],
      ['Crédito', '20.000.000', ...months.slice(1).map(() => '0'), '20.000.000'],
      ['Total ingresos', '20.000.000', '0', '4.000.000', ...months.slice(3).map((_, i) => (i % 3 === 2 ? '4.000.000' : '0')), '36.000.000'],
    ];
    const t = ruledTable({ xs, y: 110, rows, rules: 'header-grid-rows', size: 7, align: ['left', ...months.map(() => 'right' as const), 'right'] });
    const spec: PageSpec = { width: 842, height: 595, texts: [{ text: 'INGRESOS OPERACIONALES', x: 40, y: 90, size: 11 }, ...t.texts], lines: t.lines };
    const flows = rowsByTable(await extractPdf(await makePdf([spec])))['IngresosOperacionales'] ?? [];
    expect(flows.filter((r) => r['concepto'] === 'Venta de café')).toHaveLength(12);
    expect(flows.find((r) => r['concepto'] === 'Crédito' && r['periodo'] === 'Mes 1')?.['valor']).toBe(20_000_000);
  });
});

describe('a sheet-wide column grid with borders on some tables', () => {
  const sheet = (rules: RuleStyle[]): SheetTable[] => [
    {
      title: 'RESUMEN PLAN DE AMORTIZACIÓN',
      from: 0,
      to: 4,
      rules: rules[0]!,
      align: ['left', 'right', 'right', 'right', 'right'],
      rows: [
        ['Año', 'Capital', 'Intereses', 'Total pagado', 'Saldo'],
        ['1', '4.000.000', '1.200.000', '5.200.000', '8.000.000'],
        ['2', '4.000.000', '720.000', '4.720.000', '4.000.000'],
        ['3', '4.000.000', '240.000', '4.240.000', '0'],
        ['TOTAL', '12.000.000', '2.160.000', '14.160.000', ''],
      ],
      ruleAbove: [4],
    },
    {
      title: 'COSTOS INDIRECTOS',
      from: 0,
      to: 2,
      rules: rules[1]!,
      align: ['left', 'right', 'right'],
      rows: [['Concepto', '%', 'Valor'], ['Imprevistos', '3%', '450.000'], ['Asistencia técnica', '2%', '300.000'], ['Seguro agropecuario', '', '210.000'], ['TOTAL COSTOS INDIRECTOS', '', '960.000']],
      ruleAbove: [4],
    },
    {
      title: 'INGRESOS OPERACIONALES',
      from: 0,
      to: 6,
      rules: rules[2]!,
      align: ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
      rows: [
        ['Concepto', 'Año 1', 'Año 2', 'Año 3', 'Año 4', 'Año 5', 'Total'],
        ['Venta de café', '12.000.000', '14.000.000', '15.000.000', '15.500.000', '16.000.000', '72.500.000'],
        ['Venta de plátano', '3.000.000', '3.200.000', '3.300.000', '3.400.000', '3.500.000', '16.400.000'],
        ['Total ingresos', '15.000.000', '17.200.000', '18.300.000', '18.900.000', '19.500.000', '88.900.000'],
      ],
      ruleAbove: [3],
    },
  ];
  const layouts: RuleStyle[][] = [
    ['columns', 'all', 'none'],
    ['header-grid', 'header', 'rows'],
    ['frame', 'none', 'all'],
    ['none', 'header', 'none'],
    ['none', 'rows', 'none'],
    ['header', 'header', 'header'],
    ['rows', 'header-grid-rows', 'columns'],
  ];
  it.each(layouts)('summary %s, indirect costs %s, operating income %s: every row of each', async (...rules) => {
    const spec = sheetPage(sheet(rules));
    spec.texts.unshift({ text: 'SOLICITUD DE CRÉDITO   N° Solicitud: 20250456', x: 40, y: 40, size: 9 });
    const by = rowsByTable(await extractPdf(await makePdf([spec])));
    expect(by['PlanAmortizacionResumen']?.map((r) => r['anio'])).toEqual([1, 2, 3]);
    expect(by['CostosIndirectos']?.map((r) => r['valor'])).toEqual([450_000, 300_000, 210_000]);
    expect(by['IngresosOperacionales']).toHaveLength(10);
  });
});

describe('ruled frames end tables only where their rules close them', () => {
  const other = [
    ['Producto', 'Unidad', 'Cantidad', 'Precio', 'Valor'],
    ['Café pergamino', 'kg', '1.200', '9.500', '11.400.000'],
    ['Plátano', 'Racimo', '300', '12.000', '3.600.000'],
    ['Total', '', '', '', '15.000.000'],
  ];
  const twoTables = (rules: number[], rulesOther: number[]): PageSpec => {
    const a = ruledTable({ xs: XS, y: 120, rows: COSTS, align: ALIGN, headerAlign: 'left', rules: 'none', ruleAbove: rules });
    const b = ruledTable({ xs: [60, 180, 250, 320, 380, 460], y: a.next + 40, rows: other, align: ['left', 'left', 'right', 'right', 'right'], headerAlign: 'left', rules: 'none', ruleAbove: rulesOther });
    return { texts: [{ text: 'COSTOS DIRECTOS', x: 60, y: 100, size: 9 }, ...a.texts, { text: 'INGRESOS DEL PROYECTO', x: 60, y: a.next + 25, size: 9 }, ...b.texts], lines: [...a.lines, ...b.lines] };
  };

  it('a rule over the TOTAL row, none under it, leaves that row to the table', async () => {
    const tables = await tablesOf(twoTables([0, 1, COSTS.length - 1], [0, 1, other.length - 1]));
    expect(tables.map((t) => t.rows.at(-1)?.[0])).toEqual(['TOTAL', 'Total']);
  });

  it('a rule under each header, none else: each table from its header to the next title', async () => {
    for (const rules of [[1], [0, 1]]) {
      const tables = await tablesOf(twoTables(rules, rules));
      expect(tables.map((t) => t.rows), JSON.stringify(rules)).toEqual([COSTS, other]);
      expect(tables[1]?.context).toContain('INGRESOS DEL PROYECTO');
    }
  });
});
