import type { InkMask } from './gray-image.ts';
import type { OcrWord } from './recognize.ts';
import { median } from '../median.ts';

/**
 * How far a word's ink reaches above and below its baseline, in ems, by the glyphs it has: accented
 * capitals (0.92) above capitals, digits and ascenders (0.72) above a `t` (0.66) above the x-height
 * (0.52); descenders and parentheses (0.21) below commas (0.12). A number's commas must not pass
 * for descenders, nor an accent for a larger font: the sizes of a table's words would then differ by
 * a tenth or more. These are inked heights at 200–300 dpi, blur included. A `t` stands lower than an
 * ascender (0.57 em in Liberation Serif, 0.65 in Liberation Sans, against 0.69–0.73 for `l`):
 * taken for one, `venta` and `terneros` measured 6.5 pt in a serif row of 8 and the row was cut off
 * its table; taken for 0.62, a sans `venta` measured 9.4 over rows of 8.2 and passed for a title.
 * Over a `t`, an `i`'s dot joins the inked rows of the word (`unitario` inks 0.72 em); apart from
 * one, the dot stands clear of the x-height and is not counted.
 */
const ACCENTED_CAP = /[ÁÉÍÓÚÑÜ]/;
const CAP = /[A-Z0-9bdfhklíáéóúüñ$%(/]/;
const T = /t/;
const DOTTED = /[ij]/;
/** Lower-case letters whose accent or tilde is all that rises past the x-height. */
const ACCENTED_LOWER = /[íáéóúüñ]/;
const UNACCENTED_CAP = /[A-Z0-9bdfhklt$%(/]/;
const DESCENDER = /[gjpqy()Q]/;
const COMMA = /[,;]/;

function inkTop(text: string): number {
  if (ACCENTED_CAP.test(text)) return 0.92;
  if (CAP.test(text)) return 0.72;
  if (!T.test(text)) return 0.52;
  // With a dotted i or j the dot, reached over the t, stands as high as an ascender.
  return DOTTED.test(text) ? 0.72 : 0.66;
}

export function inkReach(text: string): { top: number; bottom: number } {
  const top = inkTop(text);
  const bottom = DESCENDER.test(text) ? 0.21 : COMMA.test(text) ? 0.12 : 0;
  return { top, bottom };
}

/** Dashes, dots and other marks without a letter or digit: their ink says nothing of the size. */
const hasGlyphOfHeight = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

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
 * median, each word kept within a third of it). A mark without a letter or digit (a dash for a
 * zero) takes its line's median: a dash's ink is a stroke's thickness, and measured it set a row of
 * dashes in 5.6 pt among words of 8.
 */
export function measureWords(words: readonly OcrWord[], mask: InkMask, scale: number): OcrWord[] {
  // Two marks may or may not ink with their word: a lower-case accent, when nothing else of the
  // word rises past the x-height (`orgánico`, `razón`: blur joins it to its letter or not, so the
  // inked rows reach 0.72 em or 0.52), and a comma's tail under a number (`10,000`: 0.12 em, or
  // lost to the scan). Measured as an ascender, a detached accent set `orgánico` at 7.7 pt in a row
  // of 10 (Writer 25803 scanned) and cut the table at its line; as the x-height, an attached one set
  // `razón` at 13; numbers with commas measured 0.84–0.95 of their row's words. Both readings are
  // kept and the one nearer the line's other words is taken.
  // The other reading of such a word: its em, and how far its ink reaches under the baseline.
  const detached = new Map<OcrWord, { em: number; bottom: number }>();
  const measured = words.map((w) => {
    if (!hasGlyphOfHeight(w.text)) return w;
    const rows = inkRows(mask, w, scale);
    if (!rows || rows.bottom - rows.top < 2) return w;
    const reach = inkReach(w.text);
    const height = (rows.bottom - rows.top) / scale;
    const em = height / (reach.top + reach.bottom);
    const out = { ...w, em, baseline: rows.bottom / scale - reach.bottom * em };
    const accent = ACCENTED_LOWER.test(w.text) && !UNACCENTED_CAP.test(w.text) && !ACCENTED_CAP.test(w.text);
    const comma = !DESCENDER.test(w.text) && COMMA.test(w.text);
    const bottom = comma ? 0 : reach.bottom;
    if (accent || comma) detached.set(out, { em: height / ((accent ? X_HEIGHT : reach.top) + bottom), bottom });
    return out;
  });
  const byLine = new Map<number, number[]>();
  const add = (w: OcrWord) => (byLine.get(w.line ?? -1) ?? byLine.set(w.line ?? -1, []).get(w.line ?? -1)!).push(w.em!);
  for (const w of measured) if (w.em !== undefined && !detached.has(w)) add(w);
  // A line of such words only: their first readings make its median.
  for (const w of measured) if (w.em !== undefined && detached.has(w) && !byLine.has(w.line ?? -1)) add(w);
  // The words beside an ambiguous one on its row, measured without doubt: Tesseract puts each cell
  // of a ruled table on a line of its own, so a number's line has no other word.
  const sure = measured.filter((w) => w.em !== undefined && !detached.has(w));
  const rowMedian = (w: OcrWord): number | undefined => {
    const near = sure.filter((o) => Math.abs(o.baseline! - w.baseline!) <= ROW_BASELINE_EM * w.em!).map((o) => o.em!);
    return near.length ? median(near) : undefined;
  };
  return measured.map((w) => {
    const ems = byLine.get(w.line ?? -1);
    if (!ems?.length) return w;
    const med = median(ems)!;
    if (w.em === undefined) return hasGlyphOfHeight(w.text) ? w : { ...w, em: med };
    const other = detached.get(w);
    const ref = other !== undefined ? (rowMedian(w) ?? med) : med;
    const taken = other !== undefined && Math.abs(other.em - ref) < Math.abs(w.em - ref) ? other : undefined;
    const clamp = (em: number) => Math.min(Math.max(em, med * 0.75), med * 1.33);
    if (!taken) return { ...w, em: clamp(w.em) };
    // The baseline from the reading taken: a comma lost to the scan leaves the ink's bottom on it.
    return { ...w, em: clamp(taken.em), baseline: w.baseline! + inkReach(w.text).bottom * w.em - taken.bottom * taken.em };
  });
}

/** Words whose baselines lie this share of the em apart sit on one row. */
const ROW_BASELINE_EM = 0.3;

/** The x-height's inked share of the em (inkReach's top for a word of no ascender). */
const X_HEIGHT = 0.52;
