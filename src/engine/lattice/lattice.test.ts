import { describe, expect, it } from 'vitest';
import type { PageContent, Segment, TextChunk } from '../types.ts';
import { cellsToTables, edgesToIntersections, intersectionsToCells } from './cells.ts';
import { segmentsToSnapped, snappedToMerged } from './edges.ts';
import { findLatticeTables } from './find-lattice-tables.ts';
import { cellsToGrid, gridToRows } from './grid.ts';
import { DEFAULT_SETTINGS, resolveSettings } from '../settings.ts';

const s = DEFAULT_SETTINGS.lattice;
const h = (y: number, x0: number, x1: number): Segment => ({ x0, x1, y0: y, y1: y, orientation: 'h' });
const v = (x: number, y0: number, y1: number): Segment => ({ x0: x, x1: x, y0, y1, orientation: 'v' });

function word(text: string, cx: number, cy: number): TextChunk {
  const w = text.length * 4;
  return { text, x0: cx - w / 2, x1: cx + w / 2, y0: cy - 4, y1: cy + 4, size: 8, upright: true };
}

/** Rules of a full grid with the given boundaries. */
function grid(xs: number[], ys: number[]): Segment[] {
  const x0 = xs[0] as number;
  const x1 = xs[xs.length - 1] as number;
  const y0 = ys[0] as number;
  const y1 = ys[ys.length - 1] as number;
  return [...ys.map((y) => h(y, x0, x1)), ...xs.map((x) => v(x, y0, y1))];
}

function page(segments: Segment[], chunks: TextChunk[]): PageContent {
  return { page: 1, width: 600, height: 800, rotation: 0, segments, chunks, fills: [] };
}

describe('segmentsToSnapped → snappedToMerged', () => {
  it('snaps nearly collinear rules and joins their pieces', () => {
    const merged = snappedToMerged(segmentsToSnapped([h(100, 0, 50), h(101.5, 51, 100), v(10, 0, 5)], s), s);
    const hs = merged.filter((e) => e.orientation === 'h');
    expect(hs).toHaveLength(1);
    expect(hs[0]).toMatchObject({ x0: 0, x1: 100 });
    expect(hs[0]?.y0).toBeCloseTo(100.75);
  });

  it('keeps pieces apart when the gap exceeds the join tolerance', () => {
    const merged = snappedToMerged([h(100, 0, 50), h(100, 60, 100)], s);
    expect(merged).toHaveLength(2);
  });

  it('drops rules shorter than the minimum length', () => {
    expect(snappedToMerged([h(100, 0, 2)], s)).toHaveLength(0);
  });
});

describe('edgesToIntersections → intersectionsToCells → cellsToTables', () => {
  it('turns a 3×3 grid into 9 cells in one table', () => {
    const edges = grid([0, 50, 100, 150], [0, 20, 40, 60]);
    const points = edgesToIntersections(edges, s);
    expect(points.size).toBe(16);
    const cells = intersectionsToCells(points);
    expect(cells).toHaveLength(9);
    expect(cellsToTables(cells)).toHaveLength(1);
  });

  it('counts rules that stop just short of each other as meeting', () => {
    const edges = [h(0, 0, 100), h(20, 2, 98), v(0, 0, 18), v(100, 1, 20), v(50, 0, 20)];
    expect(intersectionsToCells(edgesToIntersections(edges, s))).toHaveLength(2);
  });

  it('separates two grids that do not touch', () => {
    const edges = [...grid([0, 50, 100], [0, 20, 40]), ...grid([0, 50, 100], [100, 120, 140])];
    const tables = cellsToTables(intersectionsToCells(edgesToIntersections(edges, s)));
    expect(tables).toHaveLength(2);
    expect(tables[0]?.[0]?.y0).toBe(0);
  });
});

