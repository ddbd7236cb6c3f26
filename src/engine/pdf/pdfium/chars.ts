/**
 * A page's characters read from PDFium's text page, once, into typed arrays (decision 001, "Issue
 * 14, 2026-11-25: PDFium reads the pages"): per character its code, origin, text matrix, font size,
 * loose box, font and text object's place in the drawing; and whether the page is better read by
 * pdf.js (`handBack`). text.ts cuts them into words.
 */
import type { Pdfium } from './module.ts';
import { placedAsPdfjs } from './standard-fonts.ts';

/** Values kept per character, in PDF user space, and where each sits among a character's. */
export const FIELDS = 11;
export const OX = 0, OY = 1, A = 2, B = 3, C = 4, D = 5, FS = 6, L = 7, T = 8, R = 9, BOT = 10;

/** The characters of a page, read once from PDFium. */
export interface PageChars {
  codes: Uint32Array;
  /** FIELDS numbers per character (origin, matrix, font size, loose box). */
  values: Float64Array;
  /** Whether a space the PDF writes (not one PDFium guessed) comes right before the character. */
  spaceBefore: Uint8Array;
  /** The character's font (a handle: equal handles, one font), 0 when unknown. */
  fonts: Uint32Array;
  /** Where the character's text object comes in the page's content (its drawing order). */
  ranks: Uint32Array;
  count: number;
  /**
   * Why the page's words are better placed by pdf.js, if they are (the caller hands the document
   * to it): see handBackReason.
   */
  handBack?: string;
}

/** The standard 14 fonts and the names producers give them: without the font, widths are guessed. */
const STANDARD = /^(helvetica|times|courier|symbol|zapfdingbats)(-|$)/i;
/** TeX's math fonts: formulae set glyph by glyph with big delimiters and radicals. */
const TEX_MATH = /^(cmex|cmsy|cmmi|cmbsy|cmmib|msam|msbm|eufm|rsfs)\d/i;

/**
 * How far PDFium places a font's glyphs as the engine expects: a reason to hand the page back, a
 * test per character, or `true` (every glyph):
 * - a standard font the PDF does not carry: PDFium measures some glyphs with its own substitute's
 *   widths (`€` 0.667 em where Helvetica's is 0.556), moving every glyph after them; which ones
 *   was measured (standard-fonts.ts), and only a page using one of those is handed back;
 * - TeX's math fonts: the engine's reading of formulae (never tables) was tuned on pdf.js's placing
 *   of their glyphs.
 */
function fontVerdict(lib: Pdfium, font: number, scratch: number): string | ((code: number) => boolean) | true {
  const { fn, heap } = lib;
  const length = fn.FPDFFont_GetBaseFontName(font, scratch, 64);
  const bytes = heap().u8.subarray(scratch, scratch + Math.max(0, Math.min(64, length) - 1));
  // A subset's name starts with six letters and a plus: `ABCDEF+CMEX10`.
  const name = new TextDecoder('latin1').decode(bytes).replace(/^[A-Z]{6}\+/, '');
  if (TEX_MATH.test(name)) return `TeX math font ${name}`;
  if (!STANDARD.test(name) || fn.FPDFFont_GetIsEmbedded(font)) return true;
  return placedAsPdfjs(name) ?? `standard font ${name} not embedded`;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0xa0 || code === 0x09 || (code >= 0x2000 && code <= 0x200b) || code === 0x3000 || code === 0x202f;
}

/** PDFium marks a hyphen it judged a line-break one with U+0002: it is the hyphen printed. */
const HYPHEN_MARK = 0x02;

/**
 * A glyph's loose box spans its outline where that passes its advance (Latin Modern's letters
 * overhang theirs): where the next glyph of its line starts inside the box, the glyph's advance
 * ends there, as pdf.js measures a run by its glyphs' widths. Upright text only.
 */
function endAdvance(values: Float64Array, i: number, nextX: number, nextY: number): boolean {
  const k = i * FIELDS;
  const upright = values[k + A]! > 0 && values[k + B] === 0 && values[k + C] === 0 && values[k + D]! > 0;
  if (!(upright && nextY === values[k + OY] && nextX > values[k + OX]! && nextX < values[k + R]!)) return false;
  values[k + R] = nextX;
  return true;
}

