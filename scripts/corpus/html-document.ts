/**
 * One credit application as a web system prints it: an HTML page with the header fields in a
 * two-column form, each table under its section title with its own CSS look, the loan terms as
 * label/value pairs, the instalment schedule long enough to break over pages (Chromium repeats its
 * `thead`), the yearly summary above or below it, and the cash flows on a landscape page.
 * Returns the page and the truth of what it prints.
 */
import type { Rng, TableBlock } from './calc-blocks.ts';
import { printValue, type NumberStyle } from './calc-format.ts';
import { HEADERS, TITLES } from './calc-wordings.ts';
import { FLOWS, SHEET_ORDER, TYPES, flowBlock, headerPairs, itemBlock, keysOf, yearlySummary, type Truth } from './credit-data.ts';
import { LOOKS, escapeHtml, pageCss, pairsHtml, tableHtml, titleHtml, type Look, type PageStyle } from './html-tables.ts';

const FONTS = ['Liberation Sans', 'DejaVu Sans', 'Liberation Serif', 'Nimbus Sans Narrow', 'DejaVu Serif'];

export function pageStyle(r: Rng): PageStyle {
  return {
    font: r.pick(FONTS),
    pt: r.pick([8, 9, 10]),
    pad: [r.pick([1, 2, 4]), r.pick([3, 5, 8])],
    wrapEm: r.chance(0.5) ? r.pick([9, 12, 15]) : undefined,
    figuresLeft: r.chance(0.15),
    titleCase: r.chance(0.7) ? 'upper' : 'as-is',
    titleAlign: r.chance(0.7) ? 'left' : 'center',
  };
}

/** How a producer marks up a titled table, a label/value block and a section title. */
export interface Markup {
  table(block: TableBlock, look: Look, style: PageStyle, r: Rng): string;
  pairs(pairs: [string, string][], style: PageStyle, r: Rng): string;
  title(title: string, style: PageStyle): string;
}
export const CSS_MARKUP: Markup = { table: tableHtml, pairs: pairsHtml, title: titleHtml };

/** A document's blocks in print order: the portrait part, the cash flows (for a page of their own) and the truth. */
export interface Laid {
  parts: string[];
  flows: string[];
  /** The cash flows' font size: at most 8 pt, to fit their periods across the page. */
  flowPt: number;
  margins: string;
  printed: Truth;
}

export function layoutHtml(truth: Truth, r: Rng, numbers: NumberStyle, style: PageStyle): { html: string; printed: Truth } {
  const { parts, flows, flowPt, margins, printed } = layoutBlocks(truth, r, numbers, style, CSS_MARKUP);
  if (flows.length > 0) parts.push(`<section class="flows" style="font-size:${flowPt}pt">${titleHtml('FLUJO DE CAJA', style)}${flows.join('')}</section>`);
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(truth.nosolicitud)}</title><style>${pageCss(style, margins)}</style></head><body>${parts.join('\n')}</body></html>`;
  return { html, printed };
}

/** The blocks of one credit application, drawn from `r` in one fixed order whatever the markup. */
export function layoutBlocks(truth: Truth, r: Rng, numbers: NumberStyle, style: PageStyle, markup: Markup): Laid {
  const printed: Truth = { nosolicitud: truth.nosolicitud, header: truth.header, tables: {} };
  const parts: string[] = [`<h1>SOLICITUD DE CRÉDITO AGROPECUARIO</h1>`];
  if (r.chance(0.5)) parts.push(markup.title('DATOS DEL SOLICITANTE', style));
  parts.push(markup.pairs(headerPairs(truth, numbers, r), style, r));
  const item = (table: string, rows: Truth['tables'][string]) => {
    const { block, printed: out } = itemBlock(table, rows, numbers, r, 'none');
    printed.tables[table] = out;
    parts.push(markup.table(block, r.pick(LOOKS), style, r));
  };
  for (const table of SHEET_ORDER) {
    const rows = truth.tables[table];
    if (rows?.length) item(table, rows);
  }
  const terms = truth.tables.PlanAmortizacion?.[0];
  if (terms) {
    const pairs = keysOf('PlanAmortizacion', [terms]).map((k): [string, string] => [r.pick(HEADERS.PlanAmortizacion?.[k] ?? [k]), printValue(TYPES.PlanAmortizacion?.[k] ?? 'text', terms[k], numbers)]);
    parts.push(markup.title(r.pick(TITLES.PlanAmortizacion ?? ['PLAN DE AMORTIZACIÓN']), style), markup.pairs(pairs, style, r));
    printed.tables.PlanAmortizacion = [terms];
  }
  const schedule = truth.tables.PlanAmortizacionDetalle;
  const summary = truth.tables.PlanAmortizacionResumen ?? (schedule ? yearlySummary(schedule) : []);
  const summaryFirst = r.chance(0.5);
  if (summary.length > 0 && summaryFirst) item('PlanAmortizacionResumen', summary);
  if (schedule?.length) item('PlanAmortizacionDetalle', schedule);
  if (summary.length > 0 && !summaryFirst) item('PlanAmortizacionResumen', summary);
  const flowPt = Math.min(style.pt, 8);
  const flows = FLOWS.filter((t) => truth.tables[t]?.length).map((table) => {
    const flow = truth.tables[table] ?? [];
    printed.tables[table] = flow;
    return markup.table(flowBlock(table, flow, numbers, 'none', r), r.pick(LOOKS), { ...style, wrapEm: undefined, pt: flowPt }, r);
  });
  const margins = r.pick(['12mm', '15mm 12mm', '20mm 15mm']);
  return { parts, flows, flowPt, margins, printed };
}
