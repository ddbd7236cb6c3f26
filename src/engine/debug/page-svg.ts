import type { Box, PageContent, TableMethod } from '../types.ts';
import type { FinderTrace, Rejected } from './trace.ts';
import { esc, num } from './xml.ts';

/** A table as drawn: where the finder put it and what classification made of it. */
export interface PictureTable {
  bbox: Box;
  method: TableMethod;
  /** The finder's confidence (RawTable.confidence). */
  confidence: number;
  /** The classification's confidence (TableQuality.confidence), when classified. */
  quality?: number;
  /** Catalogue tables it was sorted into ('other' when none). */
  classes: string[];
  rows: number;
  cols: number;
  /** Text lines above the table the finder kept as its context (titles). */
  context: string[];
}

/** Screen pixels per PDF point: a portrait page is about 900 px wide, its labels about 12 px. */
export const SCALE = 1.5;
/** Height of the legend strip under the page, in points. */
const LEGEND_HEIGHT = 52;
/** Labels are set in this size (points): readable at SCALE without hiding the page. */
const LABEL_SIZE = 8;
const SMALL_LABEL_SIZE = 6.5;
/** Consecutive prose lines closer than this (× line height) are drawn as one paragraph. */
const PARAGRAPH_GAP = 1.2;

const COLORS = {
  word: '#a9c4e4',
  fill: '#fff1b8',
  segment: '#1a1a1a',
  cell: '#12a37a',
  intersection: '#e0218a',
  region: '#e07000',
  river: '#ff9d1a',
  rejectedLattice: '#c62828',
  rejectedStream: '#7a7a7a',
  lattice: '#1f5fd6',
  stream: '#2e9e3e',
  keyvalue: '#8e3fb0',
} as const;

const STYLE = `
.w rect{fill:${COLORS.word};fill-opacity:.28;stroke:${COLORS.word};stroke-width:.3}
.w text{fill:#7d8895;font-family:Helvetica,Arial,sans-serif}
.w:hover rect{fill:#ffd54f;fill-opacity:.8}
.fill{fill:${COLORS.fill}}
#segments line{stroke:${COLORS.segment};stroke-width:.8}
#cells rect{fill:${COLORS.cell};fill-opacity:.07;stroke:${COLORS.cell};stroke-width:.5}
#intersections circle{fill:${COLORS.intersection}}
.region{fill:none;stroke:${COLORS.region};stroke-width:.8;stroke-dasharray:4 2}
.river{fill:${COLORS.river};fill-opacity:.3}
.rej rect{fill:none;stroke-width:.7;stroke-dasharray:2 2}
.rej.lattice rect{stroke:${COLORS.rejectedLattice}}
.rej.stream rect{stroke:${COLORS.rejectedStream}}
.rej rect.tag{fill:#fff;fill-opacity:.85;stroke:none}
.rej text{font-size:${SMALL_LABEL_SIZE}px;font-style:italic}
.rej.lattice text{fill:${COLORS.rejectedLattice}}
.rej.stream text{fill:${COLORS.rejectedStream}}
.table>rect.box{fill:none;stroke-width:1.6}
.table.lattice>rect.box{stroke:${COLORS.lattice}}
.table.stream>rect.box{stroke:${COLORS.stream}}
.table.keyvalue>rect.box{stroke:${COLORS.keyvalue}}
.table rect.tag{fill:#fff;fill-opacity:.88;stroke-width:.6}
.table.lattice rect.tag{stroke:${COLORS.lattice}}
.table.stream rect.tag{stroke:${COLORS.stream}}
.table.keyvalue rect.tag{stroke:${COLORS.keyvalue}}
.table text{font-size:${LABEL_SIZE}px;font-weight:bold}
.table.lattice text{fill:${COLORS.lattice}}
.table.stream text{fill:${COLORS.stream}}
.table.keyvalue text{fill:${COLORS.keyvalue}}
.legend text{font-size:7px;fill:#222}
svg{font-family:Helvetica,Arial,sans-serif}
`;

const rect = (b: Box, attrs = ''): string =>
  `<rect x="${num(b.x0)}" y="${num(b.y0)}" width="${num(Math.max(0, b.x1 - b.x0))}" height="${num(Math.max(0, b.y1 - b.y0))}"${attrs ? ' ' + attrs : ''}/>`;

/** Width of a label in points, near enough for its background (Helvetica averages ~0.55 em). */
const textWidth = (text: string, size: number): number => text.length * size * 0.56;

function words(page: PageContent): string {
  return page.chunks
    .map((c) => {
      // Rotated text is shown as its box only: the box is upright, the glyphs are not.
      const text = c.upright
        ? `<text x="${num(c.x0)}" y="${num(c.y1 - 0.2 * c.size)}" font-size="${num(c.size)}" textLength="${num(Math.max(0.1, c.x1 - c.x0))}" lengthAdjust="spacingAndGlyphs">${esc(c.text)}</text>`
        : '';
      return `<g class="w"><title>${esc(c.text)}</title>${rect(c)}${text}</g>`;
    })
    .join('\n');
}

