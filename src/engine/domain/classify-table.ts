import { CATALOG, findTable, type CatalogTable } from '../../shared/catalog/index.ts';
import type { RawTable } from '../types.ts';
import { parseDate } from '../values/dates.ts';
import { composeHeaderCells, fillBarePeriods, composeHeaderLabels, isPeriodLabel, isTotalLabel, mapColumns, ownHeaderLabels, type ColumnMapping, type HeaderCell } from './header-match.ts';
import { HEADER_FIELDS } from './header-fields.ts';
import { leadingLabelPair, pairsInColumns, pairsInRow, type LabelCatalog, type Pair } from './key-value.ts';
import { fold, rowShape } from './text.ts';
import { CASH_FLOW, matchTitle, titleOf, type TitleMatch } from './titles.ts';
import { EGRESOS, INGRESOS, type WideLayout } from './wide-rows.ts';

/** Header rows are at most this deep (`VALOR` over `UNITARIO | TOTAL` over a split word). */
const MAX_HEADER_ROWS = 3;
/** Rows above the header that are not part of the table. */
const MAX_LEADING_ROWS = 2;
/** Without a title, a header must name this many columns… */
const MIN_MAPPED_UNTITLED = 3;
/** …and this share of its labelled columns. */
const MIN_SHARE_UNTITLED = 0.5;
/** And beat the runner-up table by this much strength (one exact column). */
const MIN_MARGIN_UNTITLED = 6;
/** Under its own title a table needs this many named columns. */
const MIN_MAPPED_TITLED = 2;
const MIN_PERIODS = 2;
const MIN_PAIRS_UNTITLED = 3;
/** Header fields that only an applicant block prints. */
const APPLICANT_KEYS = ['solicitante', 'documento_identidad', 'departamento', 'municipio', 'vereda', 'predio'];

export type Decision =
  | { kind: 'other'; title?: TitleMatch }
  | { kind: 'grid'; table: CatalogTable; title?: TitleMatch; headerEnd: number; keys: (string | undefined)[]; labels: string[] }
  | { kind: 'wide'; start: string | undefined; title?: TitleMatch; headerEnd: number; layout: WideLayout; labels: string[] }
  | { kind: 'keyvalue'; table: CatalogTable; title?: TitleMatch; pairs: Pair[] };

interface HeaderOption {
  /** Index of the first data row. */
  end: number;
  labels: string[];
  own: string[];
  /** The header cells (rows of the table) each label was composed from. */
  cells: HeaderCell[][];
}

