import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { toGray } from './gray-image.ts';
import { OcrEngine, type OcrWord } from './recognize.ts';
import { rereadWords } from './reread-words.ts';

// The copy of @napi-rs/canvas pdf.js loads (tests/fixtures/ocr/make-scan.ts).
const fromPdfjs = createRequire(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const { createCanvas } = fromPdfjs('@napi-rs/canvas') as typeof import('@napi-rs/canvas');

/**
 * A zero the page's reading took for letters (decision 070, issue 10: `0` read `Ly`, `sa` on the
 * scanned cash flow and schedule), read again alone by Tesseract: it comes back `0` and replaces
 * the letters. A word printed as letters stays letters.
 */
describe('a zero read as letters, read again', () => {
  const engine = new OcrEngine();
  afterAll(() => engine.close());

  it('becomes the number Tesseract reads alone, and a short printed word stays', async () => {
    const canvas = createCanvas(600, 120);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 600, 120);
    ctx.fillStyle = '#000';
    ctx.font = 'bold 20px sans-serif';
    ctx.fillText('0', 100, 70);
    ctx.fillText('kg', 400, 70);
    const { data, width, height } = ctx.getImageData(0, 0, 600, 120);
    const img = toGray(data, width, height, 4);
    const box = (text: string, x0: number): OcrWord => {
      const m = ctx.measureText(text);
      return { text, x0, x1: x0 + m.width, y0: 70 - m.actualBoundingBoxAscent, y1: 70 + m.actualBoundingBoxDescent, confidence: 0.38, rowHeight: 20, baseline: 70, line: 1 };
    };
    const out = await rereadWords(img, [{ ...box('0', 100), text: 'Ly' }, { ...box('kg', 400), text: 'ka' }], engine);
    expect(out.map((w) => w.text)).toEqual(['0', 'kg']);
  }, 60_000);
});
