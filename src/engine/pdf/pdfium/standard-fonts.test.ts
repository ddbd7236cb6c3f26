import { Encodings, Font, type FontNames } from '@pdf-lib/standard-fonts';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfium } from './module.ts';
import { MEASURED_FONTS, placedAsPdfjs } from './standard-fonts.ts';

// The table of standard-fonts.ts measured again: every WinAnsi character of each Latin standard
// font, drawn between two X's by pdf-lib (which does not embed standard fonts), its advance read
// from PDFium's origins and compared with Adobe's metrics (pdf-lib's, those pdf.js places by).

const WIN_ANSI = Encodings.WinAnsi.supportedCodePoints.filter((c) => c >= 0x20);

/** Per WinAnsi character, the code PDFium reports for it and its advance, in thousandths of an em. */
async function pdfiumAdvances(fontName: string): Promise<{ code: number; advance: number }[]> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(fontName);
  const page = doc.addPage([600, 800]);
  WIN_ANSI.forEach((cp, i) => page.drawText(`X${String.fromCodePoint(cp)}X`, { x: 20 + (i % 10) * 55, y: 780 - Math.floor(i / 10) * 20, size: 10, font }));
  const bytes = await doc.save();
  const { fn, heap } = await pdfium();
  const data = fn.malloc(bytes.length);
  const scratch = fn.malloc(16);
  heap().u8.set(bytes, data);
  const pdf = fn.FPDF_LoadMemDocument(data, bytes.length, 0);
  const pdfPage = fn.FPDF_LoadPage(pdf, 0);
  const text = fn.FPDFText_LoadPage(pdfPage);
  const chars: { code: number; x: number }[] = [];
  for (let i = 0; i < fn.FPDFText_CountChars(text); i++) {
    const code = fn.FPDFText_GetUnicode(text, i);
    if (code === 0x0d || code === 0x0a || fn.FPDFText_IsGenerated(text, i) || !fn.FPDFText_GetCharOrigin(text, i, scratch, scratch + 8)) continue;
    chars.push({ code, x: heap().f64[scratch >> 3]! });
  }
  fn.FPDFText_ClosePage(text);
  fn.FPDF_ClosePage(pdfPage);
  fn.FPDF_CloseDocument(pdf);
  fn.free(data);
  fn.free(scratch);
  const advances: { code: number; advance: number }[] = [];
  for (let i = 0; i + 2 < chars.length; i += 3) advances.push({ code: chars[i + 1]!.code, advance: (chars[i + 2]!.x - chars[i + 1]!.x) * 100 });
  return advances;
}

describe('standard fonts the PDF does not carry: which glyphs PDFium places as pdf.js', () => {
  it.each(MEASURED_FONTS)('%s: the table names exactly the glyphs measured otherwise', async (name) => {
    const advances = await pdfiumAdvances(name);
    const metrics = Font.load(name as FontNames);
    expect(advances).toHaveLength(WIN_ANSI.length);
    const check = placedAsPdfjs(name)!;
    WIN_ANSI.forEach((cp, i) => {
      const { code, advance } = advances[i]!;
      const adobe = metrics.getWidthOfGlyph(Encodings.WinAnsi.encodeUnicodeCodePoint(cp).name) ?? Number.NaN;
      // As chars.ts reads it: PDFium's mark of a hyphen is the hyphen (the soft hyphen's glyph).
      const read = code === 0x02 ? 0x2d : code;
      expect(check(read), `${String.fromCodePoint(cp)} U+${cp.toString(16)} read as U+${code.toString(16)}: PDFium ${advance}, Adobe ${adobe}`).toBe(Math.abs(advance - adobe) < 0.05);
    });
  });

  it('trusts nothing of a font not measured, and no character outside WinAnsi', () => {
    expect(placedAsPdfjs('Symbol')).toBeUndefined();
    expect(placedAsPdfjs('Helvetica-Narrow')).toBeUndefined();
    expect(placedAsPdfjs('Helvetica')!(0x2212)).toBe(false);
    expect(placedAsPdfjs('Helvetica')!(0x41)).toBe(true);
  });
});
