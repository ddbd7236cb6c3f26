import { describe, expect, it } from 'vitest';
import { page, rawTable } from '../../../tests/fixtures/domain/raw-table.ts';
import { rowsByTable } from '../rows-by-table.ts';
import { DEFAULT_SETTINGS } from '../settings.ts';
import { classifyDocument } from './classify-document.ts';
import { joinContinuations } from './continuations.ts';
import { findRequestNumber } from './request-number.ts';
import { pageLines } from './page-lines.ts';

describe('wide cash flows', () => {
  it('become long rows per non-empty period cell, Total column excluded', () => {
    const doc = classifyDocument([], [
      rawTable(
        [
          ['Concepto', 'Mes 1', 'Mes', 'Mes 3', 'Total año'],
          ['', '', '2', '', ''],
          ['Venta de mora', '-', '$ -', '2.653.668,00', '2.653.668,00'],
          ['Crédito solicitado', '33.500.000,00', '', '(1.000,00)', '33.499.000,00'],
          ['TOTAL INGRESOS', '33.500.000,00', '-', '2.652.668,00', '36.152.668,00'],
        ],
        ['5. Ingresos operacionales (mensual)'],
      ),
    ]);
    expect(rowsByTable(doc).IngresosOperacionales).toEqual([
      { concepto: 'Venta de mora', periodo: 'Mes 1', valor: 0 },
      { concepto: 'Venta de mora', periodo: 'Mes 2', valor: 0 },
      { concepto: 'Venta de mora', periodo: 'Mes 3', valor: 2653668 },
      { concepto: 'Crédito solicitado', periodo: 'Mes 1', valor: 33500000 },
      { concepto: 'Crédito solicitado', periodo: 'Mes 3', valor: -1000 },
    ]);
    const sums = doc.tables[0]!.quality.checkSums;
    expect(sums.every((s) => s.ok)).toBe(true);
    expect(sums.some((s) => s.label === 'TOTAL INGRESOS' && s.header === 'Mes 3' && s.page === 1)).toBe(true);
  });

  it('split a FLUJO DE CAJA into its INGRESOS and EGRESOS halves; FLUJO NETO and SALDO are not rows', () => {
    const doc = classifyDocument([], [
      rawTable(
        [
          ['Concepto', 'Año 1', 'Año 2', 'TOTAL'],
          ['INGRESOS OPERACIONALES', '', '', ''],
          ['Venta de leche', '$ 34.547.890', '$ 38.941.594', '$ 73.489.484'],
          ['EGRESOS OPERACIONALES', '', '', ''],
          ['Alimento', '$ 1.000.000', '$-', '$ 1.000.000'],
          ['FLUJO NETO', '$ 33.547.890', '$ 38.941.594', ''],
          ['SALDO ACUMULADO', '$ 33.547.890', '$ 72.489.484', ''],
        ],
        ['8. FLUJO DE CAJA'],
      ),
    ]);
    expect(rowsByTable(doc).IngresosOperacionales).toHaveLength(2);
    expect(rowsByTable(doc).EgresosOperacionales).toEqual([
      { concepto: 'Alimento', periodo: 'Año 1', valor: 1000000 },
      { concepto: 'Alimento', periodo: 'Año 2', valor: 0 },
    ]);
  });

  it('is not forced into either half when nothing says which', () => {
    const doc = classifyDocument([], [rawTable([['Concepto', 'Mes 1', 'Mes 2'], ['Algo', '1.000', '2.000']])]);
    expect(doc.tables[0]!.table).toBe('other');
  });
});