function segments(page: PageContent): string {
  return page.segments.map((s) => `<line x1="${num(s.x0)}" y1="${num(s.y0)}" x2="${num(s.x1)}" y2="${num(s.y1)}"/>`).join('\n');
}

/** Runs of prose lines one under the other become one box, so a paragraph is labelled once. */
export function mergeProse(rejected: readonly Rejected[]): Rejected[] {
  const out: Rejected[] = [];
  for (const r of rejected) {
    const last = out[out.length - 1];
    const h = r.bbox.y1 - r.bbox.y0;
    if (last && r.reason === 'prose line' && last.reason === 'prose line' && r.bbox.y0 - last.bbox.y1 <= PARAGRAPH_GAP * h) {
      last.bbox = { x0: Math.min(last.bbox.x0, r.bbox.x0), y0: last.bbox.y0, x1: Math.max(last.bbox.x1, r.bbox.x1), y1: Math.max(last.bbox.y1, r.bbox.y1) };
    } else {
      out.push({ ...r, bbox: { ...r.bbox } });
    }
  }
  return out;
}

const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Keeps labels off each other: one that would cover a label already placed moves up or down. */
class LabelSpace {
  private readonly placed: Box[] = [];

  place(b: Box, direction: 1 | -1): Box {
    let box = b;
    const step = (b.y1 - b.y0 + 0.5) * direction;
    for (let k = 0; k < 8 && this.placed.some((p) => overlaps(p, box)); k++) box = { ...box, y0: box.y0 + step, y1: box.y1 + step };
    this.placed.push(box);
    return box;
  }
}

function rejected(trace: FinderTrace, space: LabelSpace): string {
  return mergeProse(trace.rejected)
    .map((r) => {
      const label = `✗ ${r.reason}`;
      const w = textWidth(label, SMALL_LABEL_SIZE) + 2;
      // In the margin left of the box when it fits there (the box's first words are often its
      // title), else inside its top-left corner.
      const x = r.bbox.x0 - w - 1 >= 0 ? r.bbox.x0 - w - 1 : r.bbox.x0 + 0.5;
      const tag = space.place({ x0: x, y0: r.bbox.y0 + 0.5, x1: x + w, y1: r.bbox.y0 + SMALL_LABEL_SIZE + 1.5 }, 1);
      return (
        `<g class="rej ${r.method}"><title>${esc(`${r.method} candidate rejected: ${r.reason}`)}</title>${rect(r.bbox)}` +
        `${rect(tag, 'class="tag"')}<text x="${num(tag.x0 + 1)}" y="${num(tag.y1 - 1.5)}">${esc(label)}</text></g>`
      );
    })
    .join('\n');
}

function columns(trace: FinderTrace): string {
  return trace.columns
    .map((c) => {
      const rivers = c.rivers.map((r) => rect({ x0: r.x0, y0: c.bbox.y0, x1: r.x1, y1: c.bbox.y1 }, 'class="river"')).join('');
      return `<g class="columns"><title>${esc(`stream region: ${c.rivers.length + 1} columns`)}</title>${rect(c.bbox, 'class="region"')}${rivers}</g>`;
    })
    .join('\n');
}

/** "lattice 0.93 → plan_inversion": how the table was found, how sure, and what it became. */
export function tableLabel(t: PictureTable): string {
  return `${t.method} ${t.confidence.toFixed(2)} → ${t.classes.join(', ') || 'other'}`;
}

function tables(page: PageContent, list: readonly PictureTable[], space: LabelSpace): string {
  return list
    .map((t) => {
      const label = tableLabel(t);
      const w = textWidth(label, LABEL_SIZE) + 4;
      const h = LABEL_SIZE + 3;
      // Above the box's right end when there is room (titles sit above the left end), else inside.
      const above = t.bbox.y0 - h >= 0;
      const y = above ? t.bbox.y0 - h : t.bbox.y0;
      const x = Math.max(0, Math.min(t.bbox.x1 - w, page.width - w));
      const tag = space.place({ x0: x, y0: y, x1: x + w, y1: y + h }, above ? -1 : 1);
      const title = [
        label,
        `${t.rows} rows × ${t.cols} columns`,
        ...(t.quality === undefined ? [] : [`classification confidence ${t.quality.toFixed(2)}`]),
        ...t.context.map((l) => `context: ${l}`),
      ].join('\n');
      return (
        `<g class="table ${t.method}" data-method="${t.method}" data-table="${esc(t.classes.join(',') || 'other')}"><title>${esc(title)}</title>` +
        rect(t.bbox, 'class="box"') +
        rect(tag, 'class="tag"') +
        `<text x="${num(tag.x0 + 2)}" y="${num(tag.y0 + LABEL_SIZE)}">${esc(label)}</text></g>`
      );
    })
    .join('\n');
}

interface LegendItem {
  label: string;
  swatch: (x: number, y: number) => string;
}

const swatchBox = (style: string) => (x: number, y: number) => `<rect x="${x}" y="${y - 6}" width="14" height="7" style="${style}"/>`;

