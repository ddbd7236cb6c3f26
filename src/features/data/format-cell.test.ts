import { describe, expect, it } from 'vitest';
import { formatCell } from './format-cell.ts';

describe('formatCell (Colombian Spanish)', () => {
  it('prints each column type the way the tables are read in Colombia', () => {
    expect(formatCell(1234567, 'money')).toBe('$ 1.234.567');
    expect(formatCell(-2500.5, 'money')).toBe('-$ 2.500,5');
    expect(formatCell(12.5, 'decimal')).toBe('12,5');
    expect(formatCell(3.25, 'hectares')).toBe('3,25');
    expect(formatCell(1500, 'int')).toBe('1.500');
    expect(formatCell(12.2, 'percent')).toBe('12,2%');
    expect(formatCell('2025-04-15', 'date')).toBe('15/04/2025');
    expect(formatCell('Urea 46%', 'text')).toBe('Urea 46%');
  });
  it('leaves empty cells empty', () => {
    expect(formatCell(null, 'money')).toBe('');
    expect(formatCell(undefined, 'text')).toBe('');
  });
});
