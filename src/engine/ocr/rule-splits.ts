import type { OcrGlyph, OcrWord } from './recognize.ts';

/**
 * Words cut where a table's column rule crosses them (docs/decisions/070-ocr.md, "Low-resolution
 * scans"). A spreadsheet prints a cell's text against its rule (numbers flush right, text flush
 * left); at scan resolutions the rule is erased from the OCR image but the gap it leaves is
 * narrower than a space, and Tesseract reads the two cells as one word (`3,72|Siembra`,
 * `7,100|kg`), or keeps the rule's blurred edge as a glyph (`|Fedearroz`, `600]`). No word goes
 * on across a column rule: the word's glyphs are parted at the rule, and bar-like glyphs lying on
 * it are dropped.
 */

/** A vertical rule in the OCR image's pixels: its column, its extent and half its width (with the blur). */
export interface ColumnRule {
  x: number;
  y0: number;
  y1: number;
  half: number;
}

/** Glyphs Tesseract reads for a rule's remnant. */
const BAR_GLYPH = /^[|[\]!¦]$/;
/** A rule parts a word only when it is this many times as long as the word's glyphs are tall (a glyph's stroke taken for a rule is not). */
export const MIN_RULE_PER_WORD_HEIGHT = 1.5;

const centre = (g: OcrGlyph) => (g.x0 + g.x1) / 2;

/** The column rules that cross a word: long enough, beside its middle, within its horizontal extent. */
function crossing(w: OcrWord, rules: readonly ColumnRule[]): ColumnRule[] {
  const height = Math.max(1, Math.min(w.y1 - w.y0, w.rowHeight));
  const cy = (w.y0 + w.y1) / 2;
  return rules.filter((r) => r.y1 - r.y0 >= MIN_RULE_PER_WORD_HEIGHT * height && r.y0 <= cy && r.y1 >= cy && r.x >= w.x0 - r.half && r.x <= w.x1 + r.half);
}

/** Without its glyphs: the word's text may be read again after this step, and they would no longer match it. */
function plain(w: OcrWord): OcrWord {
  const { glyphs: _glyphs, ...rest } = w;
  return rest;
}

/**
 * The words with every word a column rule crosses parted at it (its glyphs on either side make two
 * words, the first reading's confidence kept) and the bar glyphs lying on the rule dropped. Words
 * Tesseract gave no glyphs for, or whose glyphs do not spell the word, stay as read.
 */
export function splitWordsAtRules(words: readonly OcrWord[], rules: readonly ColumnRule[]): OcrWord[] {
  const out: OcrWord[] = [];
  for (const w of words) {
    const glyphs = w.glyphs;
    const across = glyphs && glyphs.map((g) => g.text).join('') === w.text ? crossing(w, rules) : [];
    if (!glyphs || !across.length) {
      out.push(plain(w));
      continue;
    }
    const onRule = (g: OcrGlyph) => across.some((r) => Math.abs(centre(g) - r.x) <= r.half + (g.x1 - g.x0) / 2);
    const kept = glyphs.filter((g) => !(BAR_GLYPH.test(g.text) && onRule(g)));
    const pieces: OcrGlyph[][] = [];
    kept.forEach((g, i) => {
      const prev = kept[i - 1];
      if (!prev || across.some((r) => centre(prev) < r.x && centre(g) >= r.x)) pieces.push([g]);
      else pieces.at(-1)!.push(g);
    });
    if (pieces.length === 1 && kept.length === glyphs.length) {
      out.push(plain(w));
      continue;
    }
    for (const p of pieces) {
      const x0 = Math.max(w.x0, Math.min(...p.map((g) => g.x0)));
      const x1 = Math.min(w.x1, Math.max(...p.map((g) => g.x1)));
      out.push({ ...plain(w), text: p.map((g) => g.text).join(''), x0, x1: Math.max(x0 + 1, x1) });
    }
  }
  return out;
}
