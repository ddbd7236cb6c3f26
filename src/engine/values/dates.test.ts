import { describe, expect, it } from 'vitest';
import { parseDate } from './dates.ts';

describe('parseDate', () => {
  it('reads day-first numeric dates, never month-first', () => {
    expect(parseDate('22/09/2020')).toBe('2020-09-22');
    expect(parseDate('05-09-2025')).toBe('2025-09-05');
    expect(parseDate('04/10/2025')).toBe('2025-10-04');
    expect(parseDate('12/31/2025')).toBeUndefined();
  });

  it('reads Spanish month names and abbreviations', () => {
    expect(parseDate('15-abr-2025')).toBe('2025-04-15');
    expect(parseDate('01-sep-2024')).toBe('2024-09-01');
    expect(parseDate('27-ene-2026')).toBe('2026-01-27');
    expect(parseDate('15 de abril de 2025')).toBe('2025-04-15');
    expect(parseDate('Abril 15 de 2025')).toBe('2025-04-15');
  });

  it('rejects impossible dates and non-dates', () => {
    expect(parseDate('31/02/2025')).toBeUndefined();
    expect(parseDate('Año 1')).toBeUndefined();
    expect(parseDate('1.098.765.432')).toBeUndefined();
  });
});
