import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';
import { gridSpec, paragraph } from '../../tests/fixtures/engine/make-pdf.ts';

// Rules drawn as one-pixel images (issue 10, sixth pass; decision 013): PostScript distilled by
// Acrobat paints each of TeX's rules (dvips' rulefill) as a 1×1 image mask stretched over the
// rule's rectangle, not as a path. A document only read (not drawn) used to leave every image
// out of pdf.js's operator list, so such a page had no rules and its ruled tables were lost or
// read by text alignment alone. Each test reads the drawn page through findPageTables.

const ROWS = [
  ['Name', 'Meaning'],
  ['l', 'Left aligned text'],
  ['c', 'Centred text'],
  ['r', 'Right aligned text'],
];

function page(rulesAsImages: boolean) {
  const intro = paragraph('The column types this package knows are listed in the table below, with their meaning.', 120, 90, 400);
  const grid = gridSpec([160, 260, 480], [120, 140, 160, 180, 200], ROWS);
  const after = paragraph('Each column type may be given any number of times in a preamble.', 120, 240, 400);
  return { texts: [...intro.texts, ...(grid.texts ?? []), ...after.texts], lines: grid.lines ?? [], rulesAsImages };
}

describe('unseen: rules drawn as one-pixel images', () => {
  it('reads a grid ruled with stretched one-pixel image masks as the same ruled table', async () => {
    const tables = await tablesOfLayout(page(true));
    expect(tables.map((t) => t.rows)).toEqual([ROWS]);
    expect(tables[0]!.method).toBe('lattice');
  });

  it('finds what the same grid drawn with stroked paths gives', async () => {
    const [images] = await tablesOfLayout(page(true));
    const [paths] = await tablesOfLayout(page(false));
    expect(images!.rows).toEqual(paths!.rows);
    expect(images!.bbox.x0).toBeCloseTo(paths!.bbox.x0, 0);
    expect(images!.bbox.y1).toBeCloseTo(paths!.bbox.y1, 0);
  });
});
