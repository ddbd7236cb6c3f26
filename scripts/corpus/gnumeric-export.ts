/**
 * Builds the gnumeric fixtures: the calc fixtures' credit applications (same data, same
 * spreadsheet layout, drawn from other seeds) printed by a third producer with its own PDF
 * writer, Gnumeric (cairo). Issue 10's unseen producer was a spreadsheet program we have never
 * seen; the closer our producers are to many programs, the less we tune to one.
 *
 *   npx tsx scripts/corpus/gnumeric-export.ts [--corpus ../shared/corpus/domain-dev] [--out tests/fixtures/gnumeric] [--offset N] [--keep]
 *
 * The workbook goes to Gnumeric as a user's file would: an .xlsx (written by LibreOffice from the
 * same .fods as calc-export.ts; Gnumeric 1.12's ODS import draws borders round merged cells that
 * have none), opened in Gnumeric, its print setup restored (the import keeps neither the rows to
 * repeat nor a second sheet's orientation, and prints only the active sheet), saved as Gnumeric
 * XML and printed with `ssconvert`. Needs `soffice` and `ssconvert` on the PATH.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import { esc, type Sheet, type Workbook } from './fods.ts';
import { exportAll, sofficeConvert } from './spreadsheet-export.ts';

const ssconvert = (from: string, to: string) => execFileSync('ssconvert', [from, to], { stdio: 'ignore' });

// Liberation Sans, which Gnumeric prints with, has Helvetica's advance widths.
type EmbedderFont = Parameters<typeof StandardFontEmbedder.for>[0];
const FACES = [StandardFonts.Helvetica, StandardFonts.HelveticaBold].map((f) => StandardFontEmbedder.for(f as string as EmbedderFont));
/** Gnumeric's cell padding and border, both sides, in points. */
const CELL_PADDING_PT = 4;

/**
 * Column widths in points wide enough for every cell's text. Gnumeric clips a text at the next
 * filled cell (`3. MANEJO DE PRADE|`), and the truth holds the whole text: the calc generator's
 * estimate (half an em a character) is short for capitals, so a column is widened where it is.
 */
function columnPoints(sheet: Sheet, fontPt: number): number[] {
  const points = sheet.columnWidthsCm.map((cm) => (cm * 72) / 2.54);
  for (const row of sheet.rows) {
    // A lone cell overflows into the empty cells beside it.
    if (row.cells.size < 2) continue;
    for (const [col, cell] of row.cells) {
      const face = FACES[cell.bold ? 1 : 0]!;
      const parts = cell.wrap ? cell.text.split(/\s+/) : [cell.text];
      const need = Math.max(...parts.map((t) => face.widthOfTextAtSize(t, cell.sizePt ?? fontPt))) + CELL_PADDING_PT;
      const last = col + (cell.span ?? 1) - 1;
      const have = points.slice(col, last + 1).reduce((a, b) => a + b, 0);
      if (have < need && last < points.length) points[last] = points[last]! + need - have;
    }
  }
  return points;
}

/** The print setup of one sheet in Gnumeric's terms, as the .fods asked Calc for it. */
function printSetup(xml: string, sheet: Sheet, book: Workbook): string {
  const footer = book.footer;
  const points = columnPoints(sheet, book.fontPt);
  // Printing all sheets, Gnumeric lays a landscape sheet out on the first sheet's (portrait) width
  // and prints its last columns on a page of their own; a user sees that and fits it to the width,
  // as they do when widened columns no longer fit the portrait page (18 cm printable).
  const fit = sheet.fitWidth || sheet.landscape || points.reduce((a, b) => a + b, 0) > (18 * 72) / 2.54;
  const scale = fit ? '<gnm:Scale type="size_fit" cols="1" rows="0"/>' : '<gnm:Scale type="percentage" percentage="100"/>';
  const repeat = sheet.repeatRows ? `<gnm:repeat_top value="$${sheet.repeatRows[0] + 1}:$${sheet.repeatRows[1] + 1}"/>` : '';
  // The .xlsx footer's font codes (&10) come back as text ("0Solicitud"): the footer is set again.
  const foot = footer ? `${esc(footer)} · Página &amp;[PAGE]` : '';
  // The .xlsx keeps column widths in character units and they come back ~18 % wider: set in points again.
  const columns = points.map((pt, i) => `<gnm:ColInfo No="${i}" Unit="${pt.toFixed(2)}" HardSize="1"/>`).join('');
  return xml
    .replace(/(<gnm:Cols [^>]*>)[\s\S]*?(<\/gnm:Cols>)/, `$1${columns}$2`)
    .replace(/<gnm:Footer [^>]*\/>/, `<gnm:Footer Left="" Middle="${foot}" Right=""/>`)
    .replace(/<gnm:Scale [^>]*\/>/, scale)
    .replace(/<gnm:repeat_top [^>]*\/>/, '')
    .replace(/<gnm:print_range [^>]*\/>/, `<gnm:print_range value="GNM_PRINT_ALL_SHEETS"/>${repeat}`)
    .replace(/<gnm:orientation>\w+<\/gnm:orientation>/, `<gnm:orientation>${sheet.landscape ? 'landscape' : 'portrait'}</gnm:orientation>`);
}

function print(book: Workbook, id: string, work: string): void {
  const xlsx = sofficeConvert(book, id, work, 'xlsx');
  const saved = path.join(work, `${id}.gnumeric`);
  ssconvert(xlsx, saved);
  const parts = gunzipSync(readFileSync(saved)).toString('utf8').split(/(?=<gnm:Sheet )/);
  const fixed = parts.map((part, i) => (i === 0 ? part : printSetup(part, book.sheets[i - 1] as Sheet, book)));
  writeFileSync(saved, fixed.join(''));
  ssconvert(saved, path.join(work, `${id}.pdf`));
}

exportAll({ prefix: 'gnumeric', base: 8000, name: 'gnumeric', defaultOut: 'tests/fixtures/gnumeric', print });
