import { describe, expect, it } from 'vitest';
import { documentTypeOf, REQUEST_NUMBER } from './identifiers.ts';
import { parseCell } from './parse-cell.ts';
import { parsePercent, rateToPercent } from './percent.ts';

describe('percentages and rates', () => {
  it('reads plain percentages', () => {
    expect(parsePercent('12,20%', 'co')).toBe(12.2);
    expect(parsePercent('5,00%', 'co')).toBe(5);
    expect(parsePercent('4.70 %', 'us')).toBe(4.7);
  });

  it('gives a rate number only when the rate is a plain percentage', () => {
    expect(rateToPercent('12,20% E.A.', 'co')).toBe(12.2);
    expect(rateToPercent('1,5% M.V.', 'co')).toBe(1.5);
    expect(rateToPercent('DTF + 7% E.A.', 'co')).toBeUndefined();
    expect(rateToPercent('IBR + 4,70%', 'co')).toBeUndefined();
  });
});

describe('parseCell', () => {
  it('types by column and keeps what does not parse as raw text, flagged', () => {
    expect(parseCell('$ 1.347.491,3', 'money', 'co')).toEqual({ value: 1347491.3, ok: true });
    expect(parseCell('12 meses', 'int', 'co')).toEqual({ value: 12, ok: true });
    expect(parseCell('2,5 ha', 'hectares', 'co')).toEqual({ value: 2.5, ok: true });
    expect(parseCell('15-abr-2025', 'date', 'co')).toEqual({ value: '2025-04-15', ok: true });
    expect(parseCell('por definir', 'money', 'co')).toEqual({ value: 'por definir', ok: false });
    expect(parseCell('   ', 'money', 'co')).toEqual({ value: undefined, ok: true });
  });

  it('mends digits OCR read as letters, in numeric columns only', () => {
    expect(parseCell('4l', 'int', 'co')).toEqual({ value: 41, ok: true });
    expect(parseCell('o', 'money', 'co')).toEqual({ value: 0, ok: true });
    expect(parseCell('$ 1.O5O.000', 'money', 'co')).toEqual({ value: 1050000, ok: true });
    expect(parseCell('4l', 'text', 'co')).toEqual({ value: '4l', ok: true });
    // Words stay words.
    expect(parseCell('so', 'money', 'co')).toEqual({ value: 'so', ok: false });
    expect(parseCell('Sl', 'int', 'co')).toEqual({ value: 'Sl', ok: false });
    expect(parseCell('Total', 'money', 'co')).toEqual({ value: 'Total', ok: false });
  });

  it('keeps identifiers as text', () => {
    expect(parseCell('0022966686', 'text', 'co').value).toBe('0022966686');
    expect(documentTypeOf('900.123.456-7')).toBe('NIT');
    expect(documentTypeOf('1.098.765.432')).toBe('C.C.');
    expect(REQUEST_NUMBER.test('2025-000123')).toBe(true);
  });
});
