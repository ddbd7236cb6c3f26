import { describe, expect, it } from 'vitest';
import { leftToRight, outsideBoxes, sortLeftToRight } from './geometry.ts';

const box = (x0: number, name: string) => ({ x0, y0: 0, x1: x0 + 1, y1: 1, name });

describe('leftToRight and sortLeftToRight: boxes by x0, as a stable sort orders them', () => {
  it('gives back the very array when it is already in order, ties included', () => {
    const boxes = [box(1, 'a'), box(2, 'b'), box(2, 'c'), box(5, 'd')];
    expect(leftToRight(boxes)).toBe(boxes);
    expect(sortLeftToRight(boxes)).toBe(boxes);
    expect(boxes.map((b) => b.name)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('sorts a copy (leftToRight) or the array itself (sortLeftToRight) when it is not, keeping ties in order', () => {
    const boxes = [box(3, 'a'), box(1, 'b'), box(3, 'c'), box(1, 'd')];
    const sorted = leftToRight(boxes);
    expect(sorted).not.toBe(boxes);
    expect(sorted.map((b) => b.name)).toEqual(['b', 'd', 'a', 'c']);
    expect(boxes.map((b) => b.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(sortLeftToRight(boxes)).toBe(boxes);
    expect(boxes.map((b) => b.name)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('orders exactly as Array.prototype.sort with the same comparison, NaN included', () => {
    const cases = [
      [0, 0, 0],
      [2, Number.NaN, 1],
      [Number.NaN, 1, 2],
      [1, Number.NaN, 0],
      [5, 4, 3, 2, 1],
      [-0, 0, -0],
    ];
    for (const xs of cases) {
      const boxes = xs.map((x, i) => box(x, String(i)));
      const expected = [...boxes].sort((a, b) => a.x0 - b.x0).map((b) => b.name);
      expect(leftToRight(boxes).map((b) => b.name)).toEqual(expected);
      expect(sortLeftToRight([...boxes]).map((b) => b.name)).toEqual(expected);
    }
  });
});

describe('outsideBoxes: the items no box holds, in their order', () => {
  const within = (b: { x0: number }, o: { x0: number; x1: number }) => b.x0 >= o.x0 && b.x0 <= o.x1;
  const items = [box(1, 'a'), box(5, 'b'), box(9, 'c'), box(2, 'd')];

  it('keeps every item when there is no box, as a new array', () => {
    const kept = outsideBoxes(items, [], within);
    expect(kept).toEqual(items);
    expect(kept).not.toBe(items);
  });

  it('drops what any box holds and keeps the rest in order, as filter with some would', () => {
    const taken = [{ x0: 0, y0: 0, x1: 1.5, y1: 1 }, { x0: 8, y0: 0, x1: 10, y1: 1 }];
    const kept = outsideBoxes(items, taken, within);
    expect(kept.map((b) => b.name)).toEqual(['b', 'd']);
    expect(kept).toEqual(items.filter((b) => !taken.some((t) => within(b, t))));
  });
});
