import { describe, expect, it } from 'vitest';
import { isListMarker, isNumeric } from './text-kinds.ts';

describe('isNumeric', () => {
  it('takes amounts, counts, rates, years and a dash for zero', () => {
    for (const t of ['1.347.491,3', '$ 25,600,000', '(1.200.000)', '-1.200.000', '12,20%', '2023', '$ -', '–', '100.0']) {
      expect(isNumeric(t), t).toBe(true);
    }
  });

  it('leaves words, codes and dates with letters alone', () => {
    for (const t of ['Q1', 'Mes', 'A-01', '15-abr-2025', 'IBR + 4,70%', '']) expect(isNumeric(t), t).toBe(false);
  });
});

describe('isListMarker', () => {
  it('takes bullets and enumerators', () => {
    for (const t of ['•', '-', '1.', '12)', 'a)', '(b)', 'iv.', '[3]', '2.1.']) expect(isListMarker(t), t).toBe(true);
  });

  it('leaves bare numbers and decimals to tables', () => {
    for (const t of ['1', '2.1', '12,5', 'Total', '$']) expect(isListMarker(t), t).toBe(false);
  });
});
