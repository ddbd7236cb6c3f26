import { DEFAULT_SETTINGS, type LineSettings } from '../settings.ts';
import type { Box, PageContent, RawTable } from '../types.ts';
import { CATALOG } from '../../shared/catalog/index.ts';
import { isDataCell, tableLabels } from './classify-table.ts';
import { labelKey, type LabelCatalog } from './key-value.ts';
import { pageLines, type PageLine } from './page-lines.ts';
import { plainBox } from '../geometry.ts';
import { headerKey, rowsUnderPrintTitle } from './print-titles.ts';
import { looseKey, rowShape } from './text.ts';
import { matchTitle, titleOf } from './titles.ts';
import { goesOnAfterBreak } from '../text/join-words.ts';

/** Rows at the top of a continuation that repeat the previous page's header, to be dropped. */
const HEADER_ROWS_COMPARED = 3;

const DEEPEST_FIRST = Array.from({ length: HEADER_ROWS_COMPARED }, (_, i) => HEADER_ROWS_COMPARED - i);

const rowKey = (row: readonly string[]): string => looseKey(row.join(' '));
/** A section title left alone at the foot of a page sits within this many line heights of the table. */
const ORPHAN_LINES = 2.5;
const OUTLINE_TITLE = /^(?:\d+(?:\.\d+)*\.?|[a-z]\))\s+[^\d]+$/iu;

/**
 * A section title printed under the table's last row at the foot of the page, whose items start
 * on the next page (a widowed heading): the finder leaves it out of both tables.
 */
function orphanSection(page: PageContent | undefined, bbox: Box, settings: LineSettings): PageLine | undefined {
  if (!page) return undefined;
  const lines = pageLines(page, [], settings).filter((l) => l.y0 >= bbox.y1 - 1 && l.x0 >= bbox.x0 - 2 && l.x1 <= bbox.x1 + 2);
  const first = lines.sort((a, b) => a.y0 - b.y0)[0];
  if (!first) return undefined;
  const height = first.y1 - first.y0;
  if (first.y0 - bbox.y1 > ORPHAN_LINES * height) return undefined;
  return OUTLINE_TITLE.test(first.text) && !matchTitle(first.text) ? first : undefined;
}

/** The wordings of the label/value catalogue tables (the loan terms), as labels of a form. */
const FORM_LABELS: LabelCatalog = CATALOG.filter((c) => c.layout === 'keyvalue').flatMap((c) => tableLabels(c));

/**
 * A row of a form's boxes broken over the page (a word processor lets a row break): the previous
 * table ends in a row of labels only, two or more, and this one starts with values only, each
 * under one of those labels. Neither part holds data a header check would recognise.
 */
function valuesUnderLabels(prev: RawTable, t: RawTable): boolean {
  const labels = prev.rows[prev.rows.length - 1] ?? [];
  const values = t.rows[0] ?? [];
  const labelled = labels.map((c) => c.trim() !== '' && labelKey(c, FORM_LABELS) !== undefined);
  if (labelled.filter(Boolean).length < 2 || labels.some((c, i) => c.trim() && !labelled[i])) return false;
  const filled = values.flatMap((c, i) => (c.trim() ? [i] : []));
  return filled.length > 0 && filled.every((i) => labelled[i] && labelKey(values[i]!, FORM_LABELS) === undefined);
}

const wordsOf = (cells: readonly string[]): string[] => cells.flatMap((c) => c.split(/\s+/)).map(looseKey).filter(Boolean);

/**
 * A row of words only, under the rows that repeat part of the previous page's header, naming
 * columns that header does not (`Insumo … Unidad` under a repeated `VALOR`): another table's
 * header, which only shares a spanning heading with the previous one. A continuation's header,
 * however its rows are split, repeats the previous header's words.
 */
function namesOtherColumns(row: readonly string[] | undefined, headerRows: readonly (readonly string[])[]): boolean {
  if (!row || row.some(isDataCell) || row.filter((c) => c.trim()).length < 2) return false;
  const known = new Set(headerRows.flatMap(wordsOf));
  return wordsOf(row).filter((w) => !known.has(w)).length >= 2;
}

