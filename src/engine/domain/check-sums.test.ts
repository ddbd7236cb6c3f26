import { describe, expect, it } from 'vitest';
import { findTable } from '../../shared/catalog/index.ts';
import { checkSumsOf, type SumEvent } from './check-sums.ts';

// The review flags the items a failing total added up (decision 055): each check sum says which
// rows they are, counted in the rows read where the total is printed.
const costos = findTable('CostosDirectos')!;
const item = (v: number): SumEvent => ({ kind: 'item', values: { valor_total: v } });
const check = (label: string, v: number): SumEvent => ({ kind: 'check', label, subtotal: /^sub/i.test(label), page: 1, printed: [{ column: 'valor_total', value: v }] });
const section: SumEvent = { kind: 'section' };

describe('check sums name the rows they add up', () => {
  it('a SUBTOTAL its section, a TOTAL the whole table', () => {
    const sums = checkSumsOf(costos, [section, item(1), item(2), check('SUBTOTAL A', 3), section, item(4), check('SUBTOTAL B', 9), check('TOTAL', 7)]);
    expect(sums.map((s) => [s.label, s.rows, s.ok])).toEqual([
      ['SUBTOTAL A', { from: 0, to: 2 }, true],
      ['SUBTOTAL B', { from: 2, to: 3 }, false],
      ['TOTAL', { from: 0, to: 3 }, true],
    ]);
  });

  it('on a continuation, counted from its own first row, reaching back into the earlier pages’ rows', () => {
    const sums = checkSumsOf(costos, [item(1), item(2), item(3), check('TOTAL', 10)], 2);
    expect(sums).toEqual([
      { table: 'CostosDirectos', kind: 'column', label: 'TOTAL', page: 1, column: 'valor_total', printed: 10, computed: 6, ok: false, rows: { from: -2, to: 1 } },
    ]);
  });
});