describe('continuations', () => {
  const header = ['Insumo', 'Unidad', 'Cantidad', 'Unitario', 'Total', 'Tipo'];
  const first = rawTable(
    [['', '', '', '', 'COSTO', ''], header, ['Cosecha', '', '', '', '', ''], ['Recolección', 'Jornal', '88', '60.000,00', '5.280.000,00', 'Mano de obra']],
    ['4. Presupuesto de inversión'],
    1,
    'stream',
  );

  it('stream-2001: joins the next page under its running head, drops the repeated header, keeps the section', () => {
    const next = rawTable(
      [['Financiera Campesina Andina S.A. · F-CA-056', '', '', '', '', 'SOLICITUD DE CRÉDITO'], ['', '', '', '', 'COSTO', ''], header, ['Transporte', 'Flete', '15', '320.000,00', '4.800.000,00', 'Maquinaria']],
      [],
      2,
      'stream',
    );
    const joined = joinContinuations([first, next]);
    expect(joined).toHaveLength(1);
    expect(joined[0]!.pages).toEqual([1, 2]);
    const doc = classifyDocument([], [first, next]);
    expect(rowsByTable(doc).CostosDirectos!.map((r) => [r.actividad, r.concepto, r.valor_unitario])).toEqual([
      ['Cosecha', 'Recolección', 60000],
      ['Cosecha', 'Transporte', 320000],
    ]);
  });

  it('joins a continuation with no header that starts with data', () => {
    const next = rawTable([['Transporte', 'Flete', '15', '320.000,00', '4.800.000,00', 'Maquinaria']], [], 2, 'stream');
    expect(joinContinuations([first, next])).toHaveLength(1);
  });

  it('stream-2006: a section title widowed at the foot of the page opens the rows of the next page', () => {
    const foot = page([[100 + 14 * first.rows.length + 4, [[40, '5. COSECHA Y POSCOSECHA']]]]);
    const next = rawTable([header, ['Empaques', 'Unidad', '1.226', '3.000,00', '3.678.000,00', 'Insumo']], [], 2, 'stream');
    const doc = classifyDocument([foot], [first, next]);
    expect(rowsByTable(doc).CostosDirectos!.map((r) => r.actividad)).toEqual(['Cosecha', '5. COSECHA Y POSCOSECHA']);
  });

  it('keeps apart a next-page table with its own title', () => {
    const next = rawTable([header, ['Transporte', 'Flete', '15', '320.000,00', '4.800.000,00', 'Maquinaria']], ['COSTOS INDIRECTOS'], 2);
    expect(joinContinuations([first, next])).toHaveLength(2);
  });

  it('stream-2003: an empty grouping cell repeats the one above', () => {
    const doc = classifyDocument([], [
      rawTable(
        [
          ['ETAPA', 'DESCRIPCIÓN', 'UNIDAD', 'CANTIDAD', 'COSTO UNITARIO', 'COSTO TOTAL'],
          ['Preparación del suelo', 'Análisis de suelo', 'Unidad', '1', '132.000,00', '132.000,00'],
          ['', 'Rastrillada', 'Hora', '28', '145.000,00', '4.060.000,00'],
        ],
        ['4. Presupuesto de inversión'],
      ),
    ]);
    expect(rowsByTable(doc).CostosDirectos!.map((r) => r.actividad)).toEqual(['Preparación del suelo', 'Preparación del suelo']);
  });

  it('stream-2006: a section title cut over two cells is still a section', () => {
    const doc = classifyDocument([], [
      rawTable(
        [
          ['Clase', 'Concepto', 'Unidad', 'Cantidad', 'Valor unitario', 'Total'],
          ['1. ADECUACIÓN', 'DEL TERRENO', '', '', '', ''],
          ['Insumo', 'Análisis de suelo', 'Unidad', '1', '$ 145.000', '$ 145.000'],
        ],
        ['Costos directos - maíz amarillo (22,91 ha)'],
      ),
    ]);
    expect(rowsByTable(doc).CostosDirectos).toEqual([
      { actividad: '1. ADECUACIÓN DEL TERRENO', concepto: 'Análisis de suelo', tipo: 'Insumo', unidad: 'Unidad', cantidad: 1, valor_unitario: 145000, valor_total: 145000 },
    ]);
  });
});

describe('number style', () => {
  it('is decided for the whole document: 1,500 is 1500 where the document writes 25,600,000', () => {
    const doc = classifyDocument([], [
      rawTable(
        [
          ['Producto', 'Variedad', 'Área (ha)', 'Precio unitario', 'Valor total'],
          ['Mora', 'Castilla', '1.50', '1,500', '$25,600,000'],
        ],
        ['INFORMACIÓN DEL CULTIVO'],
      ),
    ]);
    expect(doc.quality.numberStyle).toBe('us');
    expect(rowsByTable(doc).CultivoProyecto).toEqual([{ cultivo: 'Mora', variedad: 'Castilla', area_ha: 1.5, precio_unitario: 1500, valor_produccion: 25600000 }]);
  });

  it('counts and keeps as text a cell that does not parse', () => {
    const doc = classifyDocument([], [
      rawTable([['CONCEPTO', '%', 'VALOR'], ['Imprevistos', '5,00%', 'por definir']], ['COSTOS INDIRECTOS']),
    ]);
    expect(rowsByTable(doc).CostosIndirectos).toEqual([{ concepto: 'Imprevistos', porcentaje: 5, valor: 'por definir' }]);
    expect(doc.tables[0]!.quality.unparsedCells).toBe(1);
    expect(doc.tables[0]!.quality.warnings[0]).toMatch(/1 celda no se pudo leer/);
  });
});