/** Reads the characters of a loaded text page. */
export function readChars(lib: Pdfium, textPage: number, scratch: number, objectRank: ReadonlyMap<number, number>): PageChars {
  const { fn, heap } = lib;
  const total = Math.max(0, fn.FPDFText_CountChars(textPage));
  const codes = new Uint32Array(total);
  const ranks = new Uint32Array(total);
  const values = new Float64Array(total * FIELDS);
  const spaceBefore = new Uint8Array(total);
  const fonts = new Uint32Array(total);
  const verdicts = new Map<number, ReturnType<typeof fontVerdict>>();
  let lastObject = 0;
  let lastFont = 0;
  /** The glyphs of the current object's font PDFium places as pdf.js, when not all. */
  let trusted: ((code: number) => boolean) | undefined;
  let handBack: string | undefined;
  const d = scratch >> 3;
  const f = scratch >> 2;
  let count = 0;
  let space = false;
  for (let i = 0; i < total; i++) {
    let code = fn.FPDFText_GetUnicode(textPage, i);
    if (code === HYPHEN_MARK) code = 0x2d;
    if (isSpace(code) || code === 0x0d || code === 0x0a) {
      // A space PDFium inserted where it judged a gap is not one the PDF writes: gaps are ours to judge.
      if (isSpace(code) && !fn.FPDFText_IsGenerated(textPage, i)) {
        space = true;
        // Its advance moves what follows: measured for WinAnsi's spaces only.
        if (trusted && !trusted(code)) handBack ??= `space U+${code.toString(16)} of a standard font not embedded`;
      }
      continue;
    }
    if (code < 0x20 || code === 0xfffe || code === 0xffff) continue;
    if (!fn.FPDFText_GetCharOrigin(textPage, i, scratch, scratch + 8)) continue;
    const base = count * FIELDS;
    let h = heap();
    values[base + OX] = h.f64[d]!;
    values[base + OY] = h.f64[d + 1]!;
    // Every letter of a ligature before it (one origin) ends where this glyph starts.
    for (let k = count - 1; k >= 0 && endAdvance(values, k, values[base + OX]!, values[base + OY]!); k--) {
      if (k === 0 || values[(k - 1) * FIELDS + OX] !== values[k * FIELDS + OX] || values[(k - 1) * FIELDS + OY] !== values[k * FIELDS + OY]) break;
    }
    fn.FPDFText_GetMatrix(textPage, i, scratch);
    h = heap();
    values[base + A] = h.f32[f]!;
    values[base + B] = h.f32[f + 1]!;
    values[base + C] = h.f32[f + 2]!;
    values[base + D] = h.f32[f + 3]!;
    values[base + FS] = fn.FPDFText_GetFontSize(textPage, i);
    fn.FPDFText_GetLooseCharBox(textPage, i, scratch);
    h = heap();
    values[base + L] = h.f32[f]!;
    values[base + T] = h.f32[f + 1]!;
    values[base + R] = h.f32[f + 2]!;
    values[base + BOT] = h.f32[f + 3]!;
    const object = fn.FPDFText_GetTextObject(textPage, i);
    // Two glyphs of one object never share an origin unless PDFium spelled them:
    // PDFium spelled these characters from the PDF's ActualText in place of the glyphs drawn, all
    // at the object's origin and placed by splitting its box: not the glyphs' places (a leader
    // `[( ) (.) (.)]` read as `. .`, the space before it lost).
    if (count > 0 && object === lastObject && values[base + OX] === values[base - FIELDS + OX] && values[base + OY] === values[base - FIELDS + OY] && values[base + L] !== values[base - FIELDS + L]) handBack ??= 'text spelled from ActualText';
    if (object !== lastObject) {
      lastObject = object;
      lastFont = object ? fn.FPDFTextObj_GetFont(object) >>> 0 : 0;
      let verdict = verdicts.get(lastFont);
      if (lastFont && verdict === undefined) verdicts.set(lastFont, (verdict = fontVerdict(lib, lastFont, scratch)));
      if (typeof verdict === 'string') handBack ??= verdict;
      trusted = typeof verdict === 'function' ? verdict : undefined;
    }
    if (trusted && !trusted(code)) handBack ??= `U+${code.toString(16)} of a standard font not embedded, measured otherwise by PDFium`;
    fonts[count] = lastFont;
    ranks[count] = objectRank.get(object) ?? 0;
    codes[count] = code;
    spaceBefore[count] = space ? 1 : 0;
    space = false;
    count++;
  }
  return { codes, values, spaceBefore, fonts, ranks, count, ...(handBack ? { handBack } : {}) };
}
