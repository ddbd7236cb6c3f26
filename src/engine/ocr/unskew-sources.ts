import type { Box, CellSource, ClassifiedTable, ExtractedRow, PageContent } from '../types.ts';

type Deskew = NonNullable<PageContent['deskew']>;

const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * A box of the level page (where OCR placed the words) as it is printed on the tilted scan: its
 * corners turned back about the centre the image was turned about (ocr/deskew.ts `rotate` samples
 * the scan at these points), and the box around them.
 */
export function unskewBox(box: Box, d: Deskew): Box {
  const a = (-d.deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const corners = [
    [box.x0, box.y0],
    [box.x1, box.y0],
    [box.x0, box.y1],
    [box.x1, box.y1],
  ].map(([x, y]) => {
    const dx = x! - d.cx;
    const dy = y! - d.cy;
    return { x: d.cx + cos * dx + sin * dy, y: d.cy - sin * dx + cos * dy };
  });
  return {
    x0: round2(Math.min(...corners.map((p) => p.x))),
    y0: round2(Math.min(...corners.map((p) => p.y))),
    x1: round2(Math.max(...corners.map((p) => p.x))),
    y1: round2(Math.max(...corners.map((p) => p.y))),
  };
}

/**
 * The sources of rows read from levelled scans, moved to where the scan prints them: the review
 * draws the page as it is, so a box of the level page misses its value by the tilt times the
 * distance from the centre (1° and 300 pt: 5 pt, half a table row). Decision 055.
 */
export function unskewSources(tables: ClassifiedTable[], pages: readonly PageContent[]): ClassifiedTable[] {
  const turns = new Map(pages.flatMap((p) => (p.deskew ? [[p.page, p.deskew] as const] : [])));
  if (turns.size === 0) return tables;
  const cell = (c: CellSource, page: number): CellSource => {
    const d = turns.get(c.page ?? page);
    return d && c.box ? { ...c, box: unskewBox(c.box, d) } : c;
  };
  const row = (r: ExtractedRow): ExtractedRow => {
    const d = turns.get(r.source.page);
    if (!d && !Object.values(r.source.cells).some((c) => c.page !== undefined && turns.has(c.page))) return r;
    const cells = Object.fromEntries(Object.entries(r.source.cells).map(([k, c]) => [k, cell(c, r.source.page)]));
    return { ...r, source: { ...r.source, bbox: d ? unskewBox(r.source.bbox, d) : r.source.bbox, cells } };
  };
  return tables.map((t) => ({ ...t, rows: t.rows.map(row) }));
}
