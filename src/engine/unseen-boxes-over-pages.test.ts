import { describe, expect, it } from 'vitest';
import { extractPdf } from './extract.ts';
import { rowsByTable } from './rows-by-table.ts';
import { makePdf, type LineSpec, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';

// Loan terms in a ruled form of boxes, each a small label over its value, three to a row, as a
// word processor lays them out (issue 10, decision 017, a fourth producer). A word processor lets
// a table row break over a page: the row's labels close page 1 and its values open page 2, each
// part in a box of its own. The two parts were two tables; the first read `Tasa de interés` as the
// label `Tasa` with the value `de interés`, the second (no title, no label) was lost.

const XS = [40, 210, 380, 550];

/** One row of boxes from `top` to `bottom`: the ruled frame of each cell and its lines of text. */
function boxRow(top: number, bottom: number, cells: string[][]): { texts: TextSpec[]; lines: LineSpec[] } {
  const texts: TextSpec[] = [];
  const lines: LineSpec[] = [
    { x0: XS[0]!, y0: top, x1: XS[3]!, y1: top, width: 0.5 },
    { x0: XS[0]!, y0: bottom, x1: XS[3]!, y1: bottom, width: 0.5 },
    ...XS.map((x) => ({ x0: x, y0: top, x1: x, y1: bottom, width: 0.5 })),
  ];
  cells.forEach((cell, c) => cell.forEach((text, i) => texts.push({ text, x: XS[c]! + 4, y: top + 10 + i * 11, size: i === 0 && cell.length > 1 ? 6 : 9 })));
  return { texts, lines };
}

describe('unseen: a row of boxes broken over a page', () => {
  it('reads the labels at the foot of one page with the values at the top of the next', async () => {
    const title: TextSpec = { text: 'PLAN DE AMORTIZACIÓN', x: 40, y: 700, size: 12, bold: true };
    const first = boxRow(710, 736, [
      ['Valor del crédito', '$ 237.100.000'],
      ['Plazo (meses)', '36'],
      ['Gracia (meses)', '0'],
    ]);
    const labels = boxRow(736, 752, [['Forma de pago'], ['Tasa de interés'], ['Sistema']].map(([l]) => [l!]));
    // The labels are set at the small size of the boxes' labels, the values at the body's.
    labels.texts.forEach((t) => (t.size = 6));
    const values = boxRow(60, 76, [['Mensual'], ['1,25% M.V.'], ['Cuota fija']]);
    const last = boxRow(76, 102, [['Fecha de desembolso', '23/11/2024'], [''], ['']]);
    const summary: TextSpec[] = [{ text: 'Fin de la solicitud.', x: 40, y: 140, size: 9 }];
    const pdf = await makePdf([
      { texts: [title, ...first.texts, ...labels.texts], lines: [...first.lines, ...labels.lines] },
      { texts: [...values.texts, ...last.texts.filter((t) => t.text), ...summary], lines: [...values.lines, ...last.lines] },
    ]);
    expect(rowsByTable(await extractPdf(pdf)).PlanAmortizacion).toEqual([
      { monto: 237100000, plazo_meses: 36, gracia_meses: 0, periodicidad: 'Mensual', tasa: '1,25% M.V.', tasa_pct: 1.25, sistema: 'Cuota fija', fecha_desembolso: '2024-11-23' },
    ]);
  });

  // The same break with the terms as `Label value` lines under their title: the title and two
  // lines close page 1, the rest open page 2; only page 1's lines were read.
  it('reads label/value lines that go on at the top of the next page', async () => {
    const line = (text: string, y: number): TextSpec => ({ text, x: 40, y, size: 9 });
    const pdf = await makePdf([
      { texts: [{ text: 'Plan de amortización', x: 240, y: 740, size: 11, bold: true }, line('Valor del crédito $ 98.700.000', 758), line('Plazo (meses) 84', 774), { text: 'Página 1', x: 290, y: 815, size: 7 }] },
      {
        texts: [
          line('Periodo de gracia 6', 60),
          line('Forma de pago Semestral', 76),
          line('Tasa IBR + 4.70%', 92),
          line('Fecha de desembolso 18/08/2024', 108),
          { text: 'Tabla de amortización', x: 240, y: 140, size: 11, bold: true },
        ],
      },
    ]);
    expect(rowsByTable(await extractPdf(pdf)).PlanAmortizacion).toEqual([
      { monto: 98700000, plazo_meses: 84, gracia_meses: 6, periodicidad: 'Semestral', tasa: 'IBR + 4.70%', fecha_desembolso: '2024-08-18' },
    ]);
  });

  // A borderless form of two pairs a row broken after its first row: that row alone (no table)
  // under the title on page 1, the rest a table of pairs on page 2. The table was read, the first
  // row's pairs (amount and term) were not: lines were read only when no table held the terms.
  it('reads the first row of a form left alone under its title with the rest on the next page', async () => {
    const pairRow = (y: number, cells: string[]): TextSpec[] => cells.map((text, i) => ({ text, x: [40, 180, 320, 460][i]!, y, size: 9 }));
    const pdf = await makePdf([
      { texts: [{ text: 'PLAN DE AMORTIZACIÓN', x: 40, y: 760, size: 11, bold: true }, ...pairRow(778, ['Monto:', '$ 98.700.000', 'Plazo (meses):', '84'])] },
      {
        texts: [
          ...pairRow(60, ['Periodo de gracia:', '6', 'Forma de pago:', 'Semestral']),
          ...pairRow(76, ['Tasa:', 'IBR + 4.70%', 'Fecha de desembolso:', '18/08/2024']),
          { text: 'TABLA DE AMORTIZACIÓN', x: 40, y: 110, size: 11, bold: true },
        ],
      },
    ]);
    expect(rowsByTable(await extractPdf(pdf)).PlanAmortizacion).toEqual([
      { monto: 98700000, plazo_meses: 84, gracia_meses: 6, periodicidad: 'Semestral', tasa: 'IBR + 4.70%', fecha_desembolso: '2024-08-18' },
    ]);
  });
});
