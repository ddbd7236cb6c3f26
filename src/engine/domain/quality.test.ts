import { describe, expect, it } from 'vitest';
import { rawTable } from '../../../tests/fixtures/domain/raw-table.ts';
import { findTable } from '../../shared/catalog/index.ts';
import { rowsByTable } from '../rows-by-table.ts';
import { checkSumsOf, type SumEvent } from './check-sums.ts';
import { classifyDocument } from './classify-document.ts';
import { combinedConfidence } from './quality.ts';
import { NO_REQUEST_NUMBER } from './warnings.ts';

// Issue 10: a check-sum warning must be true, said once, and each table reports a confidence made
// of signals a reviewer can read (docs/decisions/014-quality-signals.md).

const costos = findTable('CostosDirectos')!;
/** The document's warnings but the missing request number (these fixtures print none). */
const tableWarnings = (doc: ReturnType<typeof classifyDocument>) => doc.quality.warnings.filter((w) => w !== NO_REQUEST_NUMBER);

/** stream-2001's direct costs as the text finder reads them: 13 items on page 1, 1 item and the TOTAL on page 2. */
const page1 = [
  ['', '', '', '', 'COSTO', ''],
  ['Insumo', 'Unidad', 'Cantidad', 'Unitario', 'Total', 'Tipo'],
  ['Preparación y trazado', '', '', '', '', ''],
  ['Análisis de suelo', 'Unidad', '1', '150.000,00', '150.000,00', 'Insumo'],
  ['Rocería y limpieza', 'Jornal', '30', '58.000,00', '1.740.000,00', 'Mano de obra'],
  ['Trazado y ahoyado', 'Jornal', '62', '56.000,00', '3.472.000,00', 'Mano de obra'],
  ['Cal dolomita', 'Bulto 50 kg', '62', '23.500,00', '1.457.000,00', 'Insumo'],
  ['Material vegetal y siembra', '', '', '', '', ''],
  ['Plántulas de mora', 'Unidad', '13.305', '1.550,00', '20.622.750,00', 'Insumo'],
  ['Hidroretenedor', 'kg', '23', '41.000,00', '943.000,00', 'Insumo'],
  ['Fertilización', '', '', '', '', ''],
  ['Abono orgánico compostado', 'Bulto 40 kg', '134', '15.500,00', '2.077.000,00', 'Insumo'],
  ['Fertilizante 15-15-15', 'Bulto 50 kg', '39', '163.000,00', '6.357.000,00', 'Insumo'],
  ['Elementos menores (boro, zinc)', 'kg', '38', '10.000,00', '380.000,00', 'Insumo'],
  ['Sanidad y labores culturales', '', '', '', '', ''],
  ['Podas de formación', 'Jornal', '20', '71.000,00', '1.420.000,00', 'Mano de obra'],
  ['Insecticida biológico', 'Litro', '12', '70.000,00', '840.000,00', 'Insumo'],
  ['Control de arvenses', 'Jornal', '66', '62.000,00', '4.092.000,00', 'Mano de obra'],
  ['Cosecha', '', '', '', '', ''],
  ['Recolección', 'Jornal', '88', '60.000,00', '5.280.000,00', 'Mano de obra'],
];
const first = () => rawTable(page1, ['4. Presupuesto de inversión'], 1, 'stream');

describe('a total of a table continued over two pages', () => {
  it('a total of a table continued over two pages is checked against every page\'s rows', () => {
    // stream-2001: page 2 repeats the two-level header read as one line (`COSTO Total`).
    const next = rawTable(
      [
        ['Insumo', 'Unidad', 'Cantidad', 'Unitario', 'COSTO Total', 'Tipo'],
        ['Transporte', 'Flete', '15', '320.000,00', '4.800.000,00', 'Maquinaria'],
        ['TOTAL COSTOS DIRECTOS', '', '', '', '53.630.750,00', ''],
      ],
      [],
      2,
      'stream',
    );
    const doc = classifyDocument([], [first(), next]);
    const tables = doc.tables.filter((t) => t.table === 'CostosDirectos');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.quality.pages).toEqual([1, 2]);
    expect(rowsByTable(doc).CostosDirectos).toHaveLength(14);
    expect(tables[0]!.quality.checkSums).toEqual([
      { table: 'CostosDirectos', kind: 'column', label: 'TOTAL COSTOS DIRECTOS', page: 2, column: 'valor_total', printed: 53630750, computed: 53630750, ok: true, rows: { from: 0, to: 14 } },
    ]);
    expect(tableWarnings(doc)).toEqual([]);
  });

  it('still holds when the finder could not join the pages (another column count): the rows carry over', () => {
    const next = rawTable(
      [
        ['Insumo', 'Unidad', 'Cantidad', 'Unitario', 'Total', 'Tipo', 'Nota'],
        ['Transporte', 'Flete', '15', '320.000,00', '4.800.000,00', 'Maquinaria', ''],
        ['TOTAL COSTOS DIRECTOS', '', '', '', '53.630.750,00', '', ''],
      ],
      [],
      2,
      'stream',
    );
    const doc = classifyDocument([], [first(), next]);
    const parts = doc.tables.filter((t) => t.table === 'CostosDirectos');
    expect(parts.map((t) => t.quality.pages)).toEqual([[1], [2]]);
    expect(parts[1]!.quality.checkSums).toMatchObject([{ label: 'TOTAL COSTOS DIRECTOS', page: 2, printed: 53630750, computed: 53630750, ok: true }]);
    expect(tableWarnings(doc)).toEqual([]);
  });

  it('a wrong total names the table, the page, the row and both figures, Colombian style', () => {
    const next = rawTable(
      [
        ['Insumo', 'Unidad', 'Cantidad', 'Unitario', 'COSTO Total', 'Tipo'],
        ['Transporte', 'Flete', '15', '320.000,00', '4.800.000,00', 'Maquinaria'],
        ['TOTAL COSTOS DIRECTOS', '', '', '', '53.000.000,00', ''],
      ],
      [],
      2,
      'stream',
    );
    const doc = classifyDocument([], [first(), next]);
    expect(tableWarnings(doc)).toEqual([
      'Costos directos, página 2: la fila «TOTAL COSTOS DIRECTOS» imprime 53.000.000 en Valor total, pero las filas leídas suman 53.630.750.',
    ]);
  });
});

