import { describe, expect, it } from 'vitest';
import type { PageContent, TextChunk } from '../types.ts';
import { blurred, documentWordFor, mendByDocumentWords } from './document-words.ts';

const vocabulary = (...words: string[]) => new Map(words.map((w) => [w.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase(), w.toLowerCase()]));

describe('words mended by the document’s own words', () => {
  it('undoes the blur’s merges and a thin letter lost inside a word', () => {
    expect(blurred('terneros')).toBe(blurred('temeros'));
    expect(documentWordFor('temeros', vocabulary('terneros', 'venta'))).toBe('terneros');
    expect(documentWordFor('Samdad', vocabulary('sanidad'))).toBe('sanidad');
    expect(documentWordFor('captal', vocabulary('capital'))).toBe('capital');
    expect(documentWordFor('Caté', vocabulary('café'))).toBe('café');
  });
  it('leaves other words: plurals, a letter more at an end, another letter, short words, two candidates', () => {
    expect(documentWordFor('Litro', vocabulary('litros'))).toBeUndefined();
    expect(documentWordFor('Mular', vocabulary('mula'))).toBeUndefined();
    expect(documentWordFor('PRECIO', vocabulary('predio'))).toBeUndefined();
    expect(documentWordFor('Mes', vocabulary('mes'))).toBeUndefined();
    expect(documentWordFor('tino', vocabulary('fino', 'tino'))).toBeUndefined();
    expect(documentWordFor('tirno', vocabulary('firno', 'timo'))).toBeUndefined();
  });
  it('mends only OCR words read without confidence, by words read well or from a text layer', () => {
    const chunk = (text: string, confidence?: number): TextChunk => ({ text, x0: 0, y0: 0, x1: 10, y1: 10, size: 9, upright: true, ...(confidence === undefined ? {} : { confidence }) });
    const page = (n: number, chunks: TextChunk[], ocr: boolean): PageContent => ({ page: n, width: 600, height: 800, rotation: 0, chunks, segments: [], fills: [], ...(ocr ? { ocr: true as const } : {}) });
    const pages = [page(1, [chunk('Abono a capital', undefined)], false), page(2, [chunk('captal', 0.72), chunk('CAPTAL', 0.6), chunk('Sanidad', 0.5), chunk('temeros', 0.96)], true)];
    expect(mendByDocumentWords(pages)).toBe(2);
    expect(pages[1]!.chunks.map((c) => c.text)).toEqual(['capital', 'CAPITAL', 'Sanidad', 'temeros']);
  });
});
