import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { CORPUS, ensureDocument, loginUi, processedNosolicitud } from './helpers.ts';

/**
 * Issue 12: 'Vista por periodo' of the cash flows shows the totals the PDF prints. The printed
 * totals are read from the PDF itself with pdf.js (the `Total ingresos` / `TOTAL EGRESOS` line of
 * the cash flow and the period header above it), not typed in here.
 */
const FILE = 'stream-2003.pdf';

/** A Colombian figure as printed ('380.060.100,00', '$ 1.234,5') or shown: the number. */
function colombian(text: string): number {
  const s = text.replace(/[$\s]/g, '').replace(/\./g, '').replace(',', '.');
  const negative = /^\(.*\)$/.test(s) || s.startsWith('-');
  const n = Number(s.replace(/[()-]/g, ''));
  return negative ? -n : n;
}

interface Line {
  page: number;
  y: number;
  items: { x: number; text: string }[];
}

/** The PDF's text lines (items on the same baseline within 2 pt), top to bottom, left to right. */
async function pdfLines(file: string): Promise<Line[]> {
  const doc = await getDocument({ data: new Uint8Array(await readFile(`${CORPUS}/${file}`)), isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    const lines: Line[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      const onPage: Line[] = [];
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const [, , , , x, y] = item.transform as number[];
        const line = onPage.find((l) => Math.abs(l.y - y!) <= 2) ?? onPage[onPage.push({ page: n, y: y!, items: [] }) - 1]!;
        line.items.push({ x: x!, text: item.str.trim() });
      }
      // PDF y grows upwards: top of the page first.
      lines.push(...onPage.sort((a, b) => b.y - a.y).map((l) => ({ ...l, items: l.items.sort((a, b) => a.x - b.x) })));
    }
    return lines;
  } finally {
    await doc.destroy();
  }
}

const PERIOD = /^(?:año|mes)\s*\d+$/i;

/** The printed totals of a cash flow's half: period label → figure, and the row's own TOTAL. */
async function printedTotals(label: RegExp): Promise<{ periods: Map<string, number>; total: number }> {
  const lines = await pdfLines(FILE);
  const at = lines.findIndex((l) => label.test(l.items[0]!.text));
  expect(at, `a line ${label} in ${FILE}`).toBeGreaterThan(0);
  const header = lines
    .slice(0, at)
    .reverse()
    .find((l) => l.items.filter((i) => PERIOD.test(i.text)).length >= 2)!;
  const periods = header.items.filter((i) => PERIOD.test(i.text)).map((i) => i.text);
  const figures = lines[at]!.items.slice(1).map((i) => colombian(i.text));
  // One figure per period, then the TOTAL column.
  expect(figures).toHaveLength(periods.length + 1);
  return { periods: new Map(periods.map((p, k) => [p.toLowerCase(), figures[k]!])), total: figures[periods.length]! };
}

/** The footer of 'Vista por periodo' as shown: period label → total, and the grand total. */
async function shownTotals(page: Page): Promise<{ periods: Map<string, number>; total: number }> {
  const table = page.locator('table.pivot-table');
  const heads = (await table.locator('thead th').allTextContents()).map((t) => t.trim());
  const feet = (await table.locator('tfoot tr > *').allTextContents()).map((t) => t.trim());
  // Columns: N° Solicitud, concept, the periods, Total.
  const periods = new Map(heads.slice(2, -1).map((h, k) => [h.toLowerCase(), colombian(feet[k + 2]!)]));
  return { periods, total: colombian(feet[feet.length - 1]!) };
}

test('the period view’s totals equal the totals the PDF prints', async ({ page, request }) => {
  const id = await ensureDocument(request, FILE);
  const nosolicitud = await processedNosolicitud(request, id);

  let first = true;
  for (const [table, label] of [
    ['IngresosOperacionales', /^total\s+ingresos$/i],
    ['EgresosOperacionales', /^total\s+egresos$/i],
  ] as const) {
    const printed = await printedTotals(label);
    await page.goto(`/dashboard/data?table=${table}&nosolicitud=${nosolicitud}`);
    if (first) await loginUi(page);
    first = false;
    await page.getByRole('button', { name: 'Vista por periodo' }).click();
    await expect(page.locator('table.pivot-table tfoot')).toBeVisible();
    const shown = await shownTotals(page);
    expect([...shown.periods.keys()], table).toEqual([...printed.periods.keys()]);
    for (const [period, figure] of printed.periods) expect(shown.periods.get(period), `${table} ${period}`).toBeCloseTo(figure, 2);
    expect(shown.total, `${table} TOTAL`).toBeCloseTo(printed.total, 2);
  }
});
