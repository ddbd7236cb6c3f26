import { describe, expect, it, vi } from 'vitest';
import { gridSpec, makePdf } from '../../tests/fixtures/engine/make-pdf.ts';
import { CLASSIFICATION_FAILED_WARNING } from '../shared/messages/engine.ts';
import { extractPdf } from './extract.ts';

// The classifier is replaced by one that throws, to prove a classifier bug keeps the tables.
vi.mock('./domain/classify-document.ts', () => ({
  classifyDocument: () => {
    throw new Error('boom');
  },
}));

describe('extractPdf when classification throws', () => {
  it('keeps the tables found, unclassified, with a warning', async () => {
    const cells = [
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
      ['g', 'h', 'i'],
    ];
    const r = await extractPdf(await makePdf([gridSpec([50, 150, 250, 350], [100, 120, 140, 160], cells)]));
    expect(r.status).toBe('ok');
    expect(r.tables.map((t) => [t.table, t.raw.rows])).toEqual([['other', cells]]);
    expect(r.quality.warnings).toContain(CLASSIFICATION_FAILED_WARNING);
    expect(r.detail).toContain('boom');
  });
});