const filledCount = (row: readonly string[]): number => row.filter((c) => c.trim() !== '').length;

/**
 * The columns of a row broken over the page (a word processor lets a row break): the
 * continuation's first row (`drop`) holds words only, under the previous page's last row, a row of
 * data whose cells in those columns are words too (`Sanidad y labores` | `culturales`;
 * `Asistencia` | `Mano de` over `veterinaria` | `obra`, Writer 25507), and rows follow it. One
 * column only, not where the previous page's rows include any of a single cell: there such a row
 * is a section's label, and so may this one be; a section's label fills no second column — nor
 * goes on with a code broken after its hyphen (`Fertilizante 15-` over the page, `15-15`).
 */
function brokenCellColumns(prev: RawTable, t: RawTable, drop: number): number[] | undefined {
  const tail = t.rows[drop];
  const last = prev.rows[prev.rows.length - 1];
  if (!tail || !last || drop + 1 >= t.rows.length) return undefined;
  const filled = tail.flatMap((c, k) => (c.trim() !== '' ? [k] : []));
  if (filled.length === 0 || !last.some(isDataCell)) return undefined;
  // A code or grade broken after its hyphen goes on in figures (`Fertilizante 15-` | `15-15`).
  const goesOn = (k: number) => goesOnAfterBreak(last[k]!.trim(), tail[k]!.trim());
  if (filled.some((k) => !last[k]?.trim() || ((isDataCell(tail[k]!) || isDataCell(last[k]!)) && !goesOn(k)))) return undefined;
  if (filled.length > 1 || filled.every(goesOn)) return filled;
  const firstData = prev.rows.findIndex((row) => row.some(isDataCell));
  return prev.rows.slice(firstData).every((row) => filledCount(row) >= 2) ? filled : undefined;
}

function lastPage(t: RawTable): number {
  return Math.max(t.page, ...t.pages);
}

function hasOwnTitle(t: RawTable): boolean {
  const first = t.rows[0] ? rowShape(t.rows[0]) : undefined;
  if (first && first.filled === 1 && matchTitle(first.first)) return true;
  return titleOf(t.context) !== undefined;
}

/**
 * Joins tables that continue on the next page: the first table of a page, with no title of its
 * own and as many columns as the previous page's last table, either repeating its header (which
 * is dropped) or starting straight with data.
 */
