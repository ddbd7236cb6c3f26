import { describe, expect, it } from 'vitest';
import { makePdf, type TextSpec } from '../../../tests/fixtures/engine/make-pdf.ts';
import { makeScan } from '../../../tests/fixtures/ocr/make-scan.ts';
import { extractRawTables } from '../extract.ts';

/**
 * Decision 070, issue 10: a word the blur misreads on one line (`captal`, `temeros`, printed here as
 * OCR reads them in small print) is mended by the same word the document prints legibly elsewhere;
 * without that legible copy it stays as read (nothing comes from a word list).
 */
const small: TextSpec[] = [
  { text: 'Abono a captal', x: 40, y: 120, size: 8 },
  { text: 'Venta de temeros', x: 40, y: 140, size: 8 },
];
const legible: TextSpec[] = [
  { text: 'PLAN DE ABONO A CAPITAL', x: 40, y: 60, size: 14, bold: true },
  { text: 'Venta de terneros', x: 40, y: 200, size: 14 },
];

async function wordsOf(texts: TextSpec[]): Promise<string[]> {
  const scan = await makeScan(await makePdf([{ width: 612, height: 792, texts }]), { dpi: 150 });
  const r = await extractRawTables(scan);
  return r.pages.flatMap((p) => p.chunks.map((c) => c.text));
}

describe('words mended by the document’s own words, on a scan', () => {
  it('reads `captal` and `temeros` as the `CAPITAL` and `terneros` the page prints legibly', async () => {
    const words = await wordsOf([...legible, ...small]);
    expect(words).not.toContain('captal');
    expect(words).not.toContain('temeros');
    expect(words.filter((w) => w === 'capital')).toHaveLength(1);
  }, 60_000);

  it('leaves them as read when the document prints no legible copy', async () => {
    const words = await wordsOf(small);
    expect(words).toContain('captal');
    expect(words).toContain('temeros');
  }, 60_000);
});
