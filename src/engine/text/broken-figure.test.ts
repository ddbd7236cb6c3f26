import { describe, expect, it } from 'vitest';
import { joinsAsFigure } from './broken-figure.ts';

describe('joinsAsFigure', () => {
  it('joins a figure broken inside its digits, grouped or not (`326,8` over `0`)', () => {
    expect(joinsAsFigure('326,8', '0')).toBe(true);
    expect(joinsAsFigure('547,4', '8')).toBe(true);
    expect(joinsAsFigure('$13,808.7', '6')).toBe(true);
    expect(joinsAsFigure('215,33', '8')).toBe(true);
    expect(joinsAsFigure('17/07/202', '2')).toBe(true);
    expect(joinsAsFigure('2020-11-', '18')).toBe(true);
  });

  it('joins a minus sign broken off its figure (`-` over `312,09`)', () => {
    expect(joinsAsFigure('-', '312,09')).toBe(true);
    expect(joinsAsFigure('–', '1.234,50')).toBe(true);
    expect(joinsAsFigure('-', 'Total')).toBe(false);
    expect(joinsAsFigure('-', '12,5,3')).toBe(false);
  });

  it('leaves what would not make one figure again', () => {
    expect(joinsAsFigure('2024', '2025')).toBe(false);
    expect(joinsAsFigure('12,5', '300')).toBe(false);
    expect(joinsAsFigure('12,5', '67,1')).toBe(false);
    expect(joinsAsFigure('Total', '7')).toBe(false);
  });
});
