import { describe, expect, it } from 'vitest';
import type { PageContent, RawTable, TextChunk } from '../types.ts';
import { rowsByTable } from '../rows-by-table.ts';
import { classifyDocument } from './classify-document.ts';

// Loan terms as web forms print them (issue 10, an unseen producer): classes, one case each.

/** Words on one line from a start x, a word space apart (about 0.5 em a character at 9 pt). */
function words(y: number, x: number, text: string): TextChunk[] {
  const out: TextChunk[] = [];
  for (const w of text.split(' ')) {
    const x1 = x + w.length * 4.5;
    out.push({ text: w, x0: x, x1, y0: y, y1: y + 9, size: 9, upright: true });
    x = x1 + 2.5;
  }
  return out;
}

const page = (chunks: TextChunk[]): PageContent => ({ page: 1, width: 595, height: 842, rotation: 0, chunks, segments: [], fills: [] });

/** A table as a finder reports it: columns 173 pt apart, rows `pitch` apart, each cell `width` by `height`. */
function boxes(rows: string[][], method: RawTable['method'], [width, height, pitch]: [number, number, number], context: string[] = []): RawTable {
  const bbox = { x0: 40, y0: 100, x1: 560, y1: 190 };
  return {
    page: 1,
    pages: [1],
    bbox,
    rows,
    cells: rows.map((row, r) => row.map((_, c) => ({ x0: 40 + c * 173, y0: 100 + r * pitch, x1: 40 + width + c * 173, y1: 100 + r * pitch + height }))),
    rowPages: rows.map(() => 1),
    pageBoxes: [{ page: 1, bbox }],
    method,
    confidence: 1,
    context,
  };
}

describe('plan terms printed by a web form', () => {
  it('labels run into their values with no colon, two pairs a line', () => {
    const chunks = [
      ...words(100, 40, 'PLAN DE AMORTIZACIÓN'),
      ...words(115, 40, 'Valor del crédito $ 175.000.000'),
      ...words(115, 300, 'Plazo (meses) 96'),
      ...words(128, 40, 'Gracia (meses) 12'),
      ...words(128, 300, 'Forma de pago Semestral'),
      ...words(141, 40, 'Tasa de interés 17,4% E.A.'),
      ...words(141, 300, 'Modalidad Capital constante'),
    ];
    expect(rowsByTable(classifyDocument([page(chunks)], [])).PlanAmortizacion).toEqual([
      { monto: 175000000, plazo_meses: 96, gracia_meses: 12, periodicidad: 'Semestral', tasa: '17,4% E.A.', tasa_pct: 17.4, sistema: 'Capital constante' },
    ]);
  });

  it('labels over values in several rows of boxes, three to a row', () => {
    const chunks = [
      ...words(100, 40, 'PLAN DE AMORTIZACIÓN'),
      ...[40, 220, 400].flatMap((x, i) => words(115, x, ['Valor del crédito', 'Plazo (meses)', 'Periodo de gracia'][i]!)),
      ...[40, 220, 400].flatMap((x, i) => words(126, x, ['$ 16,400,000', '18', '3'][i]!)),
      ...[40, 220, 400].flatMap((x, i) => words(145, x, ['Periodicidad', 'Tasa de interés', 'Modalidad'][i]!)),
      ...[40, 220, 400].flatMap((x, i) => words(156, x, ['Mensual', '1,25% M.V.', 'Cuota fija'][i]!)),
    ];
    expect(rowsByTable(classifyDocument([page(chunks)], [])).PlanAmortizacion).toEqual([
      { monto: 16400000, plazo_meses: 18, gracia_meses: 3, periodicidad: 'Mensual', tasa: '1,25% M.V.', tasa_pct: 1.25, sistema: 'Cuota fija' },
    ]);
  });

  // Class: loan terms as a form of ruled boxes, each its label over its value (draw 700: the
  // terms lost whole). The grid finder reads every box as one cell running the label into its
  // value (`Valor del crédito $ 175.000.000`), which neither a label column nor a label row shows.
  it('labels over values in ruled boxes, read as grid cells', () => {
    const rows = [
      ['Valor del crédito $ 175.000.000', 'Plazo (meses) 96', 'Gracia (meses) 12'],
      ['Periodicidad Semestral', 'Tasa de interés 17,4% E.A.', 'Sistema Capital constante'],
      ['Fecha de desembolso 22/07/2024', '', ''],
    ];
    const raw = boxes(rows, 'lattice', [173, 30, 30]);
    expect(rowsByTable(classifyDocument([page([])], [raw])).PlanAmortizacion).toEqual([
      { monto: 175000000, plazo_meses: 96, gracia_meses: 12, periodicidad: 'Semestral', tasa: '17,4% E.A.', tasa_pct: 17.4, sistema: 'Capital constante', fecha_desembolso: '2024-07-22' },
    ]);
  });

  // Class: labels over values in several rows of boxes, read by the text finder as one table of
  // label rows and value rows (third pass, draws 3000-4000): a row of labels over a row of values
  // was read once, as a grid's header over its body, and the later rows of boxes were lost.
  it('labels over values in several rows of boxes, read as one table', () => {
    const rows = [
      ['Monto', 'Plazo (meses)', 'Gracia (meses)'],
      ['$ 16.400.000', '18', '3'],
      ['Periodicidad', 'Tasa', 'Sistema'],
      ['Mensual', '1,25% M.V.', 'Cuota fija'],
      ['Fecha de desembolso', '', ''],
      ['22/07/2025', '', ''],
    ];
    const raw = boxes(rows, 'stream', [100, 10, 15], ['PLAN DE AMORTIZACIÓN']);
    for (const context of [['PLAN DE AMORTIZACIÓN'], []]) {
      expect(rowsByTable(classifyDocument([page([])], [{ ...raw, context }])).PlanAmortizacion).toEqual([
        { monto: 16400000, plazo_meses: 18, gracia_meses: 3, periodicidad: 'Mensual', tasa: '1,25% M.V.', tasa_pct: 1.25, sistema: 'Cuota fija', fecha_desembolso: '2025-07-22' },
      ]);
    }
  });
});
