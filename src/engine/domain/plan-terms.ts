import { findTable, type CatalogTable, type TableRow } from '../../shared/catalog/index.ts';
import type { Box, ExtractedRow, RawTable } from '../types.ts';
import type { NumberStyle } from '../values/numbers.ts';
import { cleanText, parseCell } from '../values/parse-cell.ts';
import { rateToPercent } from '../values/percent.ts';
import { emptyRead, inCatalogOrder, type RowsRead } from './grid-rows.ts';
import { isDataCell, tableLabels } from './classify-table.ts';
import { leadingLabelPair, pairsInRow, type LabelCatalog, type Pair } from './key-value.ts';
import { stackedLabels, stackedPairs } from './stacked-labels.ts';
import type { PageLine } from './page-lines.ts';
import { unionOrNull } from '../geometry.ts';
import { locatedCells, rowSourceOf, sameCell, type LocatedCell } from './sources.ts';
import { matchTitle } from './titles.ts';

/** The loan terms: one row per document, often printed as `Label: value` lines. */
export const PLAN = 'PlanAmortizacion';
/** Lines read after the block's title; the block is short. */
const MAX_BLOCK_LINES = 14;
/** Lines count as the block only when this many values read as numbers or dates. */
const MIN_TYPED_PAIRS = 2;
/** Labels over values wrap onto at most this many lines. */
const MAX_LABEL_LINES = 3;

function planTable(): CatalogTable {
  return findTable(PLAN)!;
}

/** Adds `tasa_pct`, read from the `tasa` cell, when the rate is a plain percentage (`12,20% E.A.`, not `DTF + 7% E.A.`). */
function withRate(values: TableRow, cells: Record<string, LocatedCell>, style: NumberStyle): TableRow {
  if (typeof values.tasa === 'string' && values.tasa_pct === undefined) {
    const pct = rateToPercent(values.tasa, style);
    if (pct !== undefined) {
      values.tasa_pct = pct;
      sameCell(cells, 'tasa', 'tasa_pct');
    }
  }
  return values;
}

/** The grid form (labels over one row of values): the items merge into one row, sourced where the first item is. */
export function planFromRows(read: RowsRead, style: NumberStyle): RowsRead {
  const first = read.rows[0];
  if (!first) return read;
  const values: TableRow = {};
  const cells: Record<string, LocatedCell> = {};
  for (const row of read.rows) {
    const located = locatedCells(row.source);
    for (const [k, v] of Object.entries(row.values)) {
      if (k in values) continue;
      values[k] = v;
      if (located[k]) cells[k] = located[k];
    }
  }
  const table = planTable();
  const merged = inCatalogOrder(table, withRate(values, cells, style));
  const { page, bbox, method } = first.source;
  return { ...read, rows: [{ values: merged, source: rowSourceOf(page, bbox, method, inCatalogOrder(table, cells)) }] };
}

/** Where a key-value block sits: its page, box and how it was found; each pair brings its value's box and page. */
export interface BlockPlace {
  page: number;
  bbox: Box;
  method: RawTable['method'];
}

export function planFromPairs(table: CatalogTable, pairs: readonly Pair[], style: NumberStyle, place: BlockPlace): RowsRead {
  const typeOf = new Map(table.columns.map((c) => [c.key, c.type]));
  const values: TableRow = {};
  const cells: Record<string, LocatedCell> = {};
  const read = emptyRead();
  for (const p of pairs) {
    if (p.key in values) continue;
    const text = cleanText(p.value);
    const type = typeOf.get(p.key) ?? 'text';
    const parsed = parseCell(text, type, style);
    if (parsed.value === undefined) continue;
    if (type !== 'text') read.typedCells += 1;
    if (!parsed.ok) read.unparsedCells += 1;
    values[p.key] = parsed.value;
    cells[p.key] = { text, box: p.box ?? null, page: p.page ?? place.page };
  }
  if (Object.keys(values).length === 0) return read;
  const merged = inCatalogOrder(table, withRate(values, cells, style));
  read.rows.push({ values: merged, source: rowSourceOf(place.page, place.bbox, place.method, inCatalogOrder(table, cells)) });
  return read;
}

/** The terms a table read, with those it lacks taken from `extra` (read from lines), each cell where it was printed. */
export function completePlan(row: ExtractedRow, extra: ExtractedRow, table: CatalogTable): ExtractedRow {
  const values: TableRow = { ...row.values };
  const cells = locatedCells(row.source);
  const extraCells = locatedCells(extra.source);
  for (const [k, v] of Object.entries(extra.values)) {
    if (k in values) continue;
    values[k] = v;
    if (extraCells[k]) cells[k] = extraCells[k];
  }
  const { page, bbox, method } = row.source;
  return { values: inCatalogOrder(table, values), source: rowSourceOf(page, bbox, method, inCatalogOrder(table, cells)) };
}

