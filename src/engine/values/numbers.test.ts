import { describe, expect, it } from 'vitest';
import { addStyleVotes, decideStyle, parseNumber, styleOfToken } from './numbers.ts';

describe('parseNumber', () => {
  it('reads Colombian amounts', () => {
    expect(parseNumber('$ 1.347.491,3', 'co')).toBe(1347491.3);
    expect(parseNumber('$ 44.100.000', 'co')).toBe(44100000);
    expect(parseNumber('2,31', 'co')).toBe(2.31);
  });

  it('reads US amounts', () => {
    expect(parseNumber('$25,600,000', 'us')).toBe(25600000);
    expect(parseNumber('1,860.00', 'us')).toBe(1860);
    expect(parseNumber('1.50', 'us')).toBe(1.5);
  });

  it('settles the one ambiguous shape by the style, never by the cell', () => {
    expect(parseNumber('1.500', 'co')).toBe(1500);
    expect(parseNumber('1.500', 'us')).toBe(1.5);
    expect(parseNumber('1,500', 'co')).toBe(1.5);
    expect(parseNumber('1,500', 'us')).toBe(1500);
  });

  it('takes the last separator as the decimal mark when both appear', () => {
    expect(parseNumber('1.234,56', 'us')).toBe(1234.56);
    expect(parseNumber('1,234.56', 'co')).toBe(1234.56);
  });

  it('reads dashes as zero and parentheses or a minus as negative', () => {
    expect(parseNumber('$ -', 'co')).toBe(0);
    expect(parseNumber('-', 'co')).toBe(0);
    expect(parseNumber('$-', 'us')).toBe(0);
    expect(parseNumber('(1.200.000)', 'co')).toBe(-1200000);
    expect(parseNumber('-1.200.000', 'co')).toBe(-1200000);
    expect(parseNumber('$ (3.000)', 'co')).toBe(-3000);
  });

  it('refuses malformed groups and words', () => {
    expect(parseNumber('1.2.3', 'co')).toBeUndefined();
    expect(parseNumber('12.34.567', 'co')).toBeUndefined();
    expect(parseNumber('Mensual', 'co')).toBeUndefined();
    expect(parseNumber('', 'co')).toBeUndefined();
    expect(parseNumber('77.000 kg', 'co')).toBeUndefined();
  });

  it('refuses a run of digits too long to be a number rather than reading Infinity', () => {
    expect(parseNumber('9'.repeat(400), 'co')).toBeUndefined();
    expect(parseNumber(`$ ${'9'.repeat(400)},50`, 'co')).toBeUndefined();
    expect(parseNumber('9'.repeat(20), 'co')).toBe(1e20);
  });

  it('drops only the unit words it is told about', () => {
    expect(parseNumber('12 meses', 'co', { units: /\s*meses$/i })).toBe(12);
  });
});

describe('document style', () => {
  it('votes only on unambiguous shapes', () => {
    expect(styleOfToken('1.347.491')).toBe('co');
    expect(styleOfToken('25,600,000')).toBe('us');
    expect(styleOfToken('2,31')).toBe('co');
    expect(styleOfToken('1.500')).toBeUndefined();
  });

  it('decides by majority and ignores dates', () => {
    const votes = { co: 0, us: 0 };
    for (const t of ['$26,100,000', '1.50', '05.09.2025', '3,700']) addStyleVotes(votes, t);
    expect(votes).toEqual({ co: 0, us: 2 });
    expect(decideStyle(votes)).toBe('us');
    expect(decideStyle({ co: 0, us: 0 })).toBe('co');
  });
});
