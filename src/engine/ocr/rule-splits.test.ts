import { describe, expect, it } from 'vitest';
import type { OcrWord } from './recognize.ts';
import { splitWordsAtRules, type ColumnRule } from './rule-splits.ts';

/** A word of 10-px glyphs from `x`, its glyphs given as Tesseract gives them. */
function word(text: string, x: number, glyphs = true): OcrWord {
  const chars = [...text];
  return {
    text,
    x0: x,
    x1: x + 10 * chars.length,
    y0: 100,
    y1: 120,
    confidence: 0.8,
    rowHeight: 20,
    baseline: 120,
    line: 3,
    ...(glyphs ? { glyphs: chars.map((c, i) => ({ text: c, x0: x + 10 * i, x1: x + 10 * i + 9 })) } : {}),
  };
}

const rule = (x: number, y0 = 60, y1 = 200): ColumnRule => ({ x, y0, y1, half: 2 });

describe('words parted at column rules', () => {
  it("parts two cells read as one word at the rule between them (`3,72|Siembra`), the rule's remnant dropped", () => {
    const [a, b] = splitWordsAtRules([word('3,72|Siembra', 0)], [rule(45)]);
    expect(a).toMatchObject({ text: '3,72', x0: 0, x1: 39, confidence: 0.8, line: 3 });
    expect(b).toMatchObject({ text: 'Siembra', x0: 50, x1: 119 });
    expect(a!.glyphs).toBeUndefined();
    const [c, d] = splitWordsAtRules([word('7,100kg', 0)], [rule(50)]);
    expect([c!.text, d!.text]).toEqual(['7,100', 'kg']);
  });

  it("drops a rule's remnant at a word's edge (`|Fedearroz`, `600]`)", () => {
    expect(splitWordsAtRules([word('|Fedearroz', 0), word('600]', 200)], [rule(4), rule(236)]).map((w) => w.text)).toEqual(['Fedearroz', '600']);
  });

  it('leaves words no column rule crosses, words without glyphs, and bars away from a rule', () => {
    const words = [word('Castilla', 0), word('3,72|Siembra', 200, false), word('a|b', 400)];
    expect(splitWordsAtRules(words, [rule(120), rule(245), rule(45, 130, 200), rule(30, 60, 80)]).map((w) => w.text)).toEqual(['Castilla', '3,72|Siembra', 'a|b']);
    // A stroke taken for a rule, no longer than the word is tall, parts nothing.
    expect(splitWordsAtRules([word('Naranjal', 0)], [rule(45, 95, 120)]).map((w) => w.text)).toEqual(['Naranjal']);
  });
});
