import { describe, expect, it } from 'vitest';
import type { TextChunk } from '../types.ts';
import { rowsByTable } from '../rows-by-table.ts';
import { classifyDocument } from './classify-document.ts';
import type { PageContent } from '../types.ts';

/** Words at exact x ranges on one line: [x0, x1, text]. */
const line = (y: number, words: [number, number, string][]): TextChunk[] =>
  words.map(([x0, x1, text]) => ({ text, x0, x1, y0: y, y1: y + 7, size: 7.5, upright: true }));

describe('plan terms as labels stacked over a row of values', () => {
  it('stream-2004: columns a word-space apart, labels over two lines, right- and left-aligned values', () => {
    const chunks = [
      ...line(180, [[48, 59, '5.'], [65, 126, 'CONDICIONES'], [131, 148, 'DEL'], [153, 192, 'CRÉDITO']]),
      ...line(195, [[71, 92, 'Monto'], [96, 109, 'del'], [115, 136, 'Plazo'], [170, 199, 'Periodo'], [203, 211, 'de'], [220, 243, 'Forma'], [247, 256, 'de'], [270, 287, 'Tasa'], [291, 300, 'de'], [467, 487, 'Línea'], [490, 498, 'de'], [502, 529, 'crédito']]),
      ...line(204, [[82, 109, 'crédito'], [170, 193, 'gracia'], [220, 239, 'pago'], [270, 297, 'interés']]),
      ...line(222, [[51, 55, '$'], [59, 109, '16.400.000,00'], [115, 124, '18'], [128, 150, 'meses'], [170, 174, '3'], [178, 200, 'meses'], [220, 250, 'Mensual'], [270, 291, 'IBR'], [295, 299, '+'], [303, 330, '4,70%'], [467, 492, 'Capital'], [495, 502, 'de'], [506, 530, 'trabajo']]),
    ];
    const page: PageContent = { page: 1, width: 612, height: 792, rotation: 0, chunks, segments: [], fills: [] };
    expect(rowsByTable(classifyDocument([page], [])).PlanAmortizacion).toEqual([
      { monto: 16400000, plazo_meses: 18, gracia_meses: 3, periodicidad: 'Mensual', tasa: 'IBR + 4,70%' },
    ]);
  });
});
