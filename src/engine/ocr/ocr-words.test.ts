import { describe, expect, it } from 'vitest';
import { fixAmountMarks, groupSeparator, joinSplitNumbers, normalizeOcrText } from './ocr-words.ts';
import { blocksToWords, type OcrWord } from './recognize.ts';

function word(text: string, x0: number, x1: number, extra: Partial<OcrWord> = {}): OcrWord {
  return { text, x0, x1, y0: 100, y1: 120, confidence: 0.9, rowHeight: 20, baseline: 120, ...extra };
}

describe('OCR word fixes', () => {
  it('joins a number split where OCR lost a thousands separator', () => {
    const out = joinSplitNumbers([word('9.265', 0, 50), word('803', 56, 86), word('kg', 200, 220)]);
    expect(out.map((w) => w.text)).toEqual(['9.265.803', 'kg']);
    expect(out[0]).toMatchObject({ x0: 0, x1: 86 });
  });

  it("puts back the page's separator when the number shows none", () => {
    const words = [word('1,234,567', 0, 80, { baseline: 300 }), word('8', 0, 10), word('300', 14, 44), word('000', 48, 78)];
    expect(groupSeparator(words)).toBe(',');
    expect(joinSplitNumbers(words).map((w) => w.text)).toEqual(['1,234,567', '8,300,000']);
  });

  it('joins the decimals OCR split off a grouped amount', () => {
    expect(joinSplitNumbers([word('4.082.784', 0, 80), word('00', 84, 100)]).map((w) => w.text)).toEqual(['4.082.784,00']);
    expect(joinSplitNumbers([word('8,300', 0, 50), word('00', 54, 70)]).map((w) => w.text)).toEqual(['8,300.00']);
  });

  it('leaves apart numbers in separate cells, on other lines, or not in groups of three', () => {
    expect(joinSplitNumbers([word('12', 0, 20), word('300', 80, 110)]).length).toBe(2);
    expect(joinSplitNumbers([word('12', 0, 20), word('300', 24, 54, { baseline: 160 })]).length).toBe(2);
    expect(joinSplitNumbers([word('12', 0, 20), word('30', 24, 44)]).length).toBe(2);
    expect(joinSplitNumbers([word('Año', 0, 20), word('300', 24, 54)]).length).toBe(2);
    // A quantity before an amount that shows its own separators (`11  150,000.00`), half a row apart;
    // a lost separator leaves a narrower gap.
    expect(joinSplitNumbers([word('11', 0, 20), word('150,000.00', 31, 110)]).map((w) => w.text)).toEqual(['11', '150,000.00']);
    expect(joinSplitNumbers([word('$2', 0, 20), word('184.167', 26, 80)]).map((w) => w.text)).toEqual(['$2.184.167']);
  });

  it('joins digits split without a separator when they make one number, as close as a lost separator leaves them', () => {
    expect(joinSplitNumbers([word('9265', 0, 40), word('803', 46, 76)]).map((w) => w.text)).toEqual(['9265803']);
    expect(joinSplitNumbers([word('1', 0, 8), word('4353808', 13, 80)]).map((w) => w.text)).toEqual(['14353808']);
    expect(joinSplitNumbers([word('$3.955', 0, 50), word('8472', 55, 90)]).map((w) => w.text)).toEqual(['$3.955', '8472']);
    expect(joinSplitNumbers([word('12', 0, 20), word('4000', 40, 80)]).map((w) => w.text)).toEqual(['12', '4000']);
  });

  it("writes amounts with two decimals again with the page's own marks", () => {
    const words = [word('$8,300.00', 0, 10), word('$13.479.200.00', 0, 10), word('1,250', 0, 10), word('35,755.500.00', 0, 10)];
    expect(fixAmountMarks(words).map((w) => w.text)).toEqual(['$8,300.00', '$13,479,200.00', '1,250', '35,755,500.00']);
    expect(fixAmountMarks([word('1.234,56', 0, 10), word('7,890.12', 0, 10), word('3.000,00', 0, 10)]).map((w) => w.text)).toEqual(['1.234,56', '7.890,12', '3.000,00']);
  });

  it('reads the number sign', () => {
    expect(normalizeOcrText([word('N*', 0, 10), word('N”', 0, 10), word('No', 0, 10)]).map((w) => w.text)).toEqual(['N°', 'N°', 'No']);
  });

  it("reads the number sign with the label's colon read onto it (`Solicitud N*:`)", () => {
    expect(normalizeOcrText([word('N*:', 0, 10), word('N”:', 0, 10), word('N:', 0, 10)]).map((w) => w.text)).toEqual(['N°:', 'N°:', 'N:']);
  });

  it("takes Tesseract's words with their confidence, a word's box ending before the next word", () => {
    const box = (x0: number, x1: number) => ({ x0, y0: 10, x1, y1: 30 });
    const words = blocksToWords([
      {
        paragraphs: [
          {
            lines: [
              {
                bbox: box(0, 200),
                baseline: { x0: 0, y0: 30, x1: 200, y1: 30 },
                rowAttributes: { row_height: 20 },
                words: [
                  // LSTM boxes can run over the next word.
                  { text: 'Venta', confidence: 96, bbox: box(0, 200) },
                  { text: 'de', confidence: 40, bbox: box(80, 110) },
                  { text: ' ', confidence: 0, bbox: box(120, 121) },
                ],
              },
            ],
          },
        ],
      },
    ]);
    expect(words.map((w) => [w.text, w.confidence])).toEqual([
      ['Venta', 0.96],
      ['de', 0.4],
    ]);
    expect(words[0]!.x1).toBeLessThan(80);
    expect(words[0]).toMatchObject({ rowHeight: 20, baseline: 30 });
  });
});
