/**
 * A small writer of LibreOffice flat-XML spreadsheets (.fods): sheets on one column grid each, cells
 * with spans, borders, fills and alignment, rows to repeat on every printed page, manual page breaks
 * and portrait or landscape pages. Only what the calc fixtures need: Calc itself lays the sheet out
 * and prints it, so the PDF is a real spreadsheet export, not an imitation of one.
 */

export type Side = 'top' | 'bottom' | 'left' | 'right';

export interface SheetCell {
  text: string;
  /** Grid columns this cell covers (a merged cell when > 1). */
  span?: number;
  align?: 'start' | 'center' | 'end';
  bold?: boolean;
  fill?: string;
  borders?: Side[];
  wrap?: boolean;
  sizePt?: number;
}

export interface SheetRow {
  /** Cells by grid column; a column inside an earlier cell's span must stay empty. */
  cells: Map<number, SheetCell>;
  /** A manual page break before this row. */
  breakBefore?: boolean;
}

export interface Sheet {
  name: string;
  landscape: boolean;
  columnWidthsCm: number[];
  rows: SheetRow[];
  /** Rows [first, last] (0-based, inclusive) printed at the top of every page. */
  repeatRows?: [number, number];
  /** Scale the print to the page width (Calc's "fit width to 1 page"). */
  fitWidth?: boolean;
}

export interface Workbook {
  sheets: Sheet[];
  fontPt: number;
  rowHeightCm: number;
  footer?: string;
}

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Each distinct cell look becomes one automatic style; the key is its properties. */
class CellStyles {
  private readonly byKey = new Map<string, string>();
  private readonly xml: string[] = [];
  constructor(private readonly fontPt: number) {}

  name(cell: SheetCell): string {
    const borders = [...(cell.borders ?? [])].sort();
    const key = JSON.stringify([cell.align, cell.bold, cell.fill, borders, cell.wrap, cell.sizePt]);
    const known = this.byKey.get(key);
    if (known) return known;
    const name = `ce${this.byKey.size + 1}`;
    this.byKey.set(key, name);
    const sides = borders.map((side) => `fo:border-${side}="0.74pt solid #000000"`).join(' ');
    const fill = cell.fill ? ` fo:background-color="${cell.fill}"` : '';
    const wrap = cell.wrap ? ' fo:wrap-option="wrap"' : '';
    const weight = cell.bold ? ' fo:font-weight="bold"' : '';
    this.xml.push(
      `<style:style style:name="${name}" style:family="table-cell" style:parent-style-name="Default">` +
        `<style:table-cell-properties ${sides}${fill}${wrap} style:vertical-align="middle" fo:padding="0.05cm"/>` +
        `<style:paragraph-properties fo:text-align="${cell.align ?? 'start'}"/>` +
        `<style:text-properties fo:font-size="${cell.sizePt ?? this.fontPt}pt"${weight}/></style:style>`,
    );
    return name;
  }

  toXml(): string {
    return this.xml.join('\n');
  }
}

function rowXml(row: SheetRow, width: number, styles: CellStyles, rowStyle: string): string {
  const parts: string[] = [];
  for (let col = 0; col < width; ) {
    const cell = row.cells.get(col);
    if (!cell) {
      parts.push('<table:table-cell/>');
      col++;
      continue;
    }
    const span = Math.max(1, Math.min(cell.span ?? 1, width - col));
    const spanned = span > 1 ? ` table:number-columns-spanned="${span}" table:number-rows-spanned="1"` : '';
    const text = cell.text === '' ? '' : `<text:p>${esc(cell.text)}</text:p>`;
    parts.push(`<table:table-cell table:style-name="${styles.name(cell)}" office:value-type="string"${spanned}>${text}</table:table-cell>`);
    for (let i = 1; i < span; i++) parts.push('<table:covered-table-cell/>');
    col += span;
  }
  return `<table:table-row table:style-name="${row.breakBefore ? 'roBreak' : rowStyle}">${parts.join('')}</table:table-row>`;
}

