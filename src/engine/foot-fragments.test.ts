import { describe, expect, it } from 'vitest';
import { keepFootFragments } from './foot-fragments.ts';
import type { RawTable } from './types.ts';

const table = (page: number, rows: string[][], footFragment?: boolean): RawTable => ({
  page,
  pages: [page],
  bbox: { x0: 0, y0: 0, x1: 100, y1: 100 },
  rows,
  cells: rows.map((r) => r.map(() => null)),
  rowPages: rows.map(() => page),
  pageBoxes: [{ page, bbox: { x0: 0, y0: 0, x1: 100, y1: 100 } }],
  method: 'stream',
  confidence: 0.5,
  context: [],
  ...(footFragment ? { footFragment } : {}),
});

describe('keepFootFragments', () => {
  const header = ['Descripción', 'Porcentaje', 'Valor'];
  const fragment = table(1, [header, ['Imprevistos', '4%', '$ 1.471.720']], true);

  it('keeps a fragment whose header the next page’s first table repeats, without the mark', () => {
    const next = table(2, [['Descripción', 'Porcentaje', 'Valor'], ['Seguro', '2%', '$ 735.860']]);
    const kept = keepFootFragments([fragment, next]);
    expect(kept).toHaveLength(2);
    expect(kept[0]).not.toHaveProperty('footFragment');
  });

  it('drops a fragment when the next page starts otherwise, or has no table, or another width', () => {
    expect(keepFootFragments([fragment, table(2, [['Actividad', 'Unidad', 'Valor'], ['Siembra', 'Jornal', '1']])])).toHaveLength(1);
    expect(keepFootFragments([fragment])).toEqual([]);
    expect(keepFootFragments([fragment, table(2, [[...header, 'Notas'], ['a', 'b', 'c', 'd']])])).toHaveLength(1);
  });
});
