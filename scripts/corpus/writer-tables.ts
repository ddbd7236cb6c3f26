/**
 * A credit application's blocks as a word processor user lays them out, in the HTML that
 * LibreOffice Writer's import understands: Writer reads table attributes (`border`, `rules`,
 * `frame`, `cellpadding`, `bgcolor`, `align`, `nowrap`), not CSS borders and fills, so each of
 * html-tables.ts's looks is said in those words. Titles are headings or bold paragraphs, the
 * header fields a borderless form, label/value lines, or boxes with a small label over the value.
 */
import type { BodyRow, Rng, TableBlock } from './calc-blocks.ts';
import type { Markup } from './html-document.ts';
import { escapeHtml, type Look, type PageStyle } from './html-tables.ts';

/** Writer's own words for each look (`rules="groups"` rules only between thead and tbody). */
const ATTRS: Record<Look, string> = {
  grid: ' border="1" rules="all" frame="box"',
  rows: ' border="1" rules="rows" frame="hsides"',
  header: ' border="1" rules="groups" frame="void"',
  zebra: ' border="0"',
  frame: ' border="1" rules="none" frame="box"',
  none: ' border="0"',
};
const ZEBRA_BODY = '#eef1f5';
const ZEBRA_HEAD = '#c9d3e0';

/** What a Writer document draws once: its title markup and how the header fields' labels look. */
export interface WriterLook {
  heading: 'h2' | 'h3' | 'bold';
  boldLabels: boolean;
}

export function writerLook(r: Rng): WriterLook {
  return { heading: r.pick(['h2', 'h3', 'bold'] as const), boldLabels: r.chance(0.6) };
}

const text = (s: string, bold: boolean) => (bold ? `<b>${escapeHtml(s)}</b>` : escapeHtml(s));

function align(a: 'start' | 'end' | 'center', style: PageStyle): string {
  if (a === 'start' || style.figuresLeft) return 'left';
  return a === 'end' ? 'right' : 'center';
}

type Size = (html: string) => string;

function bodyRow(row: BodyRow, i: number, block: TableBlock, look: Look, style: PageStyle, size: Size): string {
  const n = block.columns.length;
  const fill = look === 'zebra' && i % 2 === 1 ? ` bgcolor="${ZEBRA_BODY}"` : '';
  if ('section' in row) return `<tr${fill}><td colspan="${n}">${size(`<b><i>${escapeHtml(row.section)}</i></b>`)}</td></tr>`;
  const total = 'total' in row;
  const cells = total ? row.total : row.cells;
  // Figures never break inside: Writer would otherwise split `$ 32.994` in a narrow column.
  const tds = cells.map((t, c) => {
    const a = block.columns[c]?.align ?? 'start';
    return `<td align="${align(a, style)}"${a === 'start' ? '' : ' nowrap'}>${size(text(t, total))}</td>`;
  });
  return `<tr${fill}>${tds.join('')}</tr>`;
}

function headRows(block: TableBlock, look: Look, size: Size): string {
  const fill = look === 'zebra' ? ZEBRA_HEAD : block.headerFill;
  const bg = fill ? ` bgcolor="${fill}"` : '';
  const th = (t: string, extra = '') => `<th align="center"${extra}>${size(escapeHtml(t))}</th>`;
  if (!block.group) return `<tr${bg}>${block.columns.map((c) => th(c.header)).join('')}</tr>`;
  const [first, last, group] = block.group;
  const top: string[] = [];
  block.columns.forEach((c, i) => {
    if (i < first || i > last) top.push(th(c.header, ' rowspan="2"'));
    else if (i === first) top.push(th(group, ` colspan="${last - first + 1}"`));
  });
  return `<tr${bg}>${top.join('')}</tr><tr${bg}>${block.columns.slice(first, last + 1).map((c) => th(c.header)).join('')}</tr>`;
}

const PORTRAIT_WIDTH = 510;
const LANDSCAPE_WIDTH = 770;
const MIN_PT = 6;
const longestWord = (t: string) => Math.max(0, ...t.split(/\s+/).map((w) => w.length));