describe('a warning is listed once', () => {
  it('a warning is listed once', () => {
    const wrong = [
      ['CONCEPTO', 'UNIDAD', 'CANTIDAD', 'COSTO UNITARIO', 'COSTO TOTAL'],
      ['Análisis de suelo', 'Unidad', '1', '118.000', '118.000'],
      ['TOTAL', '', '', '', '200.000'],
    ];
    // The same block found twice (two finders overlapping, or a table printed twice).
    const doc = classifyDocument([], [rawTable(wrong, ['COSTOS DIRECTOS']), rawTable(wrong, ['COSTOS DIRECTOS'])]);
    const warning = 'Costos directos, página 1: la fila «TOTAL» imprime 200.000 en Valor total, pero las filas leídas suman 118.000.';
    expect(doc.quality.warnings.filter((w) => w === warning)).toHaveLength(1);
    expect(doc.quality.warnings).toHaveLength(new Set(doc.quality.warnings).size);
    expect(doc.tables[0]!.quality.warnings).toEqual([warning]);
  });
});

describe('cash flows', () => {
  it('writer-4001: concepts wrapped around their figures are read, so TOTAL INGRESOS holds', () => {
    const doc = classifyDocument([], [
      rawTable(
        [
          ['DESCRIPCIÓN', 'Año 1', 'Año 2', 'TOTAL'],
          ['INGRESOS OPERACIONALES', '', '', ''],
          ['Venta de leche', '', '', ''],
          ['', '$ 236,316,300', '$ 294,583,400', '$ 530,899,700'],
          ['cruda', '', '', ''],
          ['Venta de venta de', '', '', ''],
          ['', '$ 31,488,000', '$ 35,644,500', '$ 67,132,500'],
          ['terneros', '', '', ''],
          ['TOTAL INGRESOS', '$ 267,804,300', '$ 330,227,900', '$ 598,032,200'],
          ['SALDO DEL', '', '', ''],
          ['', '$ 162,355,864', '$ 291,286,900', '$ 453,642,764'],
          ['PERIODO', '', '', ''],
        ],
        ['FLUJO DE CAJA'],
      ),
    ]);
    expect(rowsByTable(doc).IngresosOperacionales).toEqual([
      { concepto: 'Venta de leche cruda', periodo: 'Año 1', valor: 236316300 },
      { concepto: 'Venta de leche cruda', periodo: 'Año 2', valor: 294583400 },
      { concepto: 'Venta de venta de terneros', periodo: 'Año 1', valor: 31488000 },
      { concepto: 'Venta de venta de terneros', periodo: 'Año 2', valor: 35644500 },
    ]);
    const q = doc.tables[0]!.quality;
    expect(q.checkSums.every((c) => c.ok)).toBe(true);
    expect(q.checkSums.map((c) => [c.kind, c.label, c.header])).toEqual([
      ['row', 'Venta de leche cruda', 'TOTAL'],
      ['row', 'Venta de venta de terneros', 'TOTAL'],
      ['column', 'TOTAL INGRESOS', 'Año 1'],
      ['column', 'TOTAL INGRESOS', 'Año 2'],
    ]);
    // The joined concept is sourced where both of its lines were printed.
    const concept = doc.tables[0]!.rows[0]!.source.cells.concepto!;
    expect(concept.box!.y0).toBe(100 + 14 * 2);
    expect(concept.box!.y1).toBe(100 + 14 * 5);
  });

  it('a wrong period total says the period', () => {
    const doc = classifyDocument([], [
      rawTable(
        [
          ['Concepto', 'Mes 1', 'Mes 2'],
          ['Venta de mora', '1.000.000', '2.000.000'],
          ['TOTAL INGRESOS', '1.000.000', '2.500.000'],
        ],
        ['INGRESOS OPERACIONALES'],
      ),
    ]);
    expect(tableWarnings(doc)).toEqual([
      'Ingresos operacionales, página 1: la fila «TOTAL INGRESOS» imprime 2.500.000 en Mes 2, pero las filas leídas suman 2.000.000.',
    ]);
  });
});

