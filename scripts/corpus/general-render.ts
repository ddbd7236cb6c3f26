/**
 * The general-table documents as HTML (printed by Chromium or converted by LibreOffice Writer) and
 * as groff `tbl` source (decision 018). A document is a list of pages; a page a list of paragraphs
 * and tables; a table continued over a page break is two tables with the same header, as a
 * repeated `thead` prints.
 */
import type { GenTable, Row } from './general-content.ts';

export type Style = 'grid' | 'hrules' | 'booktabs' | 'zebra' | 'headerfill' | 'none';
export type Block = { p: string } | { table: GenTable; rows: Row[] };
export interface Doc { pages: Block[][]; style: Style; landscape: boolean; pt: number; font: string; lang: string }

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const numeric = (k: string) => k !== 'text' && k !== 'code';

const CSS: Record<Style, string> = {
  grid: 'table{border-collapse:collapse} td,th{border:0.75pt solid #000}',
  hrules: 'table{border-collapse:collapse;border-top:1pt solid #000} td,th{border-bottom:0.5pt solid #555}',
  booktabs: 'table{border-collapse:collapse;border-top:1.5pt solid #000;border-bottom:1.5pt solid #000} thead tr:last-child th{border-bottom:0.75pt solid #000}',
  zebra: 'table{border-collapse:collapse} tbody tr:nth-child(even) td{background:#e6e9ef} th{font-weight:bold}',
  headerfill: 'table{border-collapse:collapse} th{background:#2f4f6f;color:#fff}',
  none: 'table{border-collapse:collapse}',
};

// Writer's HTML import reads table attributes, not CSS borders and fills: the same look in its words.
const WRITER_ATTRS: Record<Style, string> = {
  grid: ' border="1" rules="all" frame="box"', hrules: ' border="1" rules="rows" frame="hsides"', booktabs: ' border="1" rules="groups" frame="hsides"',
  zebra: '', headerfill: '', none: '',
};

function htmlTable(t: GenTable, rows: Row[], style: Style, writer: boolean): string {
  const fill = (what: 'th' | 'even', i = 0) => (!writer ? '' : what === 'th' && style === 'headerfill' ? ' bgcolor="#2f4f6f" style="color:#fff"' : what === 'even' && style === 'zebra' && i % 2 === 1 ? ' bgcolor="#e6e9ef"' : '');
  const align = (c: number) => (numeric(t.kinds[c]!) ? 'right' : 'left');
  const head: string[] = [];
  if (t.groups) head.push(`<tr>${t.groups.map((g) => `<th colspan="${g.span}"${fill('th')} align="center">${esc(g.text)}</th>`).join('')}</tr>`);
  head.push(`<tr>${t.header.map((h, c) => `<th${fill('th')} align="${align(c)}">${esc(h)}</th>`).join('')}</tr>`);
  const body = rows.map((row, i) => {
    if ('group' in row) return `<tr><td colspan="${t.header.length}"><b><i>${esc(row.group)}</i></b></td></tr>`;
    const cells = 'cells' in row ? row.cells : row.total;
    const bold = 'total' in row;
    // A figure never breaks inside (a browser or Writer would otherwise split "$32,994.31" in a tight column).
    return `<tr${fill('even', i)}>${cells.map((v, c) => `<td align="${align(c)}"${c > 0 && numeric(t.kinds[c]!) ? ' nowrap' : ''}>${bold ? `<b>${esc(v)}</b>` : esc(v)}</td>`).join('')}</tr>`;
  });
  const note = t.note && rows === t.rows ? `<p class="note">${esc(t.note)}</p>` : '';
  return `<table${writer ? WRITER_ATTRS[style] : ''} cellpadding="3" cellspacing="0"><thead>${head.join('')}</thead><tbody>${body.join('')}</tbody></table>${note}`;
}