export function joinContinuations(tables: readonly RawTable[], pages: readonly PageContent[] = [], settings: LineSettings = DEFAULT_SETTINGS.lines): RawTable[] {
  const out: RawTable[] = [];
  // The box of each output table on its last page, where a widowed section title would sit.
  const lastBox = new Map<RawTable, Box>();
  for (const t of tables) {
    const prev = out[out.length - 1];
    const firstOnPage = !out.some((o) => o.page === t.page);
    const width = (x: RawTable) => Math.max(0, ...x.rows.map((r) => r.length));
    const next = prev && firstOnPage && t.page === lastPage(prev) + 1 && !hasOwnTitle(t);
    const titled = next ? rowsUnderPrintTitle(prev, t, out) : undefined;
    if (prev && titled) {
      // An earlier table's header repeated over rows in prev's columns (decision 016): prev goes on.
      const joined: RawTable = {
        ...prev,
        pages: [...new Set([...prev.pages, t.page])].sort((a, b) => a - b),
        rows: [...prev.rows, ...titled.rows],
        cells: [...prev.cells, ...titled.cells],
        rowPages: [...prev.rowPages, ...titled.rowPages],
        pageBoxes: [...prev.pageBoxes, ...t.pageBoxes],
        confidence: Math.min(prev.confidence, t.confidence),
      };
      out[out.length - 1] = joined;
      lastBox.set(joined, t.bbox);
      continue;
    }
    if (!prev || !next || width(prev) !== width(t)) {
      out.push(t);
      lastBox.set(t, t.bbox);
      continue;
    }
    const header = new Set(prev.rows.slice(0, HEADER_ROWS_COMPARED).map(rowKey).filter(Boolean));
    // The previous page's header as words, however many rows it took and wherever it starts
    // among the first rows, never reaching its data.
    const firstData = prev.rows.findIndex((row) => row.some(isDataCell));
    const headerRows = prev.rows.slice(0, Math.min(HEADER_ROWS_COMPARED, firstData < 0 ? prev.rows.length : firstData));
    const headerWords = new Set<string>();
    for (let a = 0; a < headerRows.length; a++) {
      for (let k = 1; a + k <= headerRows.length; k++) headerWords.add(headerKey(headerRows.slice(a, a + k)));
    }
    headerWords.delete('');
    // The repeated header may sit under a stray line the finder took in (the page's running head),
    // and its rows may be split otherwise than the first page's (`COSTO` over `Total`, `COSTO Total`).
    let drop = 0;
    for (let skip = 0; skip < HEADER_ROWS_COMPARED && skip < t.rows.length; skip++) {
      if (header.has(rowKey(t.rows[skip]!))) {
        drop = skip;
        while (drop < t.rows.length && header.has(rowKey(t.rows[drop]!))) drop++;
        break;
      }
      const depth = DEEPEST_FIRST.find((k) => skip + k <= t.rows.length && headerWords.has(headerKey(t.rows.slice(skip, skip + k))));
      if (depth) {
        drop = skip + depth;
        break;
      }
    }
    const startsWithData = (t.rows[drop] ?? []).some(isDataCell);
    // A row broken over the page in two or more of its word cells is no other table's header.
    const otherHeader = drop > 0 && namesOtherColumns(t.rows[drop], headerRows) && (brokenCellColumns(prev, t, drop)?.length ?? 0) < 2;
    if ((drop === 0 && !startsWithData && !valuesUnderLabels(prev, t)) || otherHeader) {
      out.push(t);
      lastBox.set(t, t.bbox);
      continue;
    }
    const orphan = orphanSection(pages.find((p) => p.page === lastPage(prev)), lastBox.get(prev) ?? prev.bbox, settings);
    const pad = <T>(first: T, fill: T): T[] => [first, ...Array.from({ length: width(t) - 1 }, () => fill)];
    const section = orphan
      ? { rows: [pad(orphan.text, '')], cells: [pad<Box | null>(plainBox(orphan), null)], rowPages: [lastPage(prev)] }
      : { rows: [], cells: [], rowPages: [] };
    // A cell broken over the page goes on in the previous page's last row (its box stays that
    // page's part: where the row starts).
    const broken = orphan ? undefined : brokenCellColumns(prev, t, drop);
    const joinCell = (c: string, k: number) => {
      const tail = t.rows[drop]![k]!.trim();
      return goesOnAfterBreak(c.trim(), tail) ? `${c.trim()}${tail}` : `${c} ${tail}`;
    };
    const before = broken === undefined ? prev.rows : [...prev.rows.slice(0, -1), prev.rows[prev.rows.length - 1]!.map((c, k) => (broken.includes(k) ? joinCell(c, k) : c))];
    const from = broken === undefined ? drop : drop + 1;
    const joined: RawTable = {
      ...prev,
      pages: [...new Set([...prev.pages, ...t.pages, t.page])].sort((a, b) => a - b),
      rows: [...before, ...section.rows, ...t.rows.slice(from)],
      cells: [...prev.cells, ...section.cells, ...t.cells.slice(from)],
      rowPages: [...prev.rowPages, ...section.rowPages, ...t.rowPages.slice(from)],
      pageBoxes: [...prev.pageBoxes, ...t.pageBoxes],
      confidence: Math.min(prev.confidence, t.confidence),
    };
    out[out.length - 1] = joined;
    lastBox.set(joined, t.bbox);
  }
  return out;
}
