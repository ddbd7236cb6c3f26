import { describe, expect, it } from 'vitest';
import type { PageContent, TextChunk } from '../types.ts';
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
});