describe('gridToRows', () => {
  it('writes a spanning cell at its top-left position and leaves the covered positions empty', () => {
    // Header spans the two right columns (no vertical rule at x=100 in the first row).
    const edges = [h(0, 0, 150), h(20, 0, 150), h(40, 0, 150), v(0, 0, 40), v(50, 0, 40), v(150, 0, 40), v(100, 20, 40)];
    const cells = intersectionsToCells(edgesToIntersections(edges, s));
    const g = cellsToGrid(cells);
    const { rows } = gridToRows(g, [word('Item', 25, 10), word('VALOR', 100, 10), word('a', 25, 30), word('1', 75, 30), word('2', 125, 30)], DEFAULT_SETTINGS.lines);
    expect(rows).toEqual([
      ['Item', 'VALOR', ''],
      ['a', '1', '2'],
    ]);
  });

  it('joins the lines of a multi-line cell in reading order', () => {
    const g = cellsToGrid(intersectionsToCells(edgesToIntersections(grid([0, 100, 200], [0, 30, 50]), s)));
    const { rows } = gridToRows(g, [word('segunda', 50, 20), word('primera', 50, 10), word('x', 150, 15), word('y', 50, 40), word('z', 150, 40)], DEFAULT_SETTINGS.lines);
    expect(rows[0]).toEqual(['primera segunda', 'x']);
  });
});

describe('findLatticeTables', () => {
  it('finds two tables on one page with their context lines', () => {
    const segs = [...grid([0, 50, 100], [100, 120, 140]), ...grid([0, 50, 100], [300, 320, 340])];
    const title = { ...word('CULTIVOS', 30, 90) };
    const words = [title, word('a', 25, 110), word('b', 75, 110), word('c', 25, 130), word('d', 75, 130), word('e', 25, 310), word('f', 75, 330)];
    const tables = findLatticeTables(page(segs, words));
    expect(tables.map((t) => t.rows)).toEqual([
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
      [
        ['e', ''],
        ['', 'f'],
      ],
    ]);
    expect(tables[0]).toMatchObject({ method: 'lattice', page: 1, pages: [1], context: ['CULTIVOS'] });
    expect(tables[0]?.confidence).toBeGreaterThan(0.9);
    expect(tables[1]?.context).toEqual([]);
  });

  it('rejects a grid with a single column or row (a box, a rule)', () => {
    expect(findLatticeTables(page(grid([0, 100], [0, 20, 40, 60]), [word('a', 50, 10)]))).toEqual([]);
    expect(findLatticeTables(page(grid([0, 50, 100], [0, 20]), [word('a', 25, 10)]))).toEqual([]);
  });

});

describe('implied outer frame (regression: tabula spreadsheet_no_bounding_frame)', () => {
  it('closes a grid whose rules run past the last vertical rule on the left', () => {
    // Rows ruled from x=0, vertical rules only from x=100: the label column has no left border.
    const ys = [0, 20, 40, 60];
    const segs = [...ys.map((y) => h(y, 0, 200)), v(100, 0, 60), v(150, 0, 60), v(200, 0, 60)];
    const words = [word('COTTON', 40, 30), word('1', 125, 30), word('2', 175, 30), word('RICE', 40, 50), word('3', 125, 50), word('4', 175, 50)];
    const rows = findLatticeTables(page(segs, words))[0]?.rows;
    expect(rows?.slice(1)).toEqual([
      ['COTTON', '1', '2'],
      ['RICE', '3', '4'],
    ]);
  });

  it('does not bridge two separate tables through the implied frame', () => {
    const a = [h(0, 0, 200), h(20, 0, 200), h(40, 0, 200), v(100, 0, 40), v(200, 0, 40)];
    const b = [h(300, 0, 200), h(320, 0, 200), h(340, 0, 200), v(100, 300, 340), v(200, 300, 340)];
    const words = [word('a', 50, 10), word('b', 150, 10), word('c', 150, 30), word('d', 50, 310), word('e', 150, 310), word('f', 150, 330)];
    const tables = findLatticeTables(page([...a, ...b], words));
    expect(tables).toHaveLength(2);
    expect(tables.map((t) => t.bbox.y1 - t.bbox.y0)).toEqual([40, 40]);
  });
});

describe('drawings are not tables', () => {
  it('gives up quickly on a page of dense hatching', () => {
    // 2,000 × 2,000 crossing rules would be 4 million intersections.
    const segs: Segment[] = [];
    for (let i = 0; i < 2000; i++) segs.push(h(i * 0.4 + 0.2, 0, 800), v(i * 0.4 + 0.2 + 5, 0, 800));
    // Without the edge budget this would build a 2,000 × 2,000 grid around the word.
    const tables = findLatticeTables(page(segs, [word('x', 10, 10)]), resolveSettings({ lattice: { snapTolerancePt: 0, joinTolerancePt: 0 } }));
    expect(tables).toEqual([]);
  });
});