export function docHtml(doc: Doc, writer = false): string {
  const size = doc.landscape ? 'A4 landscape' : 'A4';
  const pages = doc.pages.map((blocks, i) => {
    const inner = blocks.map((b) => ('p' in b ? `<p>${esc(b.p)}</p>` : htmlTable(b.table, b.rows, doc.style, writer))).join('\n');
    return i === 0 ? inner : `<p style="page-break-before:always;margin:0"></p>${inner}`;
  });
  return `<!doctype html><html><head><meta charset="utf-8"><style>
@page{size:${size};margin:2cm}
body{font-family:${doc.font};font-size:${doc.pt}pt;margin:0}
p{margin:0.6em 0} p.note{font-size:${Math.max(6, doc.pt - 2)}pt;font-style:italic}
td,th{padding:2pt 5pt;vertical-align:top}
${CSS[doc.style]}
</style></head><body>
${pages.join('\n')}
</body></html>`;
}

// groff: no fills, so zebra and header fills print as no rules (the truth does not change).
const TBL_OPTS: Record<Style, string> = { grid: 'allbox', hrules: '', booktabs: '', zebra: '', headerfill: '', none: '' };
const groffText = (s: string) => s.replace(/\\/g, '\\e').replace(/^([.'])/, '\\&$1');

function groffTable(doc: Doc, t: GenTable, rows: Row[]): string {
  const n = t.header.length;
  const al = t.kinds.map((k) => (numeric(k) ? 'r' : 'l'));
  // A text stub wider than its column wraps: tbl's T{ T} block with a set width.
  const wrapCol = rows.some((r) => 'cells' in r && r.cells[0]!.length > 28);
  const first = wrapCol ? 'lw(1.6i)' : 'l';
  const formats: string[] = [];
  if (t.groups) formats.push(t.groups.map((g) => ['c', ...Array<string>(g.span - 1).fill('s')].join(' ')).join(' '));
  formats.push(t.kinds.map((_, c) => (c === 0 ? 'lb' : `${al[c]}b`)).join(' '));
  const bodyFormat = [first, ...al.slice(1)].join(' ');
  const ruled = doc.style === 'hrules' || doc.style === 'booktabs';
  const lines: string[] = [];
  if (ruled) lines.push('_');
  // A spanned column (`s`) takes no data entry: one entry per group.
  if (t.groups) lines.push(t.groups.map((g) => groffText(g.text)).join('\t'));
  lines.push(t.header.map(groffText).join('\t'));
  if (ruled) lines.push('_');
  const rowFormats: string[] = [];
  for (const row of rows) {
    if ('group' in row) {
      rowFormats.push(['lbi', ...Array<string>(n - 1).fill('s')].join(' '));
      lines.push(groffText(row.group));
    } else {
      const cells = 'cells' in row ? row.cells : row.total;
      rowFormats.push('total' in row ? bodyFormat.replace(/([lr])(w\([^)]*\))?/g, '$1b$2') : bodyFormat);
      lines.push(cells.map((v, c) => (c === 0 && v.length > 28 ? `T{\n${groffText(v)}\nT}` : groffText(v) || '\\&')).join('\t'));
    }
    if (doc.style === 'hrules') lines.push('_');
  }
  if (doc.style === 'booktabs' && lines.at(-1) !== '_') lines.push('_');
  // tbl reads one format line per data line (rule lines take none): header formats, then a line per row.
  const allFormats = [...formats, ...rowFormats].join('\n');
  const opts = ['tab(\t)', TBL_OPTS[doc.style]].filter(Boolean).join(' ');
  const note = t.note && rows === t.rows ? `.sp 0.3\n.ps -2\n.ft I\n${groffText(t.note)}\n.ft\n.ps\n` : '';
  return `.sp\n.TS\n${opts};\n${allFormats}.\n${lines.join('\n')}\n.TE\n${note}`;
}

export function docGroff(doc: Doc): string {
  const pages = doc.pages.map((blocks) => blocks.map((b) => ('p' in b ? `.sp\n${groffText(b.p)}\n` : groffTable(doc, b.table, b.rows))).join(''));
  // Plain troff (no macro package here): page size, margins by top and bottom traps, sizes.
  const [pl, ll] = doc.landscape ? ['21c', '25.7c'] : ['29.7c', '17c'];
  const head = `.pl ${pl}\n.po 2c\n.ll ${ll}\n.de hd\n'sp 2c\n..\n.de fo\n'bp\n..\n.wh 0 hd\n.wh -2c fo\n'sp 2c\n.ps ${doc.pt}\n.vs ${Math.round(doc.pt * 1.25)}p\n`;
  return head + pages.join('.bp\n');
}
