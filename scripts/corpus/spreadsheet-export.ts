/**
 * What the spreadsheet producers share: the domain-dev sources they take their data from, the
 * column widths a user would give the sheet, and the loop that lays each source out, prints it
 * with the producer's own program and writes `<id>.pdf` + `<id>.truth.json`.
 * calc-export.ts prints with LibreOffice Calc, gnumeric-export.ts with Gnumeric.
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

/** Source document → the number its fixture id ends in (calc-6001, gnumeric-8001 …). */
const SOURCES: [string, number][] = [
  ['grid-1005', 1],
  ['stream-2002', 2],
  ['grid-1006', 3],
  ['stream-2007', 4],
  ['grid-1004', 5],
  ['stream-2008', 6],
  ['stream-2005', 7],
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

function build(source: Truth, seed: number): { book: Workbook; printed: Truth } {
  const r = rng(seed);
  const style = numberStyle(r);
  const { book, printed } = layoutDocument(source, r, style);
  for (const sheet of book.sheets) {
    const grid = Math.max(...sheet.rows.flatMap((row) => [...row.cells].map(([col, cell]) => col + (cell.span ?? 1))));
    fitColumns(sheet, book.fontPt, grid, r);
  }
  return { book, printed: { ...printed, meta: { seed, source: source.meta?.id, number_style: style.separators, paper: 'A4' } } };
}

/** Converts the workbook's `.fods` with a private profile: a running Calc elsewhere must not swallow it. */
export function sofficeConvert(book: Workbook, name: string, work: string, to: 'pdf' | 'xlsx'): string {
  const fods = path.join(work, `${name}.fods`);
  writeFileSync(fods, toFods(book));
  execFileSync('soffice', [`-env:UserInstallation=file://${work}/profile`, '--headless', '--convert-to', to, '--outdir', work, fods], { stdio: 'ignore' });
  return path.join(work, `${name}.${to}`);
}

export interface Producer {
  /** Fixture ids are `<prefix>-<base + n>`; truth meta.style is the prefix. */
  prefix: string;
  base: number;
  name: string;
  defaultOut: string;
  /** Prints the workbook to `<work>/<id>.pdf`; may also change the truth to what it printed. */
  print(book: Workbook, id: string, work: string, printed: Truth): void;
}

/** The CLI of every spreadsheet producer: `[--corpus DIR] [--out DIR] [--offset N] [--keep]`. */
export function exportAll(producer: Producer): void {
  const args = process.argv.slice(2);
  const corpus = cliOption(args, '--corpus', '../shared/corpus/domain-dev');
  const out = cliOption(args, '--out', producer.defaultOut);
  mkdirSync(out, { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), `${producer.prefix}-export-`));
  try {
    // `--offset 100` draws another look for the same sources (calc-6101…): a held-out check.
    const offset = Number(cliOption(args, '--offset', '0'));
    for (const [sourceId, n] of SOURCES) {
      const source = readSource(corpus, sourceId);
      const seed = producer.base + n + offset;
      const id = `${producer.prefix}-${seed}`;
      const { book, printed } = build(source, seed);
      const truth: Truth = { ...printed, meta: { id, style: producer.prefix, producer: producer.name, ...printed.meta } };
      producer.print(book, id, work, truth);
      copyFileSync(path.join(work, `${id}.pdf`), path.join(out, `${id}.pdf`));
      writeTruth(out, id, truth);
      console.log(`${id} ← ${sourceId}`);
    }
  } finally {
    if (!args.includes('--keep')) rmSync(work, { recursive: true, force: true });
    else console.log(`kept ${work}`);
  }
}
