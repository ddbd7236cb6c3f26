/**
 * Builds the calc fixtures: credit applications laid out as a spreadsheet user would and exported
 * to PDF by LibreOffice Calc, with their truth (issue 10: "credit applications from a spreadsheet
 * program's PDF export"). The DATA comes from domain-dev truth files; the look is drawn per
 * document from a seed.
 *
 *   npx tsx scripts/corpus/calc-export.ts [--corpus ../shared/corpus/domain-dev] [--out tests/fixtures/calc] [--offset N] [--keep]
 *
 * Needs `soffice` (LibreOffice) on the PATH. The PDFs and truth files are committed; rerun only to
 * change the fixtures.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rng, type Rng } from './calc-blocks.ts';
import { layoutDocument, type Truth } from './calc-document.ts';
import { numberStyle } from './calc-format.ts';
import { cliOption, readSource, writeTruth } from './credit-data.ts';
import { toFods, type Sheet, type Workbook } from './fods.ts';

/** Source document → fixture id. Grid and stream sources alike: only their data is used. */
const SOURCES: [string, string][] = [
  ['grid-1005', 'calc-6001'],
  ['stream-2002', 'calc-6002'],
  ['grid-1006', 'calc-6003'],
  ['stream-2007', 'calc-6004'],
  ['grid-1004', 'calc-6005'],
  ['stream-2008', 'calc-6006'],
  ['stream-2005', 'calc-6007'],
];

const PRINTABLE_CM = { portrait: 18, landscape: 26.7 };

/** Width in cm a text needs at a font size (Liberation Sans averages ~0.5 em a character). */
function textCm(text: string, pt: number, bold: boolean): number {
  return (text.length * pt * (bold ? 0.56 : 0.5)) / 28.35 + 0.2;
}

/** Column widths from the cells each column holds, with some slack: a user widens, rarely narrows. */
function fitColumns(sheet: Sheet, pt: number, grid: number, r: Rng): void {
  const widths = Array.from({ length: grid }, () => 1.2);
  const spanning: [number, number, number][] = [];
  for (const row of sheet.rows) {
    for (const [col, cell] of row.cells) {
      const size = cell.sizePt ?? pt;
      const need = cell.wrap ? Math.max(...cell.text.split(/\s+/).map((w) => textCm(w, size, !!cell.bold))) : textCm(cell.text, size, !!cell.bold);
      if ((cell.span ?? 1) === 1) {
        // A lone title overflows into the empty cells to its right, as in any spreadsheet.
        if (row.cells.size > 1 || cell.wrap) widths[col] = Math.max(widths[col] ?? 0, need);
      } else if (row.cells.size > 1 || !cell.bold) spanning.push([col, cell.span ?? 1, need]);
    }
  }
  for (const [col, span, need] of spanning) {
    const have = widths.slice(col, col + span).reduce((a, b) => a + b, 0);
    const last = col + span - 1;
    if (have < need) widths[last] = (widths[last] ?? 0) + need - have;
  }
  sheet.columnWidthsCm = widths.map((w) => w * (1 + r.next() * 0.25));
  const printable = sheet.landscape ? PRINTABLE_CM.landscape : PRINTABLE_CM.portrait;
  sheet.fitWidth = sheet.columnWidthsCm.reduce((a, b) => a + b, 0) > printable;
}

function build(source: Truth, id: string, seed: number, work: string): { book: Workbook; truth: Truth } {
  const r = rng(seed);
  const style = numberStyle(r);
  const { book, printed } = layoutDocument(source, r, style);
  for (const sheet of book.sheets) {
    const grid = Math.max(...sheet.rows.flatMap((row) => [...row.cells].map(([col, cell]) => col + (cell.span ?? 1))));
    fitColumns(sheet, book.fontPt, grid, r);
  }
  writeFileSync(path.join(work, `${id}.fods`), toFods(book));
  const meta = { id, style: 'calc', producer: 'libreoffice-calc', seed, source: source.meta?.id, number_style: style.separators, paper: 'A4' };
  return { book, truth: { ...printed, meta } };
}

function main(): void {
  const args = process.argv.slice(2);
  const corpus = cliOption(args, '--corpus', '../shared/corpus/domain-dev');
  const out = cliOption(args, '--out', 'tests/fixtures/calc');
  mkdirSync(out, { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), 'calc-export-'));
  try {
    // `--offset 100` draws another look for the same sources (calc-6101…): a held-out check.
    const offset = Number(cliOption(args, '--offset', '0'));
    for (const [sourceId, baseId] of SOURCES) {
      const source = readSource(corpus, sourceId);
      const seed = Number(baseId.replace(/\D/g, '')) + offset;
      const id = `calc-${seed}`;
      const { truth } = build(source, id, seed, work);
      // A private profile: a running Calc elsewhere must not swallow the conversion.
      execFileSync('soffice', [`-env:UserInstallation=file://${work}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', work, path.join(work, `${id}.fods`)], { stdio: 'ignore' });
      copyFileSync(path.join(work, `${id}.pdf`), path.join(out, `${id}.pdf`));
      writeTruth(out, id, truth);
      console.log(`${id} ← ${sourceId}`);
    }
  } finally {
    if (!args.includes('--keep')) rmSync(work, { recursive: true, force: true });
    else console.log(`kept ${work}`);
  }
}

main();
