import { describe, expect, it } from 'vitest';
import { chunksToLines } from '../text/chunks-to-lines.ts';
import { foldCentredLines, isCentredPair } from './centred-lines.ts';
import { DEFAULT_SETTINGS } from '../settings.ts';
import { findStreamTables } from './find-stream-tables.ts';
import { makePage, row } from './test-page.ts';

const s = DEFAULT_SETTINGS.stream;
const lineSettings = DEFAULT_SETTINGS.lines;

/** A label over two lines, the row's values centred half a line below its first line. */
function centredRow(y: number, label: [string, string], values: string[]) {
  return [
    ...row(y, [[label[0], 50]]),
    ...row(y + 5.5, values.map((v, i) => [v, 230 + i * 90, 'right'] as [string, number, 'right'])),
    ...row(y + 11, [[label[1], 50]]),
  ];
}

describe('cells centred against a label wrapped over two lines', () => {
  const chunks = [
    ...row(100, [['Concepto', 50], ['Año 1', 230, 'right'], ['Año 2', 320, 'right'], ['Total', 410, 'right']]),
    ...centredRow(118, ['Venta de leche', 'cruda'], ['236.316', '294.583', '530.899']),
    ...centredRow(145, ['Venta de', 'terneros'], ['31.488', '35.644', '67.132']),
    ...centredRow(172, ['Vacas de', 'descarte'], ['13.912', '16.212', '30.124']),
  ];

  it('sees the parts of one row as one line when reading columns', () => {
    const lines = chunksToLines(chunks, lineSettings);
    expect(isCentredPair(lines[1]!, lines[2]!, s)).toBe(true);
    expect(isCentredPair(lines[3]!, lines[4]!, s)).toBe(false);
    expect(foldCentredLines(lines, s).map((l) => l.phrases.length)).toEqual([4, 5, 5, 5]);
  });

  it('reads each such row as one row with its label whole', () => {
    const [table] = findStreamTables(makePage(chunks), []);
    expect(table?.rows).toEqual([
      ['Concepto', 'Año 1', 'Año 2', 'Total'],
      ['Venta de leche cruda', '236.316', '294.583', '530.899'],
      ['Venta de terneros', '31.488', '35.644', '67.132'],
      ['Vacas de descarte', '13.912', '16.212', '30.124'],
    ]);
  });

  it('keeps the label line above the first row in the table', () => {
    const kv = [
      ...centredRow(100, ['VALOR DEL', 'CRÉDITO'], ['$ 61.100.000', 'PLAZO', '12']),
      ...centredRow(125, ['PERIODO DE', 'GRACIA'], ['0 meses', 'PERIODICIDAD', 'Mensual']),
      ...centredRow(150, ['TASA DE', 'INTERÉS'], ['IBR + 6,2%', 'MODALIDAD', 'Cuota fija']),
    ];
    const [table] = findStreamTables(makePage(kv), []);
    expect(table?.rows[0]?.[0]).toBe('VALOR DEL CRÉDITO');
    expect(table?.rows).toHaveLength(3);
  });
});