function sheetXml(sheet: Sheet, index: number, styles: CellStyles): string {
  const width = sheet.columnWidthsCm.length;
  const columns = sheet.columnWidthsCm.map((_, i) => `<table:table-column table:style-name="co${index}_${i}"/>`).join('');
  const rows = sheet.rows.map((row) => rowXml(row, width, styles, 'ro'));
  if (sheet.repeatRows) {
    const [first, last] = sheet.repeatRows;
    rows.splice(first, last - first + 1, `<table:table-header-rows>${rows.slice(first, last + 1).join('')}</table:table-header-rows>`);
  }
  const master = sheet.landscape ? 'taL' : 'taP';
  return `<table:table table:name="${esc(sheet.name)}" table:style-name="${sheet.fitWidth ? `${master}Fit` : master}">${columns}${rows.join('\n')}</table:table>`;
}

function pageLayout(name: string, landscape: boolean, fit: boolean, footer: string | undefined): { layout: string; master: string } {
  const [w, h] = landscape ? ['29.7cm', '21cm'] : ['21cm', '29.7cm'];
  const scale = fit ? ' style:scale-to-X="1" style:scale-to-Y="0"' : '';
  const layout =
    `<style:page-layout style:name="pl${name}"><style:page-layout-properties fo:page-width="${w}" fo:page-height="${h}" ` +
    `style:print-orientation="${landscape ? 'landscape' : 'portrait'}" fo:margin-top="1.2cm" fo:margin-bottom="1.2cm" ` +
    `fo:margin-left="1.5cm" fo:margin-right="1.5cm" style:print="charts drawings objects zero-values"${scale}/>` +
    `<style:header-style/><style:footer-style/></style:page-layout>`;
  const foot = footer
    ? `<style:footer><text:p>${esc(footer)} · Página <text:page-number>1</text:page-number></text:p></style:footer>`
    : '<style:footer style:display="false"/>';
  const master = `<style:master-page style:name="mp${name}" style:page-layout-name="pl${name}"><style:header style:display="false"/>${foot}</style:master-page>`;
  return { layout, master };
}

export function toFods(book: Workbook): string {
  const styles = new CellStyles(book.fontPt);
  const body = book.sheets.map((sheet, i) => sheetXml(sheet, i, styles)).join('\n');
  const columnStyles = book.sheets
    .flatMap((sheet, i) =>
      sheet.columnWidthsCm.map(
        (cm, j) => `<style:style style:name="co${i}_${j}" style:family="table-column"><style:table-column-properties style:column-width="${cm.toFixed(2)}cm" fo:break-before="auto"/></style:style>`,
      ),
    )
    .join('\n');
  const pages = [
    pageLayout('P', false, false, book.footer),
    pageLayout('L', true, false, book.footer),
    pageLayout('PFit', false, true, book.footer),
    pageLayout('LFit', true, true, book.footer),
  ];
  const tableStyles = ['P', 'L', 'PFit', 'LFit']
    .map((n) => `<style:style style:name="ta${n}" style:family="table" style:master-page-name="mp${n}"><style:table-properties table:display="true"/></style:style>`)
    .join('\n');
  const rowProps = `style:row-height="${book.rowHeightCm.toFixed(2)}cm" style:use-optimal-row-height="true"`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:styles><style:style style:name="Default" style:family="table-cell"><style:text-properties style:font-name="Liberation Sans" fo:font-family="'Liberation Sans'" fo:font-size="${book.fontPt}pt"/></style:style></office:styles>
<office:automatic-styles>
${columnStyles}
<style:style style:name="ro" style:family="table-row"><style:table-row-properties ${rowProps} fo:break-before="auto"/></style:style>
<style:style style:name="roBreak" style:family="table-row"><style:table-row-properties ${rowProps} fo:break-before="page"/></style:style>
${tableStyles}
${styles.toXml()}
${pages.map((p) => p.layout).join('\n')}
</office:automatic-styles>
<office:master-styles>${pages.map((p) => p.master).join('')}</office:master-styles>
<office:body><office:spreadsheet>
${body}
</office:spreadsheet></office:body></office:document>
`;
}
