import { describe, expect, it } from 'vitest';
import { formatMegabytes, formatMoney, formatNumber, formatPercent } from './format-number.ts';

describe('Colombian number formats', () => {
  it('groups thousands with dots and marks decimals with a comma', () => {
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(1234)).toBe('1.234');
    expect(formatNumber(12.5)).toBe('12,5');
    expect(formatNumber(0.125, 2)).toBe('0,13');
    expect(formatNumber(-1200000)).toBe('-1.200.000');
    expect(formatNumber(0)).toBe('0');
  });
  it('prints money and percentages', () => {
    expect(formatMoney(1234567)).toBe('$ 1.234.567');
    expect(formatMoney(1347491.3)).toBe('$ 1.347.491,3');
    expect(formatMoney(-1200000)).toBe('-$ 1.200.000');
    expect(formatPercent(12.2)).toBe('12,2%');
  });
  it('prints file sizes in MB with the decimal comma (issue 11)', () => {
    expect(formatMegabytes(2.5 * 1024 * 1024)).toBe('2,5 MB');
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatMegabytes(123456)).toBe('0,12 MB');
    expect(formatMegabytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatMegabytes(8)).toBe('<0,01 MB');
    expect(formatMegabytes(0)).toBe('0 MB');
  });
});
