import { describe, expect, it } from 'vitest';
import { createImage } from './gray-image.ts';
import type { OcrEngine, OcrWord } from './recognize.ts';
import { isWellFormedNumber } from './ocr-words.ts';
import { betterReading, betterText, cutWord, editDistance, looksNumeric, NUMBER_CHARSET, numberUnits, REREAD_HEIGHT, rereadWords, stackCuts } from './reread-words.ts';
import { fillRect } from './test-images.ts';

function word(text: string, x0: number, x1: number, extra: Partial<OcrWord> = {}): OcrWord {
  return { text, x0, x1, y0: 100, y1: 124, confidence: 0.9, rowHeight: 24, baseline: 124, line: 1, ...extra };
}

describe('numbers read again', () => {
  it('knows a number, or one with a digit misread, from words', () => {
    for (const t of ['6200000', '$13.479.200,00', '4,0%', '(1.200)', '4l', '[1]', '2024-246075']) expect(looksNumeric(t), t).toBe(true);
    for (const t of ['N°', 'kg', '09-dic-2026', 'Año', 'ha', '—', 'A1', '2a']) expect(looksNumeric(t), t).toBe(false);
  });

  it('knows a well-formed number', () => {
    for (const t of ['62,000.00', '6.9', '13,3', '$1.052.484', '4.0%', '(807.734)', '2024-246075', '320']) expect(isWellFormedNumber(t), t).toBe(true);
    for (const t of ['9.900,000.00', '$807 .734', '4l', '1,237 .500.00', '9,0,0']) expect(isWellFormedNumber(t), t).toBe(false);
  });

  it('keeps the second reading only where it puts back lost marks or mends a reading that was no number', () => {
    const first = (text: string) => word(text, 0, 100);
    expect(betterReading(first('6200000'), first('62,000.00')).text).toBe('62,000.00');
    expect(betterReading(first('320'), first('3.20')).text).toBe('3.20');
    expect(betterReading(first('4l'), first('41')).text).toBe('41');
    expect(betterReading(first('$3.955 8472'), first('$3.955.842')).text).toBe('$3.955.842');
    // A well-formed first reading with other digits stays; so does a poor one far from the second.
    expect(betterReading(first('1'), first('17')).text).toBe('1');
    expect(betterReading(first('8.863 382'), first('382')).text).toBe('8.863 382');
    expect(betterReading(first('62,000.00'), first('6200000')).text).toBe('62,000.00');
    expect(betterReading(first('6200000'), first('62,0O0.00')).text).toBe('6200000');
    expect(editDistance('39558472', '3955842')).toBe(1);
  });

  it('keeps a weak word read again only when read clearly more confidently, at about its length', () => {
    const weak = word('GANTIDO', 0, 100, { confidence: 0 });
    expect(betterText(weak, word('CANTIDAD', 0, 100, { confidence: 0.93 })).text).toBe('CANTIDAD');
    expect(betterText(word('Mensua', 0, 60, { confidence: 0.6 }), word('Mensual', 0, 60, { confidence: 0.7 })).text).toBe('Mensua');
    expect(betterText(weak, word('C', 0, 100, { confidence: 0.95 })).text).toBe('GANTIDO');
    expect(betterText(weak, word('5000', 0, 100, { confidence: 0.95 })).text).toBe('GANTIDO');
  });

  it('takes a short weak word read again alone as a number with near certainty for that number (a zero read `Ly`)', () => {
    expect(betterText(word('Ly', 0, 20, { confidence: 0.38 }), word('0', 0, 20, { confidence: 0.95 })).text).toBe('0');
    expect(betterText(word('sa', 0, 20, { confidence: 0.4 }), word('0', 0, 20, { confidence: 0.8 })).text).toBe('sa');
    expect(betterText(word('kg', 0, 20, { confidence: 0.5 }), word('9.', 0, 20, { confidence: 0.95 })).text).toBe('kg');
  });

  it('reads a number split where a separator was lost as one, not a quantity beside an amount', () => {
    const words = [word('$3.955', 0, 60), word('8472', 65, 100), word('11', 200, 220), word('150,000.00', 234, 320), word('kg', 400, 420)];
    expect(numberUnits(words)).toEqual([[0, 1], [2], [3]]);
  });

  it('cuts a number out, blanks the neighbours reaching in, and enlarges it', () => {
    const img = createImage(400, 200, 255);
    fillRect(img, 100, 100, 160, 112, 0); // the number
    fillRect(img, 40, 100, 96, 112, 0); // a word just before it
    const words = [word('Costo', 40, 96, { y0: 100, y1: 112 }), word('62,000', 100, 160, { y0: 100, y1: 112 })];
    const cut = cutWord(img, words, [1]);
    expect(cut.scale).toBe(REREAD_HEIGHT / 12 > 3 ? 3 : REREAD_HEIGHT / 12);
    expect(cut.from.x0).toBeLessThan(100);
    // Nothing of the neighbour is left in the cut.
    const left = Math.round((100 - cut.from.x0) * cut.scale) - 2;
    for (let y = 0; y < cut.image.height; y++) for (let x = 0; x < left; x++) expect(cut.image.data[y * cut.image.width + x]).toBe(255);
    const { image, crops } = stackCuts([cut, cut], 10);
    expect(crops.map((c) => c.top)).toEqual([10, 20 + cut.image.height]);
    expect(image.height).toBe(30 + 2 * cut.image.height);
  });

  it('cuts a weak word where its ink is when its box spans two rows of a table', () => {
    const img = createImage(400, 200, 255);
    fillRect(img, 100, 130, 180, 142, 0); // the word, on the lower row
    const ink = { width: 400, height: 200, data: img.data.map((v) => (v < 128 ? 1 : 0)) };
    const tall = [word('amikares', 100, 180, { y0: 100, y1: 142 })];
    const byBox = cutWord(img, tall, [0]);
    const byInk = cutWord(img, tall, [0], ink);
    expect(byBox.from.y0).toBeLessThan(100);
    expect(byInk.from.y0).toBeGreaterThan(120);
    expect(byInk.scale).toBeGreaterThan(byBox.scale);
  });

  it('puts the second readings back on the page words, restricted to the characters of numbers', async () => {
    const img = createImage(600, 300, 255);
    const words = [word('Arada', 20, 90), word('6200000', 300, 400), word('$3.955', 430, 480), word('8472', 486, 520)];
    const calls: string[] = [];
    // A stand-in OCR engine: reads each crop of the stacked image as given.
    const engine = {
      recognize: async (image: { height: number }, _mode: string, _tick: unknown, charset?: string) => {
        calls.push(charset ?? '');
        const out: OcrWord[] = [];
        const texts = ['62,000.00', '$3.955.842'];
        // Crops are stacked in page order, each REREAD_HEIGHT-ish tall: one text per crop.
        const { crops } = stackCuts(numberUnits(words).map((u) => cutWord(img, words, u)), Math.round(REREAD_HEIGHT / 2));
        crops.forEach((c, i) => out.push(word(texts[i]!, 30, 30 + (c.from.x1 - c.from.x0) * c.scale, { y0: c.top + 2, y1: c.top + c.height - 2 })));
        expect(image.height).toBeGreaterThan(0);
        return out;
      },
    } as unknown as OcrEngine;
    const out = await rereadWords(img, words, engine);
    expect(calls).toEqual([NUMBER_CHARSET]);
    expect(out.map((w) => w.text)).toEqual(['Arada', '62,000.00', '$3.955.842']);
    expect(out[2]).toMatchObject({ x0: 430, x1: 520 });
  });
});
