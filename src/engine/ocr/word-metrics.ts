import type { InkMask } from './gray-image.ts';
import type { OcrWord } from './recognize.ts';

/** Share of the em the inked height of a word covers, by which kinds of glyph it has. */
const CAP = /[A-ZÁÉÍÓÚÑ0-9bdfhkltíáéóú$%(/]/;
const DESCENDER = /[gjpqyQ(),;]/;
export function inkShareOfEm(text: string): number {
  const tall = CAP.test(text);
  const low = DESCENDER.test(text);
  if (tall && low) return 0.92;
  if (tall) return 0.72;
  if (low) return 0.7;
  return 0.5;
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
    const em = (rows.bottom - rows.top) / scale / inkShareOfEm(w.text);
    const bottom = rows.bottom / scale;
    const baseline = DESCENDER.test(w.text) && !CAP.test(w.text.replace(/[(),;]/g, '')) ? bottom - 0.2 * em : DESCENDER.test(w.text) ? bottom - 0.2 * em : bottom;
    return { ...w, em, baseline };
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