describe('check sums: which rows a SUBTOTAL and a TOTAL add up', () => {
  const item = (v: number): SumEvent => ({ kind: 'item', values: { valor_total: v } });
  const check = (label: string, v: number, subtotal = /^sub/i.test(label)): SumEvent => ({ kind: 'check', label, subtotal, page: 1, printed: [{ column: 'valor_total', value: v }] });
  const section: SumEvent = { kind: 'section' };
  const verdicts = (events: SumEvent[]) => checkSumsOf(costos, events).map((s) => [s.label, s.computed, s.ok]);

  it('a SUBTOTAL sums its section; the TOTAL the whole table (the sum of the subtotals)', () => {
    expect(verdicts([section, item(100), item(50), check('SUBTOTAL A', 150), section, item(30), check('SUBTOTAL B', 30), check('TOTAL', 180)])).toEqual([
      ['SUBTOTAL A', 150, true],
      ['SUBTOTAL B', 30, true],
      ['TOTAL', 180, true],
    ]);
  });

  it('a SUBTOTAL closing two sections sums both', () => {
    expect(verdicts([section, item(100), section, item(50), check('SUBTOTAL', 150)])).toEqual([['SUBTOTAL', 50, true]]);
  });

  it('section totals printed as `Total …` and a grand total', () => {
    expect(verdicts([section, item(10), item(20), check('Total año 1', 30), section, item(40), check('Total año 2', 40), check('TOTAL', 70)])).toEqual([
      ['Total año 1', 30, true],
      ['Total año 2', 70, true],
      ['TOTAL', 70, true],
    ]);
  });

  it('a TOTAL that agrees with the printed subtotals but not the rows: only the wrong SUBTOTAL is flagged', () => {
    expect(verdicts([item(100), check('SUBTOTAL A', 120), item(30), check('SUBTOTAL B', 30), check('TOTAL', 150)])).toEqual([
      ['SUBTOTAL A', 100, false],
      ['SUBTOTAL B', 30, true],
      ['TOTAL', 130, true],
    ]);
  });

  it('a TOTAL that matches nothing is flagged against the whole table', () => {
    expect(verdicts([item(100), check('SUBTOTAL', 100), item(30), check('TOTAL', 150)])).toEqual([
      ['SUBTOTAL', 100, true],
      ['TOTAL', 130, false],
    ]);
  });

  it('rounding in print is tolerated', () => {
    expect(verdicts([item(1_000_000.4), item(2_000_000.4), check('TOTAL', 3_000_001)])[0]![2]).toBe(true);
  });
});

describe('confidence', () => {
  it('is the mean of the signals that apply', () => {
    expect(combinedConfidence({ title: 1, header: 0.5, types: null, checkSums: null })).toBe(0.75);
    expect(combinedConfidence({ title: 0, header: 1, types: 1, checkSums: 0 })).toBe(0.5);
  });

  it('each table reports its signals, confidence and pages', () => {
    const doc = classifyDocument([], [
      rawTable(
        [
          ['CONCEPTO', 'UNIDAD', 'CANTIDAD', 'COSTO UNITARIO', 'COSTO TOTAL'],
          ['Análisis de suelo', 'Unidad', '1', '118.000', '118.000'],
          ['Cal dolomita', 'Bulto', 'tres', '17.000', '51.000'],
          ['TOTAL', '', '', '', '169.000'],
        ],
        ['COSTOS DIRECTOS'],
      ),
      // No title: sorted by its header alone.
      rawTable([
        ['N° CUOTA', 'FECHA', 'SALDO INICIAL', 'ABONO A CAPITAL', 'INTERÉS', 'VALOR CUOTA', 'SALDO'],
        ['1', '14/10/2025', '$ 44.100.000', '$ 3.675.000', '$ 391.870', '$ 4.066.870', '$ 40.425.000'],
      ]),
      rawTable([['Nombre', 'Parentesco'], ['Carmen Rosa Díaz', 'Comercial']], ['REFERENCIAS']),
    ]);
    const [costs, plan, other] = doc.tables.map((t) => t.quality);
    // 5 of 7 columns (no actividad, no tipo); 6 numeric cells, `tres` did not parse; the total holds.
    expect(costs!.signals).toEqual({ title: 1, header: 0.71, types: 0.83, checkSums: 1 });
    expect(costs!.confidence).toBe(0.89);
    expect(costs!.pages).toEqual([1]);
    expect(plan!.signals).toEqual({ title: 0, header: 1, types: 1, checkSums: null });
    expect(plan!.confidence).toBe(0.67);
    expect(other!).toMatchObject({ table: 'other', confidence: 0 });
  });
});
