/**
 * A held-out measure of table STRUCTURE on general documents (issue 10, decision 018): random
 * tables that are not credit applications — 2–12 columns of text, numbers, dates, money and
 * percentages, empty and wrapped cells, two-level headers with spanning cells, row-group labels,
 * totals, notes, prose before and after at the same margin, two tables on a page, a table continued
 * over a page under a repeated header — in six looks (full grid, rules between rows, booktabs,
 * zebra fills, header fill, nothing), portrait or landscape, normal or small print, from three
 * producers: Chromium printing HTML, LibreOffice Writer converting the same HTML, groff `tbl`.
 * Writes `<out>/<producer>/<id>.pdf` + `<id>.expected.json` in the public corpus's shape (the
 * style is the case's `kind`), ready for ../shared/bench/score-tables.mjs --cases <out>.
 *
 *   npx tsx scripts/corpus/general-tables.ts [--out /tmp/h4/general-tmp] [--seed 1] [--count 30]
 *
 * Deterministic for a seed. Needs /usr/bin/chromium, soffice, groff and pdfinfo.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { rng, type Rng } from './calc-blocks.ts';
import { cliOption } from './credit-data.ts';
import { makeTable, prose, truthRows, type Lang } from './general-content.ts';
import { docGroff, docHtml, type Block, type Doc, type Style } from './general-render.ts';

type Producer = 'chromium' | 'libreoffice' | 'groff';
const STYLES: Style[] = ['grid', 'hrules', 'booktabs', 'zebra', 'headerfill', 'none'];
const GROFF_STYLES: Style[] = ['grid', 'hrules', 'booktabs', 'none'];
const int = (r: Rng, lo: number, hi: number) => lo + Math.floor(r.next() * (hi - lo + 1));

/** One document: its pages and, for each page, the truth tables on it. `scale` shrinks the tables. */
function makeDoc(r: Rng, producer: Producer, scale: number): { doc: Doc; truth: { page: number; rows: string[][] }[] } {
  const lang = r.pick<Lang>(['en', 'es', 'es', 'pt', 'fr', 'it']);
  const style = r.pick(producer === 'groff' ? GROFF_STYLES : STYLES);
  const landscape = r.chance(0.2);
  const small = r.chance(0.3);
  const pt = small ? r.pick([7, 7.5, 8]) : r.pick([9, 10, 11]);
  const font = r.pick(['Arial, sans-serif', '"Times New Roman", serif', '"DejaVu Sans", sans-serif', 'Georgia, serif']);
  const layout = r.pick(['single', 'single', 'two', 'continued']);
  const maxCols = landscape ? 12 : small ? 10 : 7;
  const shape = () => ({
    cols: int(r, 2, maxCols), rows: Math.max(2, Math.round(int(r, 4, layout === 'two' ? 8 : 14) * scale)),
    groups: r.chance(0.3), groupRows: r.chance(0.25), total: r.chance(0.4), note: r.chance(0.35), empty: r.chance(0.4) ? 0.15 : 0, wrap: r.chance(0.4),
  });
  const pages: Block[][] = [];
  const truth: { page: number; rows: string[][] }[] = [];
  const para = () => ({ p: prose(r, lang, int(r, 2, 4)) });
  if (layout === 'continued') {
    const t = makeTable(r, lang, { ...shape(), rows: Math.max(6, Math.round(int(r, 14, 24) * scale)) });
    const cut = Math.ceil(t.rows.length * 0.6);
    const a = t.rows.slice(0, cut), b = t.rows.slice(cut);
    pages.push([para(), { table: t, rows: a }]);
    pages.push([{ table: t, rows: b }, para()]);
    truth.push({ page: 1, rows: truthRows(t, a) }, { page: 2, rows: truthRows(t, b) });
  } else {
    const count = layout === 'two' ? 2 : 1;
    const blocks: Block[] = [para()];
    for (let i = 0; i < count; i++) {
      const t = makeTable(r, lang, shape());
      blocks.push({ table: t, rows: t.rows }, para());
      truth.push({ page: 1, rows: truthRows(t) });
    }
    pages.push(blocks);
  }
  return { doc: { pages, style, landscape, pt, font, lang }, truth };
}

function pageCount(pdf: string): number {
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
}

async function render(producer: Producer, doc: Doc, pdf: string, work: string, page: Page): Promise<void> {
  const base = path.join(work, path.basename(pdf, '.pdf'));
  if (producer === 'chromium') {
    await page.setContent(docHtml(doc), { waitUntil: 'load' });
    await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
  } else if (producer === 'libreoffice') {
    writeFileSync(`${base}.html`, docHtml(doc, true));
    execFileSync('soffice', [`-env:UserInstallation=file://${work}/lo-profile`, '--headless', '--infilter=HTML (StarWriter)', '--convert-to', 'pdf:writer_pdf_Export', '--outdir', work, `${base}.html`], { stdio: 'ignore' });
    renameSync(`${base}.pdf`, pdf);
  } else {
    writeFileSync(`${base}.ms`, docGroff(doc));
    // groff-base has no PDF device here: PostScript, then Ghostscript's ps2pdf (a producer of its own).
    const paper = doc.landscape ? '-P-p21c,29.7c' : '-P-pa4';
    writeFileSync(`${base}.ps`, execFileSync('groff', ['-Kutf8', '-t', '-Tps', paper, `${base}.ms`]));
    execFileSync('ps2pdf', [`${base}.ps`, pdf]);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const out = cliOption(args, '--out', '/tmp/h4/general-tmp');
  const seed = Number(cliOption(args, '--seed', '1'));
  const count = Number(cliOption(args, '--count', '30'));
  const work = mkdtempSync(path.join(tmpdir(), 'general-tables-'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    const page = await browser.newPage();
    for (let i = 0; i < count; i++) {
      const producer: Producer = (['chromium', 'libreoffice', 'groff'] as const)[i % 3]!;
      const id = `gen-${seed}-${String(i + 1).padStart(2, '0')}`;
      mkdirSync(path.join(out, producer), { recursive: true });
      const pdf = path.join(out, producer, `${id}.pdf`);
      // A page that overflows would move the truth's rows to another page: shrink until it fits.
      for (let scale = 1; ; scale *= 0.7) {
        const { doc, truth } = makeDoc(rng(seed * 1000 + i), producer, scale);
        await render(producer, doc, pdf, work, page);
        const pages = pageCount(pdf);
        if (pages === doc.pages.length || scale < 0.2) {
          if (pages !== doc.pages.length) console.warn(`${id}: ${pages} pages for ${doc.pages.length}`);
          const meta = { scope: 'doc', scored_pages: doc.pages.map((_, p) => p + 1), num_pages: pages, source: producer, kind: doc.style, lang: doc.lang, landscape: doc.landscape, pt: doc.pt, seed };
          writeFileSync(path.join(out, producer, `${id}.expected.json`), JSON.stringify({ tables: truth, meta }, null, 1));
          console.log(`${producer}/${id} ${doc.style} ${doc.lang} ${doc.pt}pt${doc.landscape ? ' landscape' : ''} pages=${pages} tables=${truth.length}`);
          break;
        }
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
