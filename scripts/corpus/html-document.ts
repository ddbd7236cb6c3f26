/**
 * One credit application as a web system prints it: an HTML page with the header fields in a
 * two-column form, each table under its section title with its own CSS look, the loan terms as
 * label/value pairs, the instalment schedule long enough to break over pages (Chromium repeats its
 * `thead`), the yearly summary above or below it, and the cash flows on a landscape page.
 * Returns the page and the truth of what it prints.
 */
import type { Rng } from './calc-blocks.ts';
import { printValue, type NumberStyle } from './calc-format.ts';
import { HEADERS, TITLES } from './calc-wordings.ts';
import { FLOWS, SHEET_ORDER, TYPES, flowBlock, headerPairs, itemBlock, keysOf, yearlySummary, type Truth } from './credit-data.ts';
import { LOOKS, escapeHtml, pageCss, pairsHtml, tableHtml, titleHtml, type PageStyle } from './html-tables.ts';

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

export function layoutHtml(truth: Truth, r: Rng, numbers: NumberStyle, style: PageStyle): { html: string; printed: Truth } {
  const printed: Truth = { nosolicitud: truth.nosolicitud, header: truth.header, tables: {} };
  const parts: string[] = [`<h1>SOLICITUD DE CRÉDITO AGROPECUARIO</h1>`];
  if (r.chance(0.5)) parts.push(titleHtml('DATOS DEL SOLICITANTE', style));
  parts.push(pairsHtml(headerPairs(truth, numbers, r), style, r));
  const item = (table: string, rows: Truth['tables'][string]) => {
    const { block, printed: out } = itemBlock(table, rows, numbers, r, 'none');
    printed.tables[table] = out;
    parts.push(tableHtml(block, r.pick(LOOKS), style, r));
  };
  for (const table of SHEET_ORDER) {
    const rows = truth.tables[table];
    if (rows?.length) item(table, rows);
  }
  const terms = truth.tables.PlanAmortizacion?.[0];
  if (terms) {
    const pairs = keysOf('PlanAmortizacion', [terms]).map((k): [string, string] => [r.pick(HEADERS.PlanAmortizacion?.[k] ?? [k]), printValue(TYPES.PlanAmortizacion?.[k] ?? 'text', terms[k], numbers)]);
    parts.push(titleHtml(r.pick(TITLES.PlanAmortizacion ?? ['PLAN DE AMORTIZACIÓN']), style), pairsHtml(pairs, style, r));
    printed.tables.PlanAmortizacion = [terms];
  }
  const schedule = truth.tables.PlanAmortizacionDetalle;
  const summary = truth.tables.PlanAmortizacionResumen ?? (schedule ? yearlySummary(schedule) : []);
  const summaryFirst = r.chance(0.5);
  if (summary.length > 0 && summaryFirst) item('PlanAmortizacionResumen', summary);
  if (schedule?.length) item('PlanAmortizacionDetalle', schedule);
  if (summary.length > 0 && !summaryFirst) item('PlanAmortizacionResumen', summary);
  const flows = FLOWS.filter((t) => truth.tables[t]?.length);
  if (flows.length > 0) {
    const wide: string[] = [];
    for (const table of flows) {
      const flow = truth.tables[table] ?? [];
      wide.push(tableHtml(flowBlock(table, flow, numbers, 'none', r), r.pick(LOOKS), { ...style, wrapEm: undefined, pt: Math.min(style.pt, 8) }, r));
      printed.tables[table] = flow;
    }
    parts.push(`<section class="flows" style="font-size:${Math.min(style.pt, 8)}pt">${titleHtml('FLUJO DE CAJA', style)}${wide.join('')}</section>`);
  }
  const margins = r.pick(['12mm', '15mm 12mm', '20mm 15mm']);
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(truth.nosolicitud)}</title><style>${pageCss(style, margins)}</style></head><body>${parts.join('\n')}</body></html>`;
  return { html, printed };
}
