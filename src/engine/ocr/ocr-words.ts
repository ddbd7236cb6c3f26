import type { OcrWord } from './recognize.ts';

/** Words on one line closer than this (share of the line's ascender height) can be one number. */
export const NUMBER_GAP_PER_ROW_HEIGHT = 0.7;
/**
 * ... when the second shows digit groups of its own (`$2 184.167`): only as far apart as a lost
 * separator leaves them (about 0.3 of the ascender height; a quantity and an amount in cells side
 * by side, `11  150,000.00`, stand more than half of it apart).
 */
export const GROUPED_GAP_PER_ROW_HEIGHT = 0.4;

const HEAD = /^[($-]*\$?\s*\d{1,3}([.,]\d{3})*$/;

/** A number as printed: optional sign and currency, digit groups, decimals, percent; or a run of digits with dashes (an identifier). */
const WELL_FORMED = /^(?:[($-]*\$?(?:\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*|\d+)(?:[.,]\d{1,2})?\)?%?|\d+(?:-\d+)+)$/;

export function isWellFormedNumber(text: string): boolean {
  return WELL_FORMED.test(text);
}
const GROUP = /^\d{3}([.,]\d{3})*([.,]\d{1,2})?\)?%?$/;

/**
 * The thousands separator the page's numbers use: '.' (1.234.567) or ',' (1,234,567), by count of
 * the digit groups read with each; undefined when the page shows none.
 */
export function groupSeparator(words: readonly OcrWord[]): '.' | ',' | undefined {
  let dots = 0;
  let commas = 0;
  for (const w of words) {
    dots += (w.text.match(/\d\.\d{3}(?!\d)/g) ?? []).length;
    commas += (w.text.match(/\d,\d{3}(?!\d)/g) ?? []).length;
  }
  if (!dots && !commas) return undefined;
  return dots >= commas ? '.' : ',';
}

/**
 * Numbers OCR split at a thousands separator it missed (`9.265 803`, `8 300 000`): a number whose
 * last group is 1–3 digits followed, a narrow gap later on the same line, by a word of three-digit
 * groups is one number; the separator put back is the one the number or the page uses. Digits split
 * with no separator (`9265 803`, `1 4353808`: a wide `1`), the second of three digits or more, as
 * close as a lost separator leaves them are one number when they make a well-formed one.
 */
export function joinSplitNumbers(words: readonly OcrWord[]): OcrWord[] {
  const pageSep = groupSeparator(words) ?? '.';
  const out: OcrWord[] = [];
  for (const w of words) {
    const prev = out[out.length - 1];
    const sep = prev && /\d([.,])\d{3}$/.exec(prev.text)?.[1];
    if (
      prev &&
      sep &&
      /^\d{2}$/.test(w.text) &&
      Math.abs(prev.baseline - w.baseline) < 0.3 * prev.rowHeight &&
      w.x0 > prev.x1 &&
      w.x0 - prev.x1 <= NUMBER_GAP_PER_ROW_HEIGHT * prev.rowHeight
    ) {
      // Two digits after a grouped amount are its decimals (`4.082.784 00`): the other mark.
      out[out.length - 1] = { ...prev, text: prev.text + (sep === '.' ? ',' : '.') + w.text, x1: w.x1, confidence: Math.min(prev.confidence, w.confidence) };
      continue;
    }
    if (
      prev &&
      HEAD.test(prev.text) &&
      GROUP.test(w.text) &&
      Math.abs(prev.baseline - w.baseline) < 0.3 * prev.rowHeight &&
      w.x0 > prev.x1 &&
      w.x0 - prev.x1 <= (/^\d{3}[.,]\d{3}/.test(w.text) ? GROUPED_GAP_PER_ROW_HEIGHT : NUMBER_GAP_PER_ROW_HEIGHT) * prev.rowHeight
    ) {
      const own = /\d([.,])\d{3}$/.exec(prev.text)?.[1];
      out[out.length - 1] = {
        ...prev,
        text: prev.text + (own ?? pageSep) + w.text,
        x1: w.x1,
        y0: Math.min(prev.y0, w.y0),
        y1: Math.max(prev.y1, w.y1),
        confidence: Math.min(prev.confidence, w.confidence),
      };
      continue;
    }
    const joined = prev && prev.text + w.text;
    if (
      prev &&
      joined &&
      /\d$/.test(prev.text) &&
      /^\d{3}/.test(w.text) &&
      isWellFormedNumber(joined) &&
      Math.abs(prev.baseline - w.baseline) < 0.3 * prev.rowHeight &&
      w.x0 > prev.x1 &&
      w.x0 - prev.x1 <= GROUPED_GAP_PER_ROW_HEIGHT * prev.rowHeight
    ) {
      out[out.length - 1] = { ...prev, text: joined, x1: w.x1, y0: Math.min(prev.y0, w.y0), y1: Math.max(prev.y1, w.y1), confidence: Math.min(prev.confidence, w.confidence) };
      continue;
    }
    out.push(w);
  }
  return out;
}

/**
 * The number sign `N°` as OCR misreads its small raised circle: `N*`, `N”`, `N'`, perhaps with the
 * label's colon read onto it (`Solicitud N*:`), which is kept.
 */
const NUMBER_SIGN = /^N[*"'`´”“’‘^](\.?:?)$/;

/** Fixes of misreadings common on forms: the number sign. */
export function normalizeOcrText(words: readonly OcrWord[]): OcrWord[] {
  return words.map((w) => {
    const sign = NUMBER_SIGN.exec(w.text);
    return sign ? { ...w, text: `N°${sign[1]}` } : w;
  });
}

/** An amount with digit groups and two decimals, whatever separators OCR read: `13.479.200.00`. */
const GROUPED_DECIMAL = /^([($-]*\$?)(\d{1,3}(?:[.,]\d{3})+)([.,])(\d{2})(\)?%?)$/;

/**
 * The decimal mark of the page's amounts with two decimals ('.' for 1,234.56, ',' for 1.234,56),
 * by count of the mark before their last two digits; undefined when it shows none.
 */
export function decimalMark(words: readonly OcrWord[]): '.' | ',' | undefined {
  let dot = 0;
  let comma = 0;
  for (const w of words) {
    const m = GROUPED_DECIMAL.exec(w.text);
    if (m?.[3] === '.') dot++;
    else if (m?.[3] === ',') comma++;
  }
  if (!dot && !comma) return undefined;
  return dot >= comma ? '.' : ',';
}

/**
 * OCR reads a comma as a period and back at low resolution (`13.479.200.00`). An amount with digit
 * groups and two decimals is written again with the page's own marks: its decimal mark (the most
 * common one before two final digits) and the other as the group separator.
 */
export function fixAmountMarks(words: readonly OcrWord[]): OcrWord[] {
  const mark = decimalMark(words);
  if (!mark) return [...words];
  const group = mark === '.' ? ',' : '.';
  return words.map((w) => {
    const m = GROUPED_DECIMAL.exec(w.text);
    if (!m) return w;
    const text = `${m[1]}${m[2]!.replace(/[.,]/g, group)}${mark}${m[4]}${m[5]}`;
    return text === w.text ? w : { ...w, text };
  });
}