/** The block as text lines under its title, when no table holds it. */
export interface PlanFromLines {
  read: RowsRead;
  /** The block as a key-value table, so it is reported like any table found. */
  raw: RawTable;
}

/**
 * Further rows of labels over values under the first (a form of boxes, three to a row): a line
 * naming labels over a line naming none, pair after pair, from `from` on. `last` is the last
 * value line read.
 */
function laterStackedRows(block: readonly PageLine[], from: number, catalog: LabelCatalog): { pairs: (Pair & { page: number })[]; last?: number } {
  const pairs: (Pair & { page: number })[] = [];
  let last: number | undefined;
  for (let k = from; k + 1 < block.length; k += 2) {
    const labels = stackedLabels([block[k]!.words], catalog);
    const values = block[k + 1]!;
    if (labels.length === 0 || stackedLabels([values.words], catalog).length > 0) break;
    pairs.push(...stackedPairs(labels, values.words).map((p) => ({ ...p, page: values.page })));
    last = k + 1;
  }
  return { pairs, last };
}

/** A line's pairs; a line holding none as cells may run each label into its value (`Plazo (meses) 96`). */
function linePairs(line: PageLine, catalog: LabelCatalog): Pair[] {
  const pairs = pairsInRow(line.segments.map((s) => s.text), catalog, line.segments);
  if (pairs.length > 0) return pairs;
  return line.segments.flatMap((segment) => {
    const pair = leadingLabelPair(segment.text, catalog);
    return pair ? [{ ...pair, box: unionOrNull([segment]) }] : [];
  });
}

/**
 * `minTypedPairs`: how many values must read as numbers or dates for the lines to count as the
 * block. Completing terms a table already gave, one will do: the table has shown where the terms
 * are (a form's last label and value left alone under its boxes, `Fecha de desembolso` over
 * `22/07/2025`).
 */
export function planFromLines(lines: readonly PageLine[], style: NumberStyle, minTypedPairs = MIN_TYPED_PAIRS): PlanFromLines | undefined {
  const catalog = tableLabels(planTable());
  for (let i = 0; i < lines.length; i++) {
    if (matchTitle(lines[i]!.text)?.name !== PLAN) continue;
    const block: PageLine[] = [];
    // A block under a title at the foot of a page goes on at the top of the next (a word
    // processor breaks it there), up to the next title.
    for (const line of lines.slice(i + 1, i + 1 + MAX_BLOCK_LINES)) {
      if (line.page > lines[i]!.page + 1 || matchTitle(line.text)) break;
      block.push(line);
    }
    const pairs = block.flatMap((line) => linePairs(line, catalog).map((p) => ({ ...p, page: line.page })));
    // Labels over values: the first line holding a value ends the label lines above it.
    const valueAt = block.findIndex((line) => line.segments.some((s) => isDataCell(s.text)));
    let lastUsed = valueAt;
    if (valueAt > 0 && valueAt <= MAX_LABEL_LINES) {
      const labels = stackedLabels(block.slice(0, valueAt).map((l) => l.words), catalog);
      const later = laterStackedRows(block, valueAt + 1, catalog);
      const stacked = [...stackedPairs(labels, block[valueAt]!.words).map((p) => ({ ...p, page: block[valueAt]!.page })), ...later.pairs];
      if (stacked.length > pairs.length) {
        pairs.splice(0, pairs.length, ...stacked);
        lastUsed = later.last ?? valueAt;
      }
    }
    // Loose lines give loose pairs: keep only values that read as their column's type.
    const typeOf = new Map(planTable().columns.map((c) => [c.key, c.type]));
    const sound = pairs.filter((p) => parseCell(p.value, typeOf.get(p.key) ?? 'text', style).ok && typeOf.get(p.key) !== undefined);
    const typedPairs = sound.filter((p) => typeOf.get(p.key) !== 'text');
    if (typedPairs.length < minTypedPairs) continue;
    const page = lines[i]!.page;
    // The block's box is drawn on the title's page; pairs read further on carry their own page.
    const used = block.slice(0, Math.max(lastUsed + 1, 1)).filter((l) => l.page === page);
    const all = [lines[i]!, ...block.filter((l) => l.page === page)];
    const bbox = { x0: Math.min(...all.map((l) => l.x0)), y0: all[1]?.y0 ?? lines[i]!.y1, x1: Math.max(...all.map((l) => l.x1)), y1: (used[used.length - 1] ?? lines[i]!).y1 };
    const read = planFromPairs(planTable(), sound, style, { page, bbox, method: 'keyvalue' });
    if (!read.rows.length) continue;
    const raw: RawTable = {
      page,
      pages: [page],
      bbox,
      rows: sound.map((p) => [p.label, p.value]),
      cells: sound.map((p) => [null, unionOrNull([p.box])]),
      rowPages: sound.map(() => page),
      pageBoxes: [{ page, bbox }],
      method: 'keyvalue',
      confidence: sound.length / planTable().columns.length,
      context: [lines[i]!.text],
    };
    return { read, raw };
  }
  return undefined;
}