/**
 * Column widths as a user sets them: Writer's HTML import sizes a table without widths too narrow
 * (it leaves the cell padding out) and breaks figures inside their digits, which nobody prints.
 * Each column gets what its longest figure or date needs whole, a text column its longest word or
 * up to 16 characters; the table the page's width or what its columns need. A table wider than
 * the page is set smaller, as a user would (down to 6 pt); one that does not fit a portrait page
 * even so is sized for a landscape one (~770 pt) and marked `data-wide` (the cash flows' pages).
 */
function colgroup(block: TableBlock, style: PageStyle, full: boolean): { width: string; cols: string; pt: number; wide: boolean } {
  const need = block.columns.map((c, i) => {
    const cells = block.rows.flatMap((row) => ('section' in row ? [] : [('cells' in row ? row.cells : row.total)[i] ?? '']));
    const body = cells.map((t) => (c.align === 'start' ? Math.max(longestWord(t), Math.min(t.length, 16)) : t.length));
    return Math.max(longestWord(c.header), ...body) + 1;
  });
  const total = need.reduce((a, b) => a + b, 0);
  // About 0.6 em a character, the padding both sides.
  const padding = need.length * 1.5 * style.pad[1];
  const wide = (PORTRAIT_WIDTH - padding) / (total * 0.6) < MIN_PT;
  const textWidth = wide ? LANDSCAPE_WIDTH : PORTRAIT_WIDTH;
  const pt = Math.max(MIN_PT, Math.min(style.pt, Math.floor((textWidth - padding) / (total * 0.6))));
  const points = total * 0.6 * pt + padding;
  const percent = full ? 100 : Math.min(100, Math.ceil((points / textWidth) * 100));
  return { pt, wide, width: ` width="${percent}%"`, cols: `<colgroup>${need.map((n) => `<col width="${Math.round((n / total) * 100)}%">`).join('')}</colgroup>` };
}

export function writerMarkup(look: WriterLook): Markup {
  const title = (t: string, style: PageStyle): string => {
    const s = style.titleCase === 'upper' ? t.toUpperCase() : t.charAt(0) + t.slice(1).toLowerCase();
    if (look.heading === 'bold') return `<p align="${style.titleAlign}"><b>${escapeHtml(s)}</b></p>`;
    return `<${look.heading} align="${style.titleAlign}">${escapeHtml(s)}</${look.heading}>`;
  };
  const table = (block: TableBlock, tableLook: Look, style: PageStyle, r: Rng): string => {
    const { width, cols, pt, wide } = colgroup(block, style, r.chance(0.5));
    // Always said: the body's size is the page's, and the cash flows ask for less than it.
    const size: Size = (html) => `<span style="font-size:${pt}pt">${html}</span>`;
    const attrs = `${ATTRS[tableLook]} cellpadding="${style.pad[1]}" cellspacing="0"${width}${wide ? ' data-wide' : ''}`;
    const body = block.rows.map((row, i) => bodyRow(row, i, block, tableLook, style, size)).join('');
    // `thead` is Writer's "repeat heading": a table broken over pages repeats it.
    return `${title(block.title, style)}<table${attrs}>${cols}<thead>${headRows(block, tableLook, size)}</thead><tbody>${body}</tbody></table>`;
  };
  const pairs = (list: [string, string][], style: PageStyle, r: Rng): string => {
    const layout = r.pick(['table', 'lines', 'boxes'] as const);
    const colon = r.chance(0.6) ? ':' : '';
    const label = (l: string) => text(`${l}${colon}`, look.boldLabels);
    if (layout === 'lines') return list.map(([l, v]) => `<p style="margin:0">${label(l)} ${escapeHtml(v)}</p>`).join('');
    const perRow = layout === 'boxes' ? 3 : 2;
    const rows: string[] = [];
    for (let i = 0; i < list.length; i += perRow) {
      const cells = list.slice(i, i + perRow).map(([l, v]) =>
        layout === 'boxes' ? `<td valign="top"><font size="1">${escapeHtml(l)}</font><br>${escapeHtml(v)}</td>` : `<td>${label(l)}</td><td>${escapeHtml(v)}</td>`,
      );
      rows.push(`<tr>${cells.join('')}</tr>`);
    }
    const border = layout === 'boxes' || r.chance(0.4) ? ' border="1" rules="all" frame="box"' : ' border="0"';
    return `<table${border} cellpadding="${style.pad[1]}" cellspacing="0" width="100%">${rows.join('')}</table>`;
  };
  return { table, pairs, title };
}
