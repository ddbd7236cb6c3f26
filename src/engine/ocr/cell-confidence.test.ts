import { describe, expect, it } from 'vitest';
import type { ClassifiedTable, PageContent, TextChunk } from '../types.ts';
import { flagLowConfidence, LOW_CONFIDENCE } from './cell-confidence.ts';

function chunk(text: string, x0: number, confidence?: number): TextChunk {
  return { text, x0, x1: x0 + 30, y0: 100, y1: 110, size: 10, upright: true, ...(confidence === undefined ? {} : { confidence }) };
}

function table(): ClassifiedTable {
  const box = (x0: number) => ({ x0, y0: 98, x1: x0 + 40, y1: 112 });
  return {
    raw: { page: 1, pages: [1], bbox: box(0), rows: [], cells: [], rowPages: [], pageBoxes: [], method: 'lattice', confidence: 1, context: [] },
    table: 'CostosIndirectos',
    rows: [
      {
        values: { nosolicitud: '1', concepto: 'Asistencia', valor: 100 },
        source: { page: 1, bbox: box(0), method: 'lattice', cells: { concepto: { text: 'Asistencia', box: box(0) }, valor: { text: '100', box: box(50) } } },
      },
    ],
    quality: {
      table: 'CostosIndirectos',
      page: 1,
      pages: [1],
      method: 'lattice',
      confidence: 1,
      signals: { title: 1, header: 1, types: 1, checkSums: null },
      rows: 1,
      missingColumns: [],
      unparsedCells: 0,
      typedCells: 1,
      checkSums: [],
      warnings: [],
    },
  };
}

const page = (chunks: TextChunk[], ocr: boolean): PageContent => ({ page: 1, width: 600, height: 800, rotation: 0, chunks, segments: [], fills: [], ...(ocr ? { ocr: true as const } : {}) });

describe('low-confidence cells', () => {
  it('flags the cells whose least confident OCR word is below the bar, with a warning', () => {
    const t = table();
    flagLowConfidence([t], [page([chunk('Asistencia', 2, 0.95), chunk('100', 52, LOW_CONFIDENCE - 0.2)], true)]);
    expect(t.quality.lowConfidenceCells).toEqual([{ row: 0, column: 'valor', confidence: LOW_CONFIDENCE - 0.2 }]);
    expect(t.quality.warnings).toEqual([expect.stringContaining('1 celda se leyó por OCR con baja confianza')]);
  });

  it('leaves tables of pages with a text layer alone', () => {
    const t = table();
    flagLowConfidence([t], [page([chunk('Asistencia', 2), chunk('100', 52)], false)]);
    expect(t.quality.lowConfidenceCells).toBeUndefined();
    expect(t.quality.warnings).toEqual([]);
  });
});
