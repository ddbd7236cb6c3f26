import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPdf } from './extract.ts';
import { loadPages } from './pdf/load-pages.ts';
import { extractedRowsByTable } from './rows-by-table.ts';
import { corpusDir } from './test-corpus.ts';
import type { Box, PageContent } from './types.ts';

// Every stored row of a born-digital document says where it was printed, and truly: each
// non-empty value has a box, and the printed words of its text sit on that box of that page.
const DOMAIN = corpusDir('domain-dev');
const FIXTURES = resolve(import.meta.dirname, '../../tests');
const CASES = [
  join(FIXTURES, 'integration/fixtures/grid-1001.pdf'),
  join(FIXTURES, 'fixtures/stream/stream-2006.pdf'),
  ...(DOMAIN ? readdirSync(DOMAIN).filter((f) => /^(grid|stream|writer)-.*\.pdf$/.test(f)).map((f) => join(DOMAIN, f)) : []),
];

/** Boxes meet with some area (a shared edge is not enough). */
const overlaps = (a: Box, b: Box): boolean => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.1 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.1;
const squash = (s: string): string => s.replace(/\s+/g, '');

/** The words of `text` not printed on `box` of the page (none when the box covers the text). */
function missingWords(page: PageContent, box: Box, text: string): string[] {
  const printed = squash(page.chunks.filter((c) => overlaps(c, box)).map((c) => c.text).join(''));
  return text.split(/\s+/).filter((w) => w && !printed.includes(w));
}

describe('row sources on born-digital documents', () => {
  it.each(CASES.map((f) => [relative(resolve(FIXTURES, '../..'), f), f]))('%s', async (_name, file) => {
    const bytes = new Uint8Array(readFileSync(file));
    const result = await extractPdf(bytes.slice());
    const { pages } = await loadPages(bytes.slice());
    expect(result.status).toBe('ok');
    expect(result.pageSizes.map((p) => p.page)).toEqual(pages.map((p) => p.page));
    const tables = extractedRowsByTable(result);
    expect(Object.keys(tables).length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const [name, rows] of Object.entries(tables)) {
      rows.forEach(({ values, source }, i) => {
        const where = `${name}[${i}]`;
        const size = result.pageSizes.find((p) => p.page === source.page);
        if (!size) return problems.push(`${where}: page ${source.page} out of range`);
        const b = source.bbox;
        if (b.x0 < -1 || b.y0 < -1 || b.x1 > size.width + 1 || b.y1 > size.height + 1 || b.x0 >= b.x1 || b.y0 >= b.y1) problems.push(`${where}: table box off the page`);
        for (const [key, value] of Object.entries(values)) {
          if (value === null || value === '') continue;
          const cell = source.cells[key];
          if (!cell?.box) {
            problems.push(`${where}.${key}: no box`);
            continue;
          }
          const page = pages.find((p) => p.page === (cell.page ?? source.page))!;
          const missing = missingWords(page, cell.box, cell.text);
          if (missing.length) problems.push(`${where}.${key}: «${missing.join(' ')}» of «${cell.text}» not printed in its box`);
        }
      });
    }
    expect(problems).toEqual([]);
  });
});
