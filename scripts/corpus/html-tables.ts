/**
 * A credit application's blocks as a web system prints them: HTML tables styled by CSS, one look
 * per table drawn from a seed. The looks are those of report templates seen in the wild: full
 * grid, rules between rows only, a rule under the header only, zebra stripes (filled rectangles,
 * no lines), an outer frame, nothing at all.
 */
import type { BodyRow, Rng, TableBlock } from './calc-blocks.ts';

export type Look = 'grid' | 'rows' | 'header' | 'zebra' | 'frame' | 'none';
export const LOOKS: Look[] = ['grid', 'rows', 'header', 'zebra', 'frame', 'none'];

export interface PageStyle {
  font: string;
  pt: number;
  /** Cell padding in px: vertical, horizontal. */
  pad: [number, number];
  /** Long text cells wrap onto several lines (a width cap on text columns). */
  wrapEm?: number;
  /** Figures left-aligned like text, as some templates do. */
  figuresLeft: boolean;
  titleCase: 'upper' | 'as-is';
  titleAlign: 'left' | 'center';
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The CSS of each look, scoped by a class on the table. */
export function lookCss(): string {
  return `
table.t { border-collapse: collapse; margin: 2px 0 14px 0; }
table.t th, table.t td { vertical-align: top; }
table.t th { font-weight: bold; }
table.grid th, table.grid td { border: 0.8px solid #333; }
table.rows tr { border-bottom: 0.6px solid #888; }
table.rows thead tr { border-bottom: 1.2px solid #222; }
table.header thead tr:last-child { border-bottom: 1px solid #000; }
table.zebra tbody tr:nth-child(even) { background: #eef1f5; }
table.zebra thead tr { background: #c9d3e0; }
table.frame { border: 1px solid #222; }
tr.total td { font-weight: bold; }
tr.section td { font-weight: bold; font-style: italic; }
`;
}

function cellAlign(align: 'start' | 'end' | 'center', style: PageStyle): string {
  if (align === 'start' || style.figuresLeft) return 'left';
  return align === 'end' ? 'right' : 'center';
}

function cell(tag: 'td' | 'th', text: string, align: string, style: PageStyle, wrap: boolean, extra = ''): string {
  const inner = wrap && style.wrapEm ? `<div style="max-width:${style.wrapEm}em">${escapeHtml(text)}</div>` : escapeHtml(text);
  // Figures never wrap (`$` over its number is a template bug, not a layout); text may.
  const nowrap = wrap ? '' : ';white-space:nowrap';
  return `<${tag} style="text-align:${align};padding:${style.pad[0]}px ${style.pad[1]}px${nowrap}"${extra}>${inner}</${tag}>`;
}

function bodyRow(row: BodyRow, block: TableBlock, style: PageStyle): string {
  const n = block.columns.length;
  if ('section' in row) return `<tr class="section">${cell('td', row.section, 'left', style, false, ` colspan="${n}"`)}</tr>`;
  const texts = 'cells' in row ? row.cells : row.total;
  const cls = 'total' in row ? ' class="total"' : '';
  const tds = texts.map((t, i) => {
    const column = block.columns[i];
    return cell('td', t, cellAlign(column?.align ?? 'start', style), style, column?.align === 'start');
  });
  return `<tr${cls}>${tds.join('')}</tr>`;
}

function headRows(block: TableBlock, style: PageStyle, fill: string | undefined): string {
  const bg = fill ? ` style="background:${fill}"` : '';
  const th = (text: string, extra = '') => cell('th', text, 'center', style, true, extra);
  if (!block.group) return `<tr${bg}>${block.columns.map((c) => th(c.header)).join('')}</tr>`;
  const [first, last, text] = block.group;
  const top: string[] = [];
  block.columns.forEach((c, i) => {
    if (i < first || i > last) top.push(th(c.header, ' rowspan="2"'));
    else if (i === first) top.push(th(text, ` colspan="${last - first + 1}"`));
  });
  const bottom = block.columns.slice(first, last + 1).map((c) => th(c.header));
  return `<tr${bg}>${top.join('')}</tr><tr${bg}>${bottom.join('')}</tr>`;
}

export function titleHtml(title: string, style: PageStyle): string {
  const text = style.titleCase === 'upper' ? title.toUpperCase() : title.charAt(0) + title.slice(1).toLowerCase();
  return `<div class="title" style="text-align:${style.titleAlign}">${escapeHtml(text)}</div>`;
}

/** One catalogue table under its title; `width` 100 spreads it over the page, else its content decides. */
export function tableHtml(block: TableBlock, look: Look, style: PageStyle, r: Rng): string {
  const width = r.chance(0.5) ? ' style="width:100%"' : '';
  const fill = look === 'zebra' ? undefined : block.headerFill;
  return `${titleHtml(block.title, style)}<table class="t ${look}"${width}><thead>${headRows(block, style, fill)}</thead><tbody>${block.rows.map((row) => bodyRow(row, block, style)).join('')}</tbody></table>`;
}

/** Header fields or loan terms as label/value pairs, in one of the layouts forms use. */
export function pairsHtml(pairs: [string, string][], style: PageStyle, r: Rng): string {
  const layout = r.pick(['table', 'lines', 'stacked'] as const);
  const colon = r.chance(0.6) ? ':' : '';
  if (layout === 'table') {
    const ruled = r.chance(0.5) ? ' grid' : '';
    const rows: string[] = [];
    for (let i = 0; i < pairs.length; i += 2) {
      const cells = pairs.slice(i, i + 2).flatMap(([label, value]) => [cell('td', `${label}${colon}`, 'left', style, false, ' class="label"'), cell('td', value, 'left', style, false)]);
      rows.push(`<tr>${cells.join('')}</tr>`);
    }
    return `<table class="t kv${ruled}" style="width:100%">${rows.join('')}</table>`;
  }
  if (layout === 'lines') {
    const items = pairs.map(([label, value]) => `<div><span class="label">${escapeHtml(label)}${colon}</span> ${escapeHtml(value)}</div>`);
    return `<div class="kv-lines">${items.join('')}</div>`;
  }
  const items = pairs.map(([label, value]) => `<div class="box"><div class="small">${escapeHtml(label)}</div><div>${escapeHtml(value)}</div></div>`);
  return `<div class="kv-stacked">${items.join('')}</div>`;
}

export function pageCss(style: PageStyle, margins: string): string {
  return `
@page { size: A4 portrait; margin: ${margins}; }
@page wide { size: A4 landscape; margin: ${margins}; }
body { font-family: '${style.font}'; font-size: ${style.pt}pt; color: #111; margin: 0; }
h1 { font-size: ${style.pt + 4}pt; text-align: center; margin: 0 0 10px 0; }
.title { font-weight: bold; font-size: ${style.pt + 1}pt; margin-top: 10px; }
.label { font-weight: bold; }
.kv-lines { display: grid; grid-template-columns: 1fr 1fr; column-gap: 24px; row-gap: 3px; margin-bottom: 12px; }
.kv-stacked { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 4px; margin-bottom: 12px; }
.kv-stacked .box { border: 0.6px solid #999; padding: 2px 4px; }
.kv-stacked .small { font-size: ${style.pt - 2}pt; color: #444; }
table.kv { margin-bottom: 12px; }
.flows { page: wide; break-before: page; }
${lookCss()}`;
}
