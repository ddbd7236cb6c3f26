/**
 * Builds the html fixtures: credit applications as a web system prints them, HTML + CSS printed
 * to PDF by headless Chromium, with their truth. A second producer beside calc-export.ts (issue 10:
 * "credit applications from a producer nobody here has seen"): tables drawn by CSS borders,
 * background fills or nothing, text wrapped in cells, a schedule broken over pages under a
 * repeated `thead`, cash flows on a landscape page. The DATA comes from domain-dev truth files;
 * the look is drawn per document from a seed.
 *
 *   npx tsx scripts/corpus/html-export.ts [--corpus ../shared/corpus/domain-dev] [--out tests/fixtures/html] [--offset N] [--keep]
 *
 * Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium). The PDFs and truth files are
 * committed; rerun only to change the fixtures.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { rng } from './calc-blocks.ts';
import { numberStyle } from './calc-format.ts';
import { cliOption, readSource, writeTruth } from './credit-data.ts';
import { layoutHtml, pageStyle } from './html-document.ts';

/** Source document → fixture id: sources the calc fixtures do not use, of every style. */
const SOURCES: [string, string][] = [
  ['grid-1001', 'html-7001'],
  ['stream-2003', 'html-7002'],
  ['grid-1003', 'html-7003'],
  ['stream-2004', 'html-7004'],
  ['grid-1008', 'html-7005'],
  ['writer-4004', 'html-7006'],
];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const corpus = cliOption(args, '--corpus', '../shared/corpus/domain-dev');
  const out = cliOption(args, '--out', 'tests/fixtures/html');
  mkdirSync(out, { recursive: true });
  // `--keep` leaves each page's HTML in a temporary folder, to look at in a browser.
  const keep = args.includes('--keep') ? mkdtempSync(path.join(tmpdir(), 'html-export-')) : undefined;
  if (keep) console.log(`HTML kept in ${keep}`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    const page = await browser.newPage();
    // `--offset 100` draws another look for the same sources (html-7101…): a held-out check.
    const offset = Number(cliOption(args, '--offset', '0'));
    for (const [sourceId, baseId] of SOURCES) {
      const id = `html-${Number(baseId.replace(/\D/g, '')) + offset}`;
      const seed = Number(id.replace(/\D/g, ''));
      const r = rng(seed);
      const numbers = numberStyle(r);
      const style = pageStyle(r);
      const { html, printed } = layoutHtml(readSource(corpus, sourceId), r, numbers, style);
      if (keep) writeFileSync(path.join(keep, `${id}.html`), html);
      await page.setContent(html, { waitUntil: 'load' });
      // A page-number footer on some: a running text every page repeats.
      const footer = r.chance(0.5);
      await page.pdf({
        path: path.join(out, `${id}.pdf`),
        preferCSSPageSize: true,
        printBackground: true,
        displayHeaderFooter: footer,
        headerTemplate: '<span></span>',
        footerTemplate: `<div style="font-size:7pt;width:100%;text-align:center">Página <span class="pageNumber"></span> de <span class="totalPages"></span></div>`,
      });
      const meta = { id, style: 'html', producer: 'chromium-print', seed, source: sourceId, number_style: numbers.separators, font: style.font, paper: 'A4' };
      writeTruth(out, id, { ...printed, meta });
      console.log(`${id} ← ${sourceId} (${style.font} ${style.pt}pt${style.wrapEm ? `, wrap ${style.wrapEm}em` : ''})`);
    }
  } finally {
    await browser.close();
  }
}

await main();