/** A cell that can only be data: an amount, a date, a long number. */
export function isDataCell(text: string): boolean {
  const s = text.trim();
  if (!s) return false;
  if (/^\$\s*[-–]$/.test(s) || parseDate(s)) return true;
  if (/\$\s*\(?\d/.test(s)) return true;
  return /\d{3}/.test(s.replace(/[.,\s]/g, '')) && /^[\d.,\s()%$-]+$/.test(s);
}

function headerOptions(rows: readonly string[][], width: number): HeaderOption[] {
  const options: HeaderOption[] = [];
  // The finder may take in a line or two above the header (a title, the page's running head):
  // the header is wherever it names columns best, within the first rows.
  for (let start = 0; start < MAX_LEADING_ROWS + 1 && start < rows.length - 1; start++) {
    if (start > 0 && rows[start - 1]!.some(isDataCell)) break;
    for (let k = 1; k <= MAX_HEADER_ROWS && start + k <= rows.length; k++) {
      const block = rows.slice(start, start + k);
      if (block[block.length - 1]!.some(isDataCell)) break;
      const cells = composeHeaderCells(block, width).map((parts) => parts.map((p) => ({ row: start + p.row, col: p.col })));
      options.push({ end: start + k, labels: composeHeaderLabels(block, width), own: ownHeaderLabels(block, width), cells });
    }
  }
  return options;
}

const LABELS = new Map<string, LabelCatalog>();
/** A table's header wordings as a label catalogue, built once per table. */
export function tableLabels(table: CatalogTable): LabelCatalog {
  let labels = LABELS.get(table.name);
  if (!labels) {
    labels = table.columns.filter((c) => c.headers.length).map((c) => ({ key: c.key, labels: c.headers }));
    LABELS.set(table.name, labels);
  }
  return labels;
}

function keyValuePairs(raw: RawTable, table: CatalogTable): Pair[] {
  const catalog = tableLabels(table);
  const pageOf = (r: number) => raw.rowPages[r] ?? raw.page;
  const byColumns = pairsInColumns(raw.rows, catalog, raw.cells).map(({ row, ...p }) => ({ ...p, page: pageOf(row) }));
  const byRows = raw.rows.flatMap((row, r) => pairsInRow(row, catalog, raw.cells[r] ?? []).map((p) => ({ ...p, page: pageOf(r) })));
  // A form of boxes, each its label over its value (`Valor del crédito` / `$ 175.000.000`): read
  // as a grid, every cell runs the label into its value.
  const byCells = raw.rows.flatMap((row, r) =>
    row.flatMap((cell, c) => {
      const pair = leadingLabelPair(cell, catalog);
      return pair ? [{ ...pair, box: raw.cells[r]?.[c] ?? null, page: pageOf(r) }] : [];
    }),
  );
  // A form whose boxes hold label and value, but with one row of boxes broken over a page (its
  // labels in one row, its values in the next): both readings together.
  const mixed = byColumns.length > 0 && byCells.length > 0 ? [...byCells, ...byColumns] : [];
  const distinct = (pairs: Pair[]) => new Set(pairs.map((p) => p.key)).size;
  const best = [byColumns, byRows, byCells, mixed].reduce((a, b) => (distinct(b) > distinct(a) ? b : a));
  const seen = new Set<string>();
  return best.filter((p) => !seen.has(p.key) && seen.add(p.key));
}

function wideLayout({ labels: printed, cells }: HeaderOption): WideLayout | undefined {
  const labels = fillBarePeriods(printed);
  const periods = labels.flatMap((label, col) => (isPeriodLabel(label) ? [{ col, label, from: cells[col] ?? [] }] : []));
  if (periods.length < MIN_PERIODS) return undefined;
  const conceptCol = labels.findIndex((l, c) => c < periods[0]!.col && !isPeriodLabel(l));
  const totalCol = labels.findIndex((l, c) => c > periods[0]!.col && isTotalLabel(l));
  return { conceptCol: conceptCol < 0 ? 0 : conceptCol, periods, totalCol: totalCol < 0 ? undefined : totalCol, totalLabel: totalCol < 0 ? undefined : labels[totalCol] };
}

/** Which half of the cash flow a wide table is when its title does not say. */
function wideStart(title: TitleMatch | undefined, rows: readonly string[][]): string | undefined | null {
  if (title?.name === INGRESOS || title?.name === EGRESOS) return title.name;
  if (title?.name === CASH_FLOW) return undefined;
  const firsts = rows.map((r) => fold(rowShape(r).first));
  const sections = firsts.some((f) => /^(?:ingresos|egresos)\b/.test(f));
  if (sections) return undefined;
  const inc = firsts.some((f) => /^total\s+ingresos/.test(f));
  const egr = firsts.some((f) => /^total\s+egresos/.test(f));
  if (inc !== egr) return inc ? INGRESOS : EGRESOS;
  return null; // cannot tell: not forced into either
}

/** Sorts one raw table into a catalogue table by its title and header, or 'other'. */
export function decideTable(raw: RawTable): Decision {
  const width = Math.max(0, ...raw.rows.map((r) => r.length));
  const first = raw.rows[0] ? rowShape(raw.rows[0]) : undefined;
  const inner = first && first.filled === 1 ? matchTitle(first.first) : undefined;
  const title = inner ?? titleOf(raw.context);
  const options = headerOptions(raw.rows, width);

  // Wide cash flows: a concept column then period columns.
  const wideTitle = !title || [INGRESOS, EGRESOS, CASH_FLOW].includes(title.name);
  // The header depth that shows the most periods (`Mes` over `2` is one period, `Mes 2`).
  let wide: { option: HeaderOption; layout: WideLayout } | undefined;
  for (const option of wideTitle ? options : []) {
    const layout = wideLayout(option);
    if (layout && (!wide || layout.periods.length > wide.layout.periods.length)) wide = { option, layout };
  }
  if (wide) {
    const start = wideStart(title, raw.rows.slice(wide.option.end));
    if (start === null) return { kind: 'other', title };
    return { kind: 'wide', start, title, headerEnd: wide.option.end, layout: wide.layout, labels: wide.option.labels };
  }

  const best = new Map<string, { option: HeaderOption; mapping: ColumnMapping }>();
  for (const table of CATALOG) {
    if (table.layout === 'wide') continue;
    for (const option of options) {
      const mapping = mapColumns(option.labels, table, option.own);
      const prev = best.get(table.name);
      if (!prev || mapping.strength > prev.mapping.strength) best.set(table.name, { option, mapping });
    }
  }
  const grid = (name: string): Decision | undefined => {
    const b = best.get(name);
    const table = findTable(name);
    if (!b || !table || b.option.end >= raw.rows.length) return undefined;
    return { kind: 'grid', table, title, headerEnd: b.option.end, keys: b.mapping.keys, labels: b.option.labels };
  };

  const titled = title && title.name !== CASH_FLOW ? findTable(title.name) : undefined;
  if (titled && titled.layout !== 'wide') {
    const b = best.get(titled.name);
    if (titled.layout === 'keyvalue') {
      const pairs = keyValuePairs(raw, titled);
      // A grid reads one header over values; several rows of labels over values read more as pairs.
      if (b && b.mapping.mapped >= MIN_PAIRS_UNTITLED && b.option.end < raw.rows.length && b.mapping.mapped >= pairs.length) return grid(titled.name)!;
      if (pairs.length >= MIN_MAPPED_TITLED) return { kind: 'keyvalue', table: titled, title, pairs };
    } else if (b && b.mapping.mapped >= MIN_MAPPED_TITLED) {
      const decision = grid(titled.name);
      if (decision) return decision;
    }
  }

  // No usable title: the header alone must name the table clearly.
  const ranked = [...best.entries()].sort((a, b) => b[1].mapping.strength - a[1].mapping.strength);
  const [top, second] = ranked;
  if (top) {
    const m = top[1].mapping;
    const margin = m.strength - (second?.[1].mapping.strength ?? 0);
    if (m.mapped >= MIN_MAPPED_UNTITLED && m.mapped / Math.max(1, m.labelled) >= MIN_SHARE_UNTITLED && margin >= MIN_MARGIN_UNTITLED) {
      const decision = grid(top[0]);
      // Labels over values in several rows of boxes read more as pairs than as one header (see above).
      const table = decision?.kind === 'grid' && decision.table.layout === 'keyvalue' ? decision.table : undefined;
      const pairs = table ? keyValuePairs(raw, table) : [];
      if (table && pairs.length > m.mapped) return { kind: 'keyvalue', table, title, pairs };
      if (decision) return decision;
    }
  }
  // Untitled label/value blocks: the applicant block also prints `Monto solicitado` and `Plazo`,
  // so a block naming the applicant is not the loan terms.
  const applicant = raw.rows.flatMap((row) => pairsInRow(row, HEADER_FIELDS)).filter((p) => APPLICANT_KEYS.includes(p.key));
  for (const table of applicant.length ? [] : CATALOG.filter((t) => t.layout === 'keyvalue')) {
    const pairs = keyValuePairs(raw, table);
    if (pairs.length >= MIN_PAIRS_UNTITLED) return { kind: 'keyvalue', table, title, pairs };
  }
  return { kind: 'other', title };
}
