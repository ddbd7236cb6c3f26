import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings.ts';
import { row } from '../stream/test-page.ts';
import type { PageContent } from '../types.ts';
import { pageLines } from './page-lines.ts';

const s = DEFAULT_SETTINGS.lines;
const page = (): PageContent => ({
  page: 1,
  width: 600,
  height: 800,
  rotation: 0,
  chunks: [...row(100, [['Solicitante', 50], ['Rubiela Salazar', 200]]), ...row(130, [['Oficina', 50], ['Jardín', 200]])],
  segments: [],
  fills: [],
});

describe('pageLines', () => {
  it('reads a page into lines, segments apart where words stand far apart', () => {
    const lines = pageLines(page(), [], s);
    expect(lines.map((l) => l.segments.map((g) => g.text))).toEqual([
      ['Solicitante', 'Rubiela Salazar'],
      ['Oficina', 'Jardín'],
    ]);
  });

  it('builds a page’s whole lines once for the same settings, the same lines each time', () => {
    const p = page();
    const first = pageLines(p, [], s);
    expect(pageLines(p, [], s)).toBe(first);
    // Other settings, or other words on the page, are read again.
    expect(pageLines(p, [], { ...s })).not.toBe(first);
    p.chunks = p.chunks.slice(0, 3);
    expect(pageLines(p, [], s).map((l) => l.text)).toEqual(['Solicitante Rubiela Salazar']);
  });

  it('leaves out the words inside excluded boxes, not from the page’s shared lines', () => {
    const p = page();
    const whole = pageLines(p, [], s);
    const free = pageLines(p, [{ x0: 0, y0: 120, x1: 600, y1: 140 }], s);
    expect(free.map((l) => l.text)).toEqual(['Solicitante Rubiela Salazar']);
    expect(pageLines(p, [], s)).toBe(whole);
  });
});