const LEGEND: LegendItem[] = [
  { label: 'word (hover: text)', swatch: swatchBox(`fill:${COLORS.word};fill-opacity:.4;stroke:${COLORS.word}`) },
  { label: 'filled area', swatch: swatchBox(`fill:${COLORS.fill}`) },
  { label: 'ruling segment', swatch: (x, y) => `<line x1="${x}" y1="${y - 2.5}" x2="${x + 14}" y2="${y - 2.5}" style="stroke:${COLORS.segment};stroke-width:.8"/>` },
  { label: 'rule intersection', swatch: (x, y) => `<circle cx="${x + 7}" cy="${y - 2.5}" r="1.8" style="fill:${COLORS.intersection}"/>` },
  { label: 'ruled cell', swatch: swatchBox(`fill:${COLORS.cell};fill-opacity:.1;stroke:${COLORS.cell};stroke-width:.5`) },
  { label: 'stream region', swatch: swatchBox(`fill:none;stroke:${COLORS.region};stroke-width:.8;stroke-dasharray:4 2`) },
  { label: 'column gap (river)', swatch: swatchBox(`fill:${COLORS.river};fill-opacity:.3`) },
  { label: 'lattice table', swatch: swatchBox(`fill:none;stroke:${COLORS.lattice};stroke-width:1.6`) },
  { label: 'stream table', swatch: swatchBox(`fill:none;stroke:${COLORS.stream};stroke-width:1.6`) },
  { label: 'keyvalue table', swatch: swatchBox(`fill:none;stroke:${COLORS.keyvalue};stroke-width:1.6`) },
  { label: '✗ rejected ruled grid', swatch: swatchBox(`fill:none;stroke:${COLORS.rejectedLattice};stroke-dasharray:2 2`) },
  { label: '✗ rejected text block', swatch: swatchBox(`fill:none;stroke:${COLORS.rejectedStream};stroke-dasharray:2 2`) },
];

const LEGEND_ITEM_WIDTH = 112;

function legend(page: PageContent, trace: FinderTrace | undefined, count: number, height: number): string {
  const perRow = Math.max(1, Math.floor((page.width - 8) / LEGEND_ITEM_WIDTH));
  const note = trace?.tooManyEdges ? ` · ${trace.tooManyEdges} rules: read as a drawing, no ruled tables looked for` : '';
  const head = `page ${page.page} · ${num(page.width)}×${num(page.height)} pt · rotation ${page.rotation}° · ${count} table${count === 1 ? '' : 's'}${note}`;
  const items = LEGEND.map((item, i) => {
    const x = 4 + (i % perRow) * LEGEND_ITEM_WIDTH;
    const y = 24 + Math.floor(i / perRow) * 10;
    return `${item.swatch(x, y)}<text x="${x + 18}" y="${y}">${esc(item.label)}</text>`;
  });
  return `<g class="legend" transform="translate(0,${num(page.height)})"><rect x="0" y="0" width="${num(page.width)}" height="${num(height)}" style="fill:#f4f4f4"/><text x="4" y="11" style="font-weight:bold">${esc(head)}</text>${items.join('')}</g>`;
}

/** Rows the legend needs at this page width (the strip grows for narrow pages). */
function legendHeight(page: PageContent): number {
  const perRow = Math.max(1, Math.floor((page.width - 8) / LEGEND_ITEM_WIDTH));
  return Math.max(LEGEND_HEIGHT, 20 + Math.ceil(LEGEND.length / perRow) * 10);
}

/**
 * One page as the finders saw it, as a standalone SVG: the page's own top-left point space is
 * the viewBox, with a legend strip under the page.
 */
export function pageToSvg(page: PageContent, trace: FinderTrace | undefined, list: readonly PictureTable[]): string {
  const strip = legendHeight(page);
  // Table labels are placed first: they matter most, so they keep their spots.
  const space = new LabelSpace();
  const tableLayer = tables(page, list, space);
  const rejectedLayer = trace ? rejected(trace, space) : '';
  const h = page.height + strip;
  const parts = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(page.width)} ${num(h)}" width="${Math.round(page.width * SCALE)}" height="${Math.round(h * SCALE)}">`,
    `<title>${esc(`Page ${page.page}`)}</title>`,
    `<style>${STYLE}</style>`,
    `<rect x="0" y="0" width="${num(page.width)}" height="${num(page.height)}" style="fill:#fff;stroke:#bbb;stroke-width:.5"/>`,
    `<g id="fills">${page.fills.map((f) => rect(f, 'class="fill"')).join('')}</g>`,
    `<g id="words">\n${words(page)}\n</g>`,
    `<g id="segments">\n${segments(page)}\n</g>`,
    `<g id="cells">${(trace?.cells ?? []).map((c) => rect(c)).join('')}</g>`,
    `<g id="intersections">${(trace?.intersections ?? []).map((p) => `<circle cx="${num(p.x)}" cy="${num(p.y)}" r="1.3"/>`).join('')}</g>`,
    `<g id="columns">\n${trace ? columns(trace) : ''}\n</g>`,
    `<g id="rejected">\n${rejectedLayer}\n</g>`,
    `<g id="tables">\n${tableLayer}\n</g>`,
    legend(page, trace, list.length, strip),
    `</svg>`,
  ];
  return parts.join('\n') + '\n';
}
