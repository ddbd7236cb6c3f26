import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridSpec, makePdf, type PageSpec, type TextSpec } from '../../../tests/fixtures/engine/make-pdf.ts';
import { extractRawTables } from '../extract.ts';
import { findPageTables } from '../find-tables.ts';
import type { PageContent } from '../types.ts';
import { esc } from './xml.ts';
import { pageToSvg } from './page-svg.ts';
import { allElements, parseXml, type XmlElement } from './test-xml.ts';
import { newTrace } from './trace.ts';
import { writeDebugPictures } from './write-debug-pictures.ts';

const PROSE = 'Declaro bajo juramento que la información suministrada en esta solicitud es verídica y completa en todas sus partes';

/** Page 1: a ruled 3×3 grid, a paragraph of prose, and an unruled table of five rows. Page 2: text only. */
function twoTablePages(): PageSpec[] {
  const grid = gridSpec(
    [50, 150, 250, 350],
    [100, 120, 140, 160],
    [
      ['Cultivo', 'Área', 'Etapa'],
      ['Café', '2,5', 'Producción'],
      ['Plátano', '1', 'Siembra'],
    ],
  );
  const unruled: TextSpec[] = [
    ['Concepto', 'Cantidad', 'Valor'],
    ['Urea', '10', '200.000'],
    ['Cal', '4', '80.000'],
    ['Semilla', '2', '50.000'],
    ['Jornales', '30', '1.200.000'],
  ].flatMap((row, r) => row.map((text, c) => ({ text, x: 50 + c * 150, y: 420 + r * 16, size: 10 })));
  return [
    { lines: grid.lines, texts: [...(grid.texts ?? []), { text: PROSE, x: 50, y: 300, size: 10 }, ...unruled] },
    { texts: [{ text: 'Firma del solicitante', x: 50, y: 100, size: 10 }] },
  ];
}

const byId = (root: XmlElement, id: string): XmlElement => {
  const el = allElements(root).find((e) => e.attrs.id === id);
  if (!el) throw new Error(`no #${id}`);
  return el;
};

const textOf = (el: XmlElement): string[] => allElements(el).filter((e) => e.name === 'text').map((e) => e.text);

describe('writeDebugPictures', () => {
  let dir: string;
  let pdf: Uint8Array;
  let page1: PageContent;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'debug-pictures-'));
    pdf = await makePdf(twoTablePages());
    const raw = await extractRawTables(pdf);
    page1 = raw.pages[0]!;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('draws page 1 with both tables labelled by method, every rule, the ruled cells and the rejected prose', async () => {
    const out = await writeDebugPictures(pdf, dir, 'two-tables.pdf');
    expect(out.status).toBe('ok');
    expect(readdirSync(dir).sort()).toEqual(['index.html', 'page-001.svg', 'page-002.svg']);

    const svg = parseXml(readFileSync(join(dir, 'page-001.svg'), 'utf8'));
    expect(svg.name).toBe('svg');
    expect(svg.attrs.viewBox).toMatch(/^0 0 595 \d+/);

    const tables = byId(svg, 'tables').children;
    expect(tables.map((t) => t.attrs['data-method'])).toEqual(['lattice', 'stream']);
    const labels = tables.flatMap(textOf);
    expect(labels[0]).toMatch(/^lattice \d\.\d\d → \w+/);
    expect(labels[1]).toMatch(/^stream \d\.\d\d → \w+/);

    // One <line> per ruling segment the page carries (the grid's 4 + 4 rules).
    const lines = byId(svg, 'segments').children;
    expect(page1.segments).toHaveLength(8);
    expect(lines).toHaveLength(page1.segments.length);
    expect(lines.every((l) => l.name === 'line')).toBe(true);

    // The 3×3 grid's nine cells and its sixteen corners.
    expect(byId(svg, 'cells').children.filter((e) => e.name === 'rect')).toHaveLength(9);
    expect(byId(svg, 'intersections').children).toHaveLength(16);

    // The stream table's columns: two whitespace rivers.
    const rivers = allElements(byId(svg, 'columns')).filter((e) => e.attrs.class === 'river');
    expect(rivers.length).toBeGreaterThanOrEqual(2);

    // The paragraph was turned down as prose, and says so.
    expect(textOf(byId(svg, 'rejected'))).toContain('✗ prose line');

    // Every word, with its text on hover.
    const words = byId(svg, 'words').children;
    expect(words).toHaveLength(page1.chunks.length);
    expect(words.map((w) => w.children.find((c) => c.name === 'title')?.text)).toContain('Plátano');
  });

  it('writes an index linking each page with the classification summary', () => {
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(html).toContain('two-tables.pdf');
    expect(html).toContain('href="page-001.svg"');
    expect(html).toContain('href="page-002.svg"');
    expect(html).toMatch(/<td class="lattice">lattice<\/td>/);
    expect(html).toMatch(/<td class="stream">stream<\/td>/);
    expect(() => parseXml(readFileSync(join(dir, 'page-002.svg'), 'utf8'))).not.toThrow();
  });

  it('writes an index that says why for a file that is not a PDF', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'debug-bad-'));
    try {
      const out = await writeDebugPictures(new TextEncoder().encode('not a pdf'), bad, 'bad.pdf');
      expect(out.status).toBe('invalid');
      expect(readdirSync(bad)).toEqual(['index.html']);
      expect(readFileSync(join(bad, 'index.html'), 'utf8')).toContain('invalid');
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});

describe('pageToSvg', () => {
  it('stays well-formed whatever the text holds', () => {
    const nasty = 'a<b & "c" \u0001 \uD800 ]]> \u{1F600}';
    const page: PageContent = {
      page: 1,
      width: 200,
      height: 100,
      rotation: 0,
      chunks: [{ text: nasty, x0: 10, y0: 10, x1: 90, y1: 20, size: 10, upright: true }],
      segments: [],
      fills: [],
    };
    const svg = parseXml(pageToSvg(page, newTrace(), []));
    const title = byId(svg, 'words').children[0]!.children[0]!;
    expect(title.text).toBe('a<b & "c" \uFFFD \uFFFD ]]> \u{1F600}');
    expect(esc('<&>')).toBe('&lt;&amp;&gt;');
  });

  it('costs the finders nothing without a trace: the same tables either way', async () => {
    const raw = await extractRawTables(await makePdf(twoTablePages()));
    const page = raw.pages[0]!;
    const trace = newTrace();
    expect(findPageTables(page, undefined, trace)).toEqual(findPageTables(page));
    expect(trace.cells.length).toBeGreaterThan(0);
  });
});

describe('parseXml (the check above)', () => {
  it.each(['<a><b></a></b>', '<a x=1/>', '<a>&</a>', '<a/><b/>', '<a>', '<a x="1" x="2"/>'])('rejects %s', (xml) => {
    expect(() => parseXml(xml)).toThrow();
  });
});
