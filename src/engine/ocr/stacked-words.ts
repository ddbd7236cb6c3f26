import type { InkMask } from './gray-image.ts';
import type { OcrEngine, OcrWord } from './recognize.ts';
import { cutWord, stackCuts, WEAK_TEXT_CONFIDENCE } from './reread-words.ts';

/**
 * Cells of two lines read again as two lines (docs/decisions/070-ocr.md, "Low-resolution scans").
 * A header or a wrapped cell prints two short lines where the rest of its row prints one (`Abono a`
 * over `capital`, `Castilla sin` over `espinas`). The page's reading takes the row for one text
 * line and reads the two stacked lines as one squeezed word, garbled (`pe`, `ae sin`, at 0.35).
 * Such a weak word, whose box holds two or more lines of ink, is cut out and read alone as a block;
 * its lines come back as words with their own boxes, as a born-digital page prints them.
 */

/** Fewest inked rows (OCR pixels) a line of ink within a word's box has, and fewest blank rows between two. */
const MIN_LINE_ROWS = 4;
const MIN_GAP_ROWS = 2;
/** The lines read again replace the weak word when each of their words is read this confidently. */
export const STACKED_MIN_CONFIDENCE = 0.8;
/** Weak words read again this way per page, at most. */
const MAX_STACKED = 40;

/** A line of ink is a text line when at least this share of the tallest one's height (an accent over a capital is not). */
const MIN_LINE_SHARE = 0.5;

/**
 * The runs of inked rows (at least MIN_LINE_ROWS, apart by MIN_GAP_ROWS) within a box of the mask,
 * those at least MIN_LINE_SHARE of the tallest: the box's lines of text.
 */
export function inkLines(mask: InkMask, w: Pick<OcrWord, 'x0' | 'y0' | 'x1' | 'y1'>): { top: number; bottom: number }[] {
  const x0 = Math.max(0, Math.floor(w.x0));
  const x1 = Math.min(mask.width, Math.ceil(w.x1));
  const y0 = Math.max(0, Math.floor(w.y0));
  const y1 = Math.min(mask.height, Math.ceil(w.y1));
  const runs: { top: number; bottom: number }[] = [];
  let start = -1;
  let blank = 0;
  for (let y = y0; y <= y1; y++) {
    let ink = false;
    if (y < y1) for (let x = x0; x < x1 && !ink; x++) ink = mask.data[y * mask.width + x] === 1;
    if (ink) {
      if (start < 0) start = y;
      blank = 0;
      continue;
    }
    if (start >= 0 && (++blank >= MIN_GAP_ROWS || y === y1)) {
      const bottom = y - blank + 1;
      if (bottom - start >= MIN_LINE_ROWS) runs.push({ top: start, bottom });
      start = -1;
    }
  }
  const tallest = Math.max(0, ...runs.map((r) => r.bottom - r.top));
  return runs.filter((r) => r.bottom - r.top >= MIN_LINE_SHARE * tallest);
}

/**
 * The page's words with each weak word whose box holds stacked lines of ink replaced by those
 * lines' words, read alone in block mode, when every one of them is read at least
 * STACKED_MIN_CONFIDENCE and they make two lines or more. Other words are returned as they are.
 */
export async function rereadStacked(img: InkMask, ink: InkMask, words: readonly OcrWord[], engine: OcrEngine, onTick?: () => void): Promise<OcrWord[]> {
  const stacked = words
    .map((w, i) => ({ w, i }))
    .filter(({ w }) => w.confidence < WEAK_TEXT_CONFIDENCE && /\p{L}/u.test(w.text) && inkLines(ink, w).length >= 2)
    .sort((a, b) => a.w.confidence - b.w.confidence)
    .slice(0, MAX_STACKED);
  if (!stacked.length) return [...words];
  const cuts = stacked.map(({ i }) => cutWord(img, words, [i]));
  const gap = 24;
  const { image, crops } = stackCuts(cuts, gap);
  const read = await engine.recognize(image, 'block', onTick);
  const replaced = new Map<number, OcrWord[]>();
  crops.forEach((crop, k) => {
    const inCrop = read.filter((r) => {
      const cy = (r.y0 + r.y1) / 2;
      return cy >= crop.top && cy < crop.top + crop.height;
    });
    const lines = new Set(inCrop.map((r) => r.line));
    if (lines.size < 2 || inCrop.some((r) => r.confidence < STACKED_MIN_CONFIDENCE)) return;
    const toX = (x: number) => (x - gap) / crop.scale + crop.from.x0;
    const toY = (y: number) => (y - crop.top) / crop.scale + crop.from.y0;
    replaced.set(
      stacked[k]!.i,
      inCrop.map((r) => ({
        text: r.text,
        x0: toX(r.x0),
        x1: toX(r.x1),
        y0: toY(r.y0),
        y1: toY(r.y1),
        confidence: r.confidence,
        rowHeight: r.rowHeight / crop.scale,
        baseline: toY(r.baseline),
        line: 200_000 + k * 100 + (r.line ?? 0),
      })),
    );
  });
  return words.flatMap((w, i) => replaced.get(i) ?? [w]);
}
