import { findTable, type CatalogTable } from '../../shared/catalog/index.ts';
import { DEFAULT_SETTINGS, type LineSettings } from '../settings.ts';
import type { Box, ClassifiedTable, ExtractionResult, PageContent, RawTable } from '../types.ts';
import { addStyleVotes, decideStyle, type NumberStyle } from '../values/numbers.ts';
import type { SumEvent } from './check-sums.ts';
import { decideTable, type Decision } from './classify-table.ts';
import { joinContinuations } from './continuations.ts';
import { emptyRead, readGridRows, type RowsRead } from './grid-rows.ts';
import { readHeaderFields } from './header-fields.ts';
import { completePlan, planFromLines, planFromPairs, planFromRows, PLAN } from './plan-terms.ts';
import { pageLines, type PageLine } from './page-lines.ts';
import { findRequestNumber } from './request-number.ts';
import { tableQuality as quality } from './quality.ts';
import type { LocatedCell } from './sources.ts';
import { alignHeaderColumns } from './align-header-columns.ts';
import { splitAtTitles } from './title-splits.ts';
import { titleOf, type TitleMatch } from './titles.ts';
import { readWideRows } from './wide-rows.ts';
import { NO_REQUEST_NUMBER } from './warnings.ts';

/** What classification adds to the raw tables of one document. */
export interface DocumentClassification {
  nosolicitud: string;
  header: Record<string, string | number>;
  tables: ClassifiedTable[];
  quality: ExtractionResult['quality'];
}

function documentStyle(tables: readonly RawTable[], lines: readonly PageLine[]): NumberStyle {
  const votes = { co: 0, us: 0 };
  for (const t of tables) for (const row of t.rows) for (const cell of row) addStyleVotes(votes, cell);
  if (votes.co === votes.us) for (const l of lines) addStyleVotes(votes, l.text);
  return decideStyle(votes, 'co');
}

const EMPTY: RowsRead = emptyRead();

function missingColumns(table: CatalogTable, present: readonly (string | undefined)[], grouped: boolean): string[] {
  const have = new Set(present.filter(Boolean));
  if (grouped && table.group) have.add(table.group);
  if (have.has('tasa')) have.add('tasa_pct');
  return table.columns.map((c) => c.key).filter((k) => !have.has(k));
}

/**
 * Sorts a document's raw tables into the ten catalogue tables and reads its header fields. Page
 * text is read into lines with `settings` (the engine's `lines` settings).
 */
export function classifyDocument(pages: PageContent[], tables: RawTable[], settings: LineSettings = DEFAULT_SETTINGS.lines): DocumentClassification {
  const lines = pages.flatMap((p) => pageLines(p, [], settings));
  const style = documentStyle(tables, lines);
  const joined = joinContinuations(splitAtTitles(tables).map(alignHeaderColumns), pages, settings);
  const classified: ClassifiedTable[] = [];
  const other = (raw: RawTable): ClassifiedTable => ({ raw, table: 'other', rows: [], quality: quality(raw, EMPTY, []) });
  // A continuation the finder did not join (different column count) keeps its section title, its
  // title, and the rows its totals sum.
  let carry: { table: string; page: number; group?: LocatedCell; sums?: SumEvent[]; title?: TitleMatch } | undefined;

  for (const raw of joined) {
    const decision: Decision = decideTable(raw);
    if (decision.kind === 'grid') {
      const { table } = decision;
      const continues = !decision.title && carry?.table === table.name && raw.page === carry.page + 1;
      let read = readGridRows(table, decision.keys, raw, decision.headerEnd, style, continues ? { group: carry?.group, sums: carry?.sums } : {});
      if (table.name === PLAN) read = planFromRows(read, style);
      const title = continues ? carry?.title : decision.title;
      carry = { table: table.name, page: Math.max(raw.page, ...raw.pages), group: read.lastGroup, sums: read.sums, title };
      classified.push({ raw, table: table.name, rows: read.rows, quality: quality(raw, read, missingColumns(table, decision.keys, read.grouped), table, title) });
    } else if (decision.kind === 'wide') {
      const reads = readWideRows(decision.layout, raw, decision.headerEnd, style, decision.start);
      carry = undefined;
      if (reads.size === 0) classified.push(other(raw));
      for (const [name, read] of reads) {
        const table = findTable(name)!;
        classified.push({ raw, table: name, rows: read.rows, quality: quality(raw, read, [], table, decision.title) });
      }
    } else if (decision.kind === 'keyvalue') {
      const read = planFromPairs(decision.table, decision.pairs, style, raw);
      carry = undefined;
      const present = decision.pairs.map((p) => p.key);
      classified.push({ raw, table: decision.table.name, rows: read.rows, quality: quality(raw, read, missingColumns(decision.table, present, false), decision.table, decision.title) });
    } else {
      classified.push(other(raw));
    }
  }

  const tableBoxes = (page: number): Box[] => joined.filter((t) => t.page === page).map((t) => t.bbox);
  // The lines outside every table, built once: the plan's fallback and the header fields read the
  // same ones, and neither changes them (issue 14: they were built twice).
  let free: PageLine[] | undefined;
  const freeLines = (): PageLine[] => (free ??= pages.flatMap((p) => pageLines(p, tableBoxes(p.page), settings)));
  const planTable = findTable(PLAN)!;
  const plan = classified.find((c) => c.table === PLAN && c.rows.length > 0);
  // Lines under the terms' title fill what no table gave: all of it, or the first row of a form
  // left alone at the foot of a page, its other rows a table on the next.
  if (!plan || missingColumns(planTable, Object.keys(plan.rows[0]!.values), false).length > 0) {
    const found = planFromLines(freeLines(), style, plan ? 1 : undefined);
    const title = found ? titleOf(found.raw.context) : undefined;
    if (found && !plan) {
      const present = Object.keys(found.read.rows[0]?.values ?? {});
      classified.push({ raw: found.raw, table: PLAN, rows: found.read.rows, quality: quality(found.raw, found.read, missingColumns(planTable, present, false), planTable, title) });
    } else if (found && plan && found.read.rows[0]) {
      const row = completePlan(plan.rows[0]!, found.read.rows[0], planTable);
      const read = { ...emptyRead(), rows: [row], typedCells: found.read.typedCells };
      plan.rows = [row];
      plan.quality = quality(plan.raw, read, missingColumns(planTable, Object.keys(row.values), false), planTable, title);
    }
  }

  // Document order: page, then top to bottom (the block read from lines joins at its place).
  classified.sort((a, b) => a.raw.page - b.raw.page || a.raw.bbox.y0 - b.raw.bbox.y0);
  const others = classified.filter((c) => c.table === 'other').map((c) => c.raw);
  const header = readHeaderFields(freeLines(), others, style);
  const nosolicitud = findRequestNumber(lines, joined);
  const tableQualities = classified.map((c) => c.quality);
  // Every warning once, in document order.
  const warnings = [...new Set(tableQualities.flatMap((q) => q.warnings))];
  if (!nosolicitud) warnings.unshift(NO_REQUEST_NUMBER);
  return { nosolicitud, header, tables: classified, quality: { tables: tableQualities, warnings, numberStyle: style } };
}
