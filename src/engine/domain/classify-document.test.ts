import { describe, expect, it } from 'vitest';
import { page, rawTable } from '../../../tests/fixtures/domain/raw-table.ts';
import { rowsByTable } from '../rows-by-table.ts';
import { classifyDocument } from './classify-document.ts';

const costos = [
  ['TIPO', 'CONCEPTO', 'UNIDAD', 'CANTIDAD', 'COSTO UNITARIO', 'COSTO TOTAL'],
  ['1. PREPARACIÓN Y TRAZADO', '', '', '', '', ''],
  ['Insumo', 'Análisis de suelo', 'Unidad', '1', '118.000', '118.000'],
  ['Insumo', 'Cal dolomita', 'Bulto 50 kg', '53', '17.000', '901.000'],
  ['SUBTOTAL PREPARACIÓN Y TRAZADO', '', '', '', '', '1.019.000'],
  ['2. COSECHA', '', '', '', '', ''],
  ['Mano de obra', 'Recolección', 'Jornal', '46', '77.000', '3.542.000'],
  ['TOTAL', '', '', '', '', '4.600.000'],
];

describe('classifyDocument', () => {
  it('sorts by title and header; section rows fill the group, totals become check sums', () => {
    const doc = classifyDocument([], [rawTable(costos, ['COSTOS DIRECTOS'])]);
    expect(doc.tables[0]!.table).toBe('CostosDirectos');
    expect(rowsByTable(doc).CostosDirectos).toEqual([
      { actividad: '1. PREPARACIÓN Y TRAZADO', concepto: 'Análisis de suelo', tipo: 'Insumo', unidad: 'Unidad', cantidad: 1, valor_unitario: 118000, valor_total: 118000 },
      { actividad: '1. PREPARACIÓN Y TRAZADO', concepto: 'Cal dolomita', tipo: 'Insumo', unidad: 'Bulto 50 kg', cantidad: 53, valor_unitario: 17000, valor_total: 901000 },
      { actividad: '2. COSECHA', concepto: 'Recolección', tipo: 'Mano de obra', unidad: 'Jornal', cantidad: 46, valor_unitario: 77000, valor_total: 3542000 },
    ]);
    const q = doc.tables[0]!.quality;
    expect(q.checkSums.map((s) => [s.label, s.printed, s.computed, s.ok])).toEqual([
      ['SUBTOTAL PREPARACIÓN Y TRAZADO', 1019000, 1019000, true],
      ['TOTAL', 4600000, 4561000, false],
    ]);
    expect(q.warnings).toEqual(['Costos directos, página 1: la fila «TOTAL» imprime 4.600.000 en Valor total, pero las filas leídas suman 4.561.000.']);
    expect(doc.tables[0]!.rows[0]!.source.cells.valor_total!.text).toBe('118.000');
  });

  it('leaves weak or unknown tables as other, never forced', () => {
    const doc = classifyDocument([], [
      rawTable([['Nombre', 'Parentesco', 'Teléfono', 'Municipio'], ['Carmen Rosa Díaz', 'Comercial', '312 916 6336', 'Bogotá']], ['REFERENCIAS']),
      rawTable([['CONCEPTO', 'VALOR'], ['Efectivo y bancos', '$ 2.200.000,00']], ['BALANCE GENERAL RESUMIDO']),
    ]);
    expect(doc.tables.map((t) => t.table)).toEqual(['other', 'other']);
    expect(rowsByTable(doc)).toEqual({});
  });

  it('never takes an untitled applicant block for the loan terms', () => {
    const doc = classifyDocument([], [
      rawTable([
        ['Solicitante', 'Wilson Rojas Rojas', 'Municipio', 'Piendamó'],
        ['Monto solicitado', '$ 375.500.000', 'Plazo', '12 meses'],
        ['Tasa', '11,60% E.A.', 'Fecha de radicación', '19/01/2024'],
      ]),
    ]);
    expect(doc.tables[0]!.table).toBe('other');
    expect(doc.header).toMatchObject({ solicitante: 'Wilson Rojas Rojas', monto_solicitado: 375500000, plazo_meses: 12, fecha_solicitud: '2024-01-19' });
  });

  it('classifies by header alone when there is no title', () => {
    const doc = classifyDocument([], [
      rawTable([
        ['N° CUOTA', 'FECHA', 'SALDO INICIAL', 'ABONO A CAPITAL', 'INTERÉS', 'VALOR CUOTA', 'SALDO'],
        ['1', '14/10/2025', '$ 44.100.000', '$ 3.675.000', '$ 391.870', '$ 4.066.870', '$ 40.425.000'],
      ]),
    ]);
    expect(rowsByTable(doc).PlanAmortizacionDetalle).toEqual([
      { numero_cuota: 1, fecha_pago: '2025-10-14', saldo_inicial: 44100000, capital: 3675000, intereses: 391870, valor_cuota: 4066870, saldo_final: 40425000 },
    ]);
  });

  it('reads the plan block as a four-column key-value table, with the rate as text and number', () => {
    const doc = classifyDocument([], [
      rawTable(
        [
          ['MONTO DEL CRÉDITO', '$ 44.100.000', 'PLAZO', '12 meses'],
          ['PERIODO DE GRACIA', '0 meses', 'FORMA DE PAGO', 'Mensual'],
          ['TASA', '11,20% E.A.', 'SISTEMA DE AMORTIZACIÓN', 'Capital constante'],
          ['FECHA DE DESEMBOLSO', '14/09/2025', 'GARANTÍA', 'Pagaré y codeudor'],
        ],
        ['CONDICIONES DEL CRÉDITO'],
      ),
    ]);
    expect(rowsByTable(doc).PlanAmortizacion).toEqual([
      { monto: 44100000, plazo_meses: 12, gracia_meses: 0, periodicidad: 'Mensual', tasa: '11,20% E.A.', tasa_pct: 11.2, sistema: 'Capital constante', fecha_desembolso: '2025-09-14' },
    ]);
  });

  it('grid-1007: plan terms printed as labels over one row of values', () => {
    const doc = classifyDocument([], [
      rawTable(
        [
          ['MONTO DEL CRÉDITO', 'PLAZO', 'GRACIA (MESES)', 'PERIODICIDAD', 'TASA DE INTERÉS', 'FECHA DE DESEMBOLSO'],
          ['$ 98,700,000', '84 meses', '6', 'Semestral', 'IBR + 4.70%', '18-ago-2024'],
        ],
        ['3. PLAN DE AMORTIZACIÓN'],
      ),
    ]);
    expect(rowsByTable(doc).PlanAmortizacion).toEqual([
      { monto: 98700000, plazo_meses: 84, gracia_meses: 6, periodicidad: 'Semestral', tasa: 'IBR + 4.70%', fecha_desembolso: '2024-08-18' },
    ]);
    expect(doc.quality.numberStyle).toBe('us');
  });

  it('stream-2006: a label cut over two cells still pairs with its value', () => {
    const doc = classifyDocument([], [
      rawTable(
        [
          ['Valor del crédito:', '$ 160.700.000', 'Plazo (meses):', '96'],
          ['Periodo de gracia:', '24 meses', 'Periodicidad de', 'pago: Semestral'],
        ],
        ['Condiciones del crédito'],
      ),
    ]);
    expect(rowsByTable(doc).PlanAmortizacion?.[0]).toMatchObject({ monto: 160700000, plazo_meses: 96, gracia_meses: 24, periodicidad: 'Semestral' });
  });

  it('reads the plan block from plain text lines when no table holds it', () => {
    const p = page([
      [100, [[40, 'CONDICIONES DEL CRÉDITO']]],
      [120, [[40, 'Monto:'], [200, '$ 20.000.000']]],
      [134, [[40, 'Plazo:'], [200, '36 meses']]],
      [148, [[40, 'Tasa:'], [200, 'DTF + 7% E.A.']]],
    ]);
    const doc = classifyDocument([p], []);
    expect(rowsByTable(doc).PlanAmortizacion).toEqual([{ monto: 20000000, plazo_meses: 36, tasa: 'DTF + 7% E.A.' }]);
  });
});
