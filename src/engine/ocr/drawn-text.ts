import { createRequire } from 'node:module';
import { toGray, type GrayImage } from './gray-image.ts';

// For tests: the copy of @napi-rs/canvas pdf.js loads (tests/fixtures/ocr/make-scan.ts).
const fromPdfjs = createRequire(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const { createCanvas } = fromPdfjs('@napi-rs/canvas') as typeof import('@napi-rs/canvas');

/** A white grey image `width` × `height` with each text drawn black at its baseline point in `font`. */
export function drawnText(width: number, height: number, font: string, texts: readonly (readonly [string, number, number])[]): GrayImage {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  ctx.font = font;
  for (const [text, x, y] of texts) ctx.fillText(text, x, y);
  const { data } = ctx.getImageData(0, 0, width, height);
  return toGray(data, width, height, 4);
}
