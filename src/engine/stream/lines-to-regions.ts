import type { Box } from '../types.ts';
import type { TextLine } from './chunks-to-lines.ts';
import type { StreamSettings } from './settings.ts';

/** A run of lines that may hold one table, with the lines just above it that may title it. */
export interface Region {
  lines: TextLine[];
}

/** One long sentence across most of the text width: prose, never part of a table. */
export function isProse(line: TextLine, textWidth: number, settings: StreamSettings): boolean {
  return line.phrases.some(
    (p) => p.x1 - p.x0 >= settings.proseWidthShare * textWidth && p.words.length >= settings.proseMinWords,
  );
}

function boxBetween(upper: TextLine, lower: TextLine, exclude: readonly Box[]): boolean {
  const x0 = Math.min(upper.x0, lower.x0);
  const x1 = Math.max(upper.x1, lower.x1);
  return exclude.some((b) => b.y0 < lower.yc && b.y1 > upper.yc && b.x0 < x1 && b.x1 > x0);
}

/** A bigger single-phrase line over smaller text: a title that starts something new. */
function isTitleOver(title: TextLine, below: TextLine, settings: StreamSettings): boolean {
  const ratio = title.size / below.size;
  return ratio > settings.titleSizeRatio && (title.phrases.length === 1 || (title.phrases.length <= 3 && ratio > settings.titleSizeRatioMulti));
}

/**
 * Text set in another size after a clear gap (a running page header over a continued table, a
 * footnote under it) belongs to something else; a header row in a slightly smaller size, set
 * tight over its table, does not trip this.
 */
function isSizeBreak(upper: TextLine, lower: TextLine, gap: number, settings: StreamSettings): boolean {
  const small = Math.min(upper.size, lower.size);
  const big = Math.max(upper.size, lower.size);
  return big > settings.sizeBreakRatio * small && gap > settings.sizeBreakGapEm * small;
}

/**
 * Cuts the page's lines into runs that could each be a table: prose, wide vertical gaps, titles
 * set bigger than the text below them and boxes already taken (lattice tables) end a run.
 */
export function linesToBlocks(lines: readonly TextLine[], exclude: readonly Box[], settings: StreamSettings): TextLine[][] {
  if (lines.length === 0) return [];
  const textX0 = Math.min(...lines.map((l) => l.x0));
  const textX1 = Math.max(...lines.map((l) => l.x1));
  const textWidth = textX1 - textX0;
  const blocks: TextLine[][] = [];
  let block: TextLine[] = [];
  let prev: TextLine | undefined;
  for (const line of lines) {
    if (isProse(line, textWidth, settings)) {
      if (block.length > 0) blocks.push(block);
      block = [];
      prev = undefined;
      continue;
    }
    if (prev) {
      const gap = line.yc - prev.yc - (line.size + prev.size) / 2;
      const cut =
        gap > settings.regionGapEm * Math.max(line.size, prev.size) ||
        boxBetween(prev, line, exclude) ||
        isTitleOver(line, prev, settings) ||
        isTitleOver(prev, line, settings) ||
        isSizeBreak(prev, line, gap, settings);
      if (cut) {
        blocks.push(block);
        block = [];
      }
    }
    block.push(line);
    prev = line;
  }
  if (block.length > 0) blocks.push(block);
  return blocks;
}

/**
 * A header and a row or two of many columns each (a table cut by a page break, a one-row
 * conditions table) are a table too; two lines of two blocks (signatures, page headers) are not.
 */
function isShortTable(structure: readonly TextLine[], settings: StreamSettings): boolean {
  return structure.length >= 2 && structure.every((l) => l.phrases.length >= settings.shortTableColumns);
}

/**
 * The table part of a block: from its first to its last line with column structure, plus the
 * spanning header lines just above (a `VALOR` over `UNITARIO | TOTAL`), which never start at the
 * table's left edge the way a title does. Lines before the table are its context, not its rows.
 */
export function blockToRegion(block: readonly TextLine[], settings: StreamSettings): Region | undefined {
  const first = block.findIndex((l) => l.phrases.length >= 2);
  if (first < 0) return undefined;
  let last = block.length - 1;
  while (block[last]!.phrases.length < 2) last--;
  // Lines set tight under the last row continue its cells (a long value wrapped over lines).
  while (last + 1 < block.length) {
    const next = block[last + 1]!;
    const prev = block[last]!;
    if (next.yc - prev.yc > settings.wrapLineEm * Math.max(prev.size, next.size)) break;
    last++;
  }
  const structure = block.slice(first, last + 1).filter((l) => l.phrases.length >= 2);
  if (structure.length < settings.minTableRows && !isShortTable(structure, settings)) return undefined;
  const left = Math.min(...structure.map((l) => l.x0));
  const firstCellRight = Math.min(...structure.map((l) => l.phrases[0]!.x1));
  let start = first;
  while (start > 0) {
    const above = block[start - 1]!;
    const below = block[start]!;
    const close = below.yc - above.yc - (above.size + below.size) / 2 <= settings.headerGapEm * below.size;
    const spanning = above.phrases.length === 1 && above.x0 > Math.max(left + below.size, firstCellRight);
    if (!close || !spanning || isTitleOver(above, below, settings)) break;
    start--;
  }
  return { lines: block.slice(start, last + 1) };
}
