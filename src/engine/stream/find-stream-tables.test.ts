import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadPages } from '../pdf/load-pages.ts';
import { makePdf, type TextSpec } from '../../../tests/fixtures/engine/make-pdf.ts';
import { findStreamTables } from './find-stream-tables.ts';
import { box, makePage, row } from './test-page.ts';

describe('findStreamTables on built pages', () => {
  it('finds two tables on one page, each with the title above it as context', () => {
    const page = makePage([
      ...row(60, [['2. CULTIVO / PROYECTO', 40]], 12),
      ...row(80, [['Cultivo', 40], ['Hectáreas', 200, 'right'], ['Valor total', 400, 'right']]),
      ...row(95, [['Mora', 40], ['2,4', 200, 'right'], ['57.120.000', 400, 'right']]),
      ...row(110, [['Plátano', 40], ['1,5', 200, 'right'], ['49.350.000', 400, 'right']]),
      ...row(125, [['Total', 40], ['3,9', 200, 'right'], ['106.470.000', 400, 'right']]),
      ...row(160, [['3. SEMOVIENTES', 40]], 12),
      ...row(180, [['Especie', 40], ['Raza', 150], ['Cantidad', 400, 'right']]),
      ...row(195, [['Bovino', 40], ['Normando', 150], ['27', 400, 'right']]),
      ...row(210, [['Equino', 40], ['Criollo', 150], ['3', 400, 'right']]),
    ]);
    const tables = findStreamTables(page, []);
    expect(tables.map((t) => t.rows)).toEqual([
      [
        ['Cultivo', 'Hectáreas', 'Valor total'],
        ['Mora', '2,4', '57.120.000'],
        ['Plátano', '1,5', '49.350.000'],
        ['Total', '3,9', '106.470.000'],
      ],
      [
        ['Especie', 'Raza', 'Cantidad'],
        ['Bovino', 'Normando', '27'],
        ['Equino', 'Criollo', '3'],
      ],
    ]);
    expect(tables.map((t) => t.context.at(-1))).toEqual(['2. CULTIVO / PROYECTO', '3. SEMOVIENTES']);
    expect(tables.every((t) => t.method === 'stream' && t.confidence > 0 && t.confidence <= 1)).toBe(true);
  });

  it('takes no table out of prose paragraphs', () => {
    const sentence = 'Proyecto viable técnica y financieramente se recomienda aprobar el crédito solicitado';
    const page = makePage([100, 114, 128, 142].flatMap((y) => row(y, [[sentence, 40]])));
    expect(findStreamTables(page, [])).toEqual([]);
  });

  it('takes no table out of two lines of two blocks (signatures)', () => {
    const page = makePage([
      ...row(700, [['Firma del solicitante', 80], ['Firma del asesor', 350]]),
      ...row(712, [['C.C. 45.812.966', 80], ['Téc. Marlene Sánchez', 350]]),
    ]);
    expect(findStreamTables(page, [])).toEqual([]);
  });

  it('gives a key-value block as a four-column table', () => {
    const page = makePage([
      ...row(100, [['Monto solicitado:', 40], ['$ 33.500.000,00', 150], ['Plazo:', 320], ['72 meses', 400]]),
      ...row(115, [['Garantía:', 40], ['Prenda', 150], ['Fecha:', 320], ['08-06-2024', 400]]),
      ...row(130, [['Línea de crédito:', 40], ['Inversión', 150], ['Tasa:', 320], ['12,20% E.A.', 400]]),
    ]);
    const [table] = findStreamTables(page, []);
    expect(table?.rows[0]).toEqual(['Monto solicitado:', '$ 33.500.000,00', 'Plazo:', '72 meses']);
  });

  it('leaves the text inside excluded boxes alone', () => {
    const rows = [100, 115, 130, 145].flatMap((y, i) => row(y, [[`Fila ${i}`, 40], [`${i}`, 200, 'right']]));
    expect(findStreamTables(makePage(rows), [box(0, 0, 600, 800)])).toEqual([]);
    expect(findStreamTables(makePage(rows), [])).toHaveLength(1);
  });
});

describe('findStreamTables on a generated PDF', () => {
  it('reads columns of left text and right-aligned amounts drawn with pdf-lib', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const right = (text: string, x: number, y: number): TextSpec => ({ text, x: x - font.widthOfTextAtSize(text, 9), y, size: 9 });
    const data: Array<[string, string, string]> = [
      ['Análisis de suelo', '1', '150.000,00'],
      ['Rocería y limpieza', '30', '1.740.000,00'],
      ['Trazado y ahoyado', '62', '3.472.000,00'],
    ];
    const texts: TextSpec[] = [
      { text: 'Insumo', x: 50, y: 100, size: 9 },
      right('Cantidad', 260, 100),
      right('Total', 400, 100),
      ...data.flatMap(([a, b, c], i) => [{ text: a, x: 50, y: 115 + 15 * i, size: 9 }, right(b, 260, 115 + 15 * i), right(c, 400, 115 + 15 * i)]),
    ];
    const { pages } = await loadPages(await makePdf([{ texts }]));
    const [table] = findStreamTables(pages[0]!, []);
    expect(table?.rows).toEqual([['Insumo', 'Cantidad', 'Total'], ...data]);
  });
});
