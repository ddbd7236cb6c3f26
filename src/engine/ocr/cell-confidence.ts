import { findTable } from '../../shared/catalog/index.ts';
import { lowConfidenceWarning } from '../../shared/messages/engine.ts';
import type { Box, ClassifiedTable, LowConfidenceCell, PageContent, TextChunk } from '../types.ts';

/** A cell whose least confident OCR word is below this is flagged for review. */
export const LOW_CONFIDENCE = 0.6;
/** A word belongs to a cell when its centre lies within the cell's box grown by this (points). */
const CELL_MARGIN = 1;

function inside(c: TextChunk, b: Box): boolean {
  const cx = (c.x0 + c.x1) / 2;
  const cy = (c.y0 + c.y1) / 2;
  return cx >= b.x0 - CELL_MARGIN && cx <= b.x1 + CELL_MARGIN && cy >= b.y0 - CELL_MARGIN && cy <= b.y1 + CELL_MARGIN;
}

/** The least confidence of the OCR words in a box of a page; undefined when none is there. */
export function cellConfidence(page: PageContent, box: Box): number | undefined {
  let min: number | undefined;
  for (const c of page.chunks) {
    if (c.confidence === undefined || !inside(c, box)) continue;
    min = min === undefined ? c.confidence : Math.min(min, c.confidence);
  }
  return min;
}

/**
 * The stored cells of each table that OCR read with low confidence, found from each value's source
 * box and the page's OCR words. Each table's quality gets them (`lowConfidenceCells`) and a Spanish
 * warning when there are any. Tables on pages with a text layer are left as they are.
 */
export function flagLowConfidence(tables: readonly ClassifiedTable[], pages: readonly PageContent[]): void {
  const byNumber = new Map(pages.filter((p) => p.ocr).map((p) => [p.page, p]));
  if (!byNumber.size) return;
  for (const t of tables) {
    const flagged: LowConfidenceCell[] = [];
    t.rows.forEach((row, index) => {
      for (const [column, cell] of Object.entries(row.source.cells)) {
        const page = byNumber.get(cell.page ?? row.source.page);
        if (!page || !cell.box) continue;
        const confidence = cellConfidence(page, cell.box);
        if (confidence !== undefined && confidence < LOW_CONFIDENCE) flagged.push({ row: index, column, confidence });
      }
    });
    t.quality.lowConfidenceCells = flagged;
    if (flagged.length) t.quality.warnings.push(lowConfidenceWarning(findTable(t.table)?.title ?? t.table, flagged.length));
  }
}