describe('request number and header fields', () => {
  it('finds the number after its label, as text with its leading zeros', () => {
    const lines = pageLines(page([[50, [[400, 'NRO. SOLICITUD 0022966686']]]]), [], DEFAULT_SETTINGS.lines);
    expect(findRequestNumber(lines, [])).toBe('0022966686');
    expect(findRequestNumber(pageLines(page([[50, [[40, 'Radicado N°: 2025-622616']]]]), [], DEFAULT_SETTINGS.lines), [])).toBe('2025-622616');
    expect(findRequestNumber(pageLines(page([[50, [[40, 'Solicitud Nº'], [200, '2024-883015']]]]), [], DEFAULT_SETTINGS.lines), [])).toBe('2024-883015');
    expect(findRequestNumber(pageLines(page([[50, [[40, 'Fecha de radicación 19/01/2024']]]]), [], DEFAULT_SETTINGS.lines), [])).toBe('');
  });

  it('stream-2001: label and value stacked', () => {
    const lines = pageLines(page([[60, [[450, 'Nro. Solicitud']]], [80, [[40, 'Financiera'], [460, '691112317']]]]), [], DEFAULT_SETTINGS.lines);
    expect(findRequestNumber(lines, [])).toBe('691112317');
  });

  it('takes the number the copies agree on, else the one printed largest (OCR misreads a small running header)', () => {
    const small = (p: ReturnType<typeof page>) => ({ ...p, chunks: p.chunks.map((c) => ({ ...c, size: 6, y1: c.y0 + 6 })) });
    const header = (n: number, value: string) => pageLines(small(page([[20, [[400, `RADICADO ${value}`]]]], n)), [], DEFAULT_SETTINGS.lines);
    const body = pageLines(page([[120, [[40, 'RADICADO'], [200, '57861637925']]]]), [], DEFAULT_SETTINGS.lines);
    expect(findRequestNumber([...header(1, '57801637975'), ...body, ...header(2, '57851537925')], [])).toBe('57861637925');
    expect(findRequestNumber([...header(1, '14353808'), ...header(2, '4353808'), ...header(3, '14353808')], [])).toBe('14353808');
    // Label and value stacked in a box, read as one line (the value first, left of the label).
    const stacked = page([[60, [[440, 'N° de solicitud']]], [64, [[425, '41502029204']]]]);
    const folded = { ...stacked, chunks: stacked.chunks.map((c) => (c.text.startsWith('4150') ? { ...c, size: 12, y1: c.y0 + 12 } : { ...c, size: 7, y1: c.y0 + 7 })) };
    expect(findRequestNumber(pageLines(folded, [], DEFAULT_SETTINGS.lines), [])).toBe('41502029204');
    // A label spread over two segments of its line.
    expect(findRequestNumber(pageLines(page([[20, [[400, 'N°'], [430, 'de solicitud 14353808']]]]), [], DEFAULT_SETTINGS.lines), [])).toBe('14353808');
  });

  it('reads the applicant block from a table and from label: value lines', () => {
    const p = page([
      [40, [[40, 'Solicitante:'], [200, 'Blanca Nubia Guzmán Patiño'], [360, 'Identificación:'], [480, '1.084.683.766']]],
      [54, [[40, 'Monto solicitado:'], [200, '$ 33.500.000,00'], [360, 'Plazo:'], [480, '72 meses']]],
      [68, [[40, 'Fecha:'], [200, '08-06-2024']]],
    ]);
    const info = rawTable([['Razón social', 'Inversiones Los Naranjos S.A.S.', 'Documento', '846.649.566-1'], ['Departamento', 'Caldas', 'Municipio', 'Chinchiná']], ['INFORMACIÓN DEL SOLICITANTE']);
    expect(classifyDocument([p], []).header).toEqual({
      tipo_documento: 'C.C.',
      solicitante: 'Blanca Nubia Guzmán Patiño',
      documento_identidad: '1.084.683.766',
      monto_solicitado: 33500000,
      plazo_meses: 72,
      fecha_solicitud: '2024-06-08',
    });
    expect(classifyDocument([], [info]).header).toMatchObject({ tipo_documento: 'NIT', documento_identidad: '846.649.566-1', municipio: 'Chinchiná' });
  });
});
