/**
 * One credit application laid out the way a spreadsheet user builds it: header fields as
 * label/value cells, every table under its title on one sheet-wide column grid, borders on only
 * some tables, the instalment schedule at the bottom with its header row repeated on every
 * printed page, the cash flows on a landscape sheet. Returns the workbook and the truth of what
 * it prints.
 */
import { blank, keyValueRows, place, tableRows, type Borders, type Rng, type TableBlock } from './calc-blocks.ts';
import { FLOWS, SHEET_ORDER, TYPES, flowBlock, headerPairs, itemBlock, keysOf, yearlySummary, type Truth } from './credit-data.ts';
import { printValue, type NumberStyle } from './calc-format.ts';
import { HEADERS, TITLES } from './calc-wordings.ts';
import type { Sheet, SheetRow, Workbook } from './fods.ts';

export type { Row, Truth } from './credit-data.ts';

export function layoutDocument(truth: Truth, r: Rng, style: NumberStyle): { book: Workbook; printed: Truth } {
  const grid = r.pick([8, 9, 10, 11]);
  const borderKinds: Borders[] = ['none', 'frame', 'header', 'grid'];
  const main: SheetRow[] = [];
  const printed: Truth = { nosolicitud: truth.nosolicitud, header: truth.header, tables: {} };
  main.push({ cells: new Map([[0, { text: 'SOLICITUD DE CRÉDITO AGROPECUARIO', bold: true, sizePt: 12, span: grid, align: 'center' }]]) }, blank());
  main.push(...keyValueRows(r.chance(0.5) ? 'DATOS DEL SOLICITANTE' : undefined, headerPairs(truth, style, r), 2, Math.floor(grid / 2) - 1, r.chance(0.5)), blank());
  const add = (block: TableBlock) => {
    const at = place(block.columns, grid, r);
    const { rows, headerRow } = tableRows(block, at);
    main.push(...rows, blank());
    return main.length - 1 - rows.length + headerRow;
  };
  for (const table of SHEET_ORDER) {
    const rows = truth.tables[table];
    if (!rows?.length) continue;
    const { block, printed: out } = itemBlock(table, rows, style, r, r.pick(borderKinds));
    printed.tables[table] = out;
    add(block);
  }
  const terms = truth.tables.PlanAmortizacion?.[0];
  if (terms) {
    const pairs = keysOf('PlanAmortizacion', [terms]).map((k): [string, string] => [r.pick(HEADERS.PlanAmortizacion?.[k] ?? [k]), printValue(TYPES.PlanAmortizacion?.[k] ?? 'text', terms[k], style)]);
    main.push(...keyValueRows(r.pick(TITLES.PlanAmortizacion ?? ['PLAN DE AMORTIZACIÓN']), pairs, 2, Math.floor(grid / 2) - 1, r.chance(0.5)), blank());
    printed.tables.PlanAmortizacion = [terms];
  }
  const schedule = truth.tables.PlanAmortizacionDetalle;
  const summary = truth.tables.PlanAmortizacionResumen ?? (schedule ? yearlySummary(schedule) : []);
  let repeatRows: [number, number] | undefined;
  if (summary.length > 0 && r.chance(0.5)) {
    const { block, printed: out } = itemBlock('PlanAmortizacionResumen', summary, style, r, r.pick(borderKinds));
    printed.tables.PlanAmortizacionResumen = out;
    add(block);
  }
  if (schedule?.length) {
    const { block, printed: out } = itemBlock('PlanAmortizacionDetalle', schedule, style, r, r.pick(borderKinds));
    printed.tables.PlanAmortizacionDetalle = out;
    const header = add(block);
    repeatRows = [header, header];
  }
  if (summary.length > 0 && !printed.tables.PlanAmortizacionResumen) {
    const { block, printed: out } = itemBlock('PlanAmortizacionResumen', summary, style, r, r.pick(borderKinds));
    printed.tables.PlanAmortizacionResumen = out;
    add(block);
  }
  const sheets: Sheet[] = [{ name: 'Solicitud', landscape: false, columnWidthsCm: [], rows: main, repeatRows }];
  const flows = FLOWS.filter((t) => truth.tables[t]?.length);
  if (flows.length > 0) {
    const rows: SheetRow[] = [];
    let width = 0;
    for (const table of flows) {
      const flow = truth.tables[table] ?? [];
      const block = flowBlock(table, flow, style, r.pick(borderKinds), r);
      const spans = block.columns.map(() => 1);
      width = Math.max(width, spans.length);
      rows.push(...tableRows(block, { start: 0, spans }).rows, blank());
      printed.tables[table] = flow;
    }
    sheets.push({ name: 'Flujo de caja', landscape: true, columnWidthsCm: Array.from({ length: width }, () => 0), rows, fitWidth: true });
  }
  return { book: { sheets, fontPt: r.pick([8, 9, 10]), rowHeightCm: 0.45, footer: r.chance(0.5) ? 'Solicitud de crédito' : undefined }, printed };
}
