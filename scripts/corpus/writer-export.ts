/**
 * A fourth producer of credit applications (issue 10): the html generator's documents written as
 * a word processor user would and exported to PDF by LibreOffice Writer (its own PDF writer, its
 * own table layout: `soffice --infilter='HTML (StarWriter)' --convert-to pdf:writer_pdf_Export`).
 * The same data, blocks and truth as html-export.ts (html-document.ts's `layoutBlocks`), in the
 * markup Writer's HTML import reads (writer-tables.ts). Cash flows follow a page break, or, on
 * some documents, are a landscape annex converted on its own and joined after the portrait pages
 * (Writer's HTML import knows one page style).
 *
 *   npx tsx scripts/corpus/writer-export.ts [--corpus ../shared/corpus/domain-dev] [--out tests/fixtures/writer-html] [--offset N] [--keep]
 *
 * Needs `soffice`, `pdfunite` and `pdftotext`. The fixtures are committed; rerun only to change them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rng } from './calc-blocks.ts';
import { numberStyle } from './calc-format.ts';
import { cliOption, readSource, writeTruth } from './credit-data.ts';
import { layoutBlocks, pageStyle } from './html-document.ts';
import { escapeHtml, type PageStyle } from './html-tables.ts';
import { writerLook, writerMarkup } from './writer-tables.ts';

/** Source document → fixture id: sources neither the calc nor the html generator uses. */
const SOURCES: [string, string][] = [
  ['grid-1002', 'writer-6001'],
  ['stream-2001', 'writer-6002'],
  ['grid-1007', 'writer-6003'],
  ['stream-2006', 'writer-6004'],
  ['writer-4002', 'writer-6005'],
  ['writer-4005', 'writer-6006'],
];

// A page-number footer as Writer's own HTML export writes one (and its import reads back).
const FOOTER = '<div title="footer"><p align="center"><font size="1">Página <sdfield type=PAGE subtype=RANDOM format=PAGE>1</sdfield></font></p></div>';

function page(title: string, style: PageStyle, pt: number, margins: string, landscape: boolean, footer: boolean, body: string): string {
  const size = landscape ? '29.7cm 21cm' : '21cm 29.7cm';
  const css = `@page { size: ${size}; margin: ${margins} } body { font-family: '${style.font}'; font-size: ${pt}pt }`;
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${css}</style></head><body>${footer ? FOOTER : ''}${body}</body></html>`;
}

function convert(html: string, base: string, work: string): string {
  writeFileSync(`${base}.html`, html);
  execFileSync('soffice', [`-env:UserInstallation=file://${work}/lo-profile`, '--headless', '--infilter=HTML (StarWriter)', '--convert-to', 'pdf:writer_pdf_Export', '--outdir', work, `${base}.html`], { stdio: 'ignore' });
  return `${base}.pdf`;
}

/** Words Writer set near the page's right edge: a table wider than the text runs past the margin, or is clipped at the edge and part of its truth is not printed. */
function clippedWords(pdf: string): number {
  const bbox = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
  let width = Infinity;
  let clipped = 0;
  for (const line of bbox.split('\n')) {
    width = Number(/<page width="([\d.]+)"/.exec(line)?.[1] ?? width);
    if (Number(/xMax="([\d.]+)"/.exec(line)?.[1] ?? 0) > width - 20) clipped++;
  }
  return clipped;
}

function main(): void {
  const args = process.argv.slice(2);
  const corpus = cliOption(args, '--corpus', '../shared/corpus/domain-dev');
  const out = cliOption(args, '--out', 'tests/fixtures/writer-html');
  const offset = Number(cliOption(args, '--offset', '0'));
  mkdirSync(out, { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), 'writer-export-'));
  // `--keep` leaves the HTML (and Writer's PDFs of each part) in the work folder.
  if (args.includes('--keep')) console.log(`HTML kept in ${work}`);
  for (const [sourceId, baseId] of SOURCES) {
    const id = `writer-${Number(baseId.replace(/\D/g, '')) + offset}`;
    const seed = Number(id.replace(/\D/g, ''));
    const r = rng(seed);
    const numbers = numberStyle(r);
    const style = pageStyle(r);
    const look = writerLook(r);
    const { parts, flows, flowPt, margins, printed } = layoutBlocks(readSource(corpus, sourceId), r, numbers, style, writerMarkup(look));
    // Cash flows too wide for a portrait page always go on a landscape one.
    const landscape = flows.length > 0 && (r.chance(0.6) || flows.some((f) => f.includes(' data-wide')));
    const footer = r.chance(0.5);
    const flowBody = `${writerMarkup(look).title('FLUJO DE CAJA', style)}${flows.join('')}`;
    const main = parts.join('\n') + (flows.length > 0 && !landscape ? `<p style="page-break-before:always;margin:0"></p>${flowBody}` : '');
    const pdfs = [convert(page(printed.nosolicitud, style, style.pt, margins, false, footer, main), path.join(work, id), work)];
    if (landscape) pdfs.push(convert(page(printed.nosolicitud, style, flowPt, margins, true, footer, flowBody), path.join(work, `${id}-flows`), work));
    const pdf = path.join(out, `${id}.pdf`);
    if (pdfs.length > 1) execFileSync('pdfunite', [...pdfs, pdf]);
    else renameSync(pdfs[0]!, pdf);
    if (clippedWords(pdf) > 0) console.warn(`${id}: words within 20 pt of the page's edge: a table runs past the margin or was clipped`);
    const meta = { id, style: 'writer-html', producer: 'libreoffice-writer', seed, source: sourceId, number_style: numbers.separators, font: style.font, paper: 'A4' };
    writeTruth(out, id, { ...printed, meta });
    console.log(`${id} ← ${sourceId} (${style.font} ${style.pt}pt, ${look.heading}${landscape ? ', landscape flows' : ''})`);
  }
}

main();
