import type { InkMask } from './gray-image.ts';
import type { OcrWord } from './recognize.ts';

/**
 * How far a word's ink reaches above and below its baseline, in ems, by the glyphs it has: accented
 * capitals (0.92) above capitals, digits and ascenders (0.72) above the x-height (0.52); descenders
 * and parentheses (0.21) below commas (0.12). A number's commas must not pass for descenders, nor an
 * accent for a larger font: the sizes of a table's words would then differ by a tenth or more.
 */
const ACCENTED_CAP = /[ÁÉÍÓÚÑÜ]/;
const CAP = /[A-Z0-9bdfhkltíáéóúüñ$%(/]/;
const DESCENDER = /[gjpqy()Q]/;
const COMMA = /[,;]/;
export function inkReach(text: string): { top: number; bottom: number } {
  const top = ACCENTED_CAP.test(text) ? 0.92 : CAP.test(text) ? 0.72 : 0.52;
  const bottom = DESCENDER.test(text) ? 0.21 : COMMA.test(text) ? 0.12 : 0;
  return { top, bottom };
}

/** Share of the em the inked height of a word covers (inkReach). */
export function inkShareOfEm(text: string): number {
  const { top, bottom } = inkReach(text);
  return top + bottom;
}

/**
 * The inked rows of a word in the page's ink mask (`scale`: mask pixels per OCR pixel): the longest
 * run of rows with ink under the word's box. Tesseract's own boxes for a word can span two rows of
 * a table when it joined them into one line; the ink does not.
 */
export function inkRows(mask: InkMask, w: OcrWord, scale: number): { top: number; bottom: number } | undefined {
  const x0 = Math.max(0, Math.floor(w.x0 * scale));
  const x1 = Math.min(mask.width, Math.ceil(w.x1 * scale));
  const y0 = Math.max(0, Math.floor(w.y0 * scale));
  const y1 = Math.min(mask.height, Math.ceil(w.y1 * scale));
  let best: { top: number; bottom: number } | undefined;
  let start = -1;
  for (let y = y0; y <= y1; y++) {
    let ink = false;
    if (y < y1) {
      for (let x = x0; x < x1 && !ink; x++) ink = mask.data[y * mask.width + x] === 1;
    }
    if (ink && start < 0) start = y;
    if (!ink && start >= 0) {
      if (!best || y - start > best.bottom - best.top) best = { top: start, bottom: y };
      start = -1;
    }
  }
  return best;
}

/**
 * Each word's font size (em) and baseline in OCR pixels, from its ink: the inked height over the
 * share of the em its glyphs cover, evened out over the words Tesseract put on one line (their
 * median, each word kept within a third of it).
 */
export function measureWords(words: readonly OcrWord[], mask: InkMask, scale: number): OcrWord[] {
  const measured = words.map((w) => {
    const rows = inkRows(mask, w, scale);
    if (!rows || rows.bottom - rows.top < 2) return w;
    const reach = inkReach(w.text);
    const em = (rows.bottom - rows.top) / scale / (reach.top + reach.bottom);
    return { ...w, em, baseline: rows.bottom / scale - reach.bottom * em };
  });
  const byLine = new Map<number, number[]>();
  for (const w of measured) if (w.em !== undefined) (byLine.get(w.line ?? -1) ?? byLine.set(w.line ?? -1, []).get(w.line ?? -1)!).push(w.em);
  return measured.map((w) => {
    const ems = byLine.get(w.line ?? -1);
    if (!ems?.length || w.em === undefined) return w;
    const sorted = [...ems].sort((a, b) => a - b);
    const med = sorted[Math.floor(sorted.length / 2)]!;
    return { ...w, em: Math.min(Math.max(w.em, med * 0.75), med * 1.33) };
  });
}
