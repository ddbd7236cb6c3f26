/**
 * Which glyphs of a standard font the PDF does not carry PDFium places as pdf.js does (decision
 * 001, "Issue 14, 2026-11-25"). Without the font program PDFium measures a glyph with its own
 * substitute font, whose advances are Adobe's metrics (the ones pdf.js uses) for almost every
 * glyph of WinAnsi but not all: `€` is 0.667 em in its Helvetica where Adobe's is 0.556, and a
 * wrong advance moves every glyph after it in the text object. Measured glyph by glyph over every
 * WinAnsi character of the twelve Latin standard fonts (standard-fonts.test.ts fails if a PDFium
 * upgrade changes one); a glyph outside WinAnsi was not measured, and Symbol and ZapfDingbats not
 * at all: the caller hands such a page back to pdf.js.
 */

/** WinAnsi's printable characters beyond ASCII (0x80–0x9F as Windows-1252 maps them, then Latin-1). */
const WIN_ANSI_HIGH = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Per standard font, the WinAnsi glyphs PDFium's substitute measures otherwise than Adobe's metrics. */
const MISMEASURED: Readonly<Record<string, string>> = {
  Helvetica: '«»Ÿ›€',
  'Helvetica-Bold': '@Ÿ€',
  'Helvetica-Oblique': '@Ÿ‹€',
  'Helvetica-BoldOblique': '5@øŸ€',
  'Times-Roman': 'Ÿ€',
  'Times-Bold': 'Ÿ€',
  'Times-Italic': 'Ÿ',
  'Times-BoldItalic': 'Ÿ€',
  Courier: '',
  'Courier-Bold': '',
  'Courier-Oblique': '',
  'Courier-BoldOblique': '',
};

const codesOf = (text: string) => new Set([...text].map((c) => c.codePointAt(0)!));
const WIN_ANSI_HIGH_CODES = codesOf(WIN_ANSI_HIGH);

/** Whether a character is one of WinAnsi's (its spaces included: they were measured too). */
function inWinAnsi(code: number): boolean {
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_HIGH_CODES.has(code);
}

const checks = new Map<string, (code: number) => boolean>();

/**
 * For a standard font the PDF does not carry, named by its base name (no subset prefix), a test of
 * whether PDFium places a character of it where pdf.js does; undefined when the font was not
 * measured (Symbol, ZapfDingbats, a variant name), so none of its glyphs can be trusted.
 */
export function placedAsPdfjs(baseFont: string): ((code: number) => boolean) | undefined {
  if (!Object.hasOwn(MISMEASURED, baseFont)) return undefined;
  const mismeasured = MISMEASURED[baseFont]!;
  let check = checks.get(baseFont);
  if (!check) {
    const wrong = codesOf(mismeasured);
    check = (code) => inWinAnsi(code) && !wrong.has(code);
    checks.set(baseFont, check);
  }
  return check;
}

/** The twelve Latin standard fonts measured (for the test that measures them again). */
export const MEASURED_FONTS = Object.keys(MISMEASURED);
