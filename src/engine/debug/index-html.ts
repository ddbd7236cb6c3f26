import type { DocumentClassification } from '../domain/classify-document.ts';
import type { ExtractionStatus } from '../types.ts';
import { esc, num } from './xml.ts';

export interface DebugPage {
  page: number;
  /** The picture's file name in the folder; null for a page that could not be read. */
  file: string | null;
  /** Tables drawn on the page. */
  tables: number;
  width: number;
  height: number;
}

/** What index.html summarises: the document as the engine read and classified it. */
export interface DebugDocument {
  name: string;
  status: ExtractionStatus;
  detail?: string;
  numPages: number;
  pages: DebugPage[];
  classification?: DocumentClassification;
  /** Why classification failed, when it threw. */
  classificationError?: string;
  warnings: string[];
}

const STYLE = `
body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}
td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}
th{background:#f0f0f0}
.num{text-align:right}
.lattice{color:#1f5fd6}.stream{color:#2e9e3e}.keyvalue{color:#8e3fb0}
.other{color:#888}
.pages{display:flex;flex-wrap:wrap;gap:1rem}
.pages figure{margin:0}
.pages object{border:1px solid #ccc;width:420px}
`;

function headerTable(c: DocumentClassification): string {
  const rows = Object.entries(c.header).map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(String(v))}</td></tr>`);
  return rows.length ? `<table>${rows.join('')}</table>` : '<p>No header fields.</p>';
}

function tablesTable(c: DocumentClassification, pictures: ReadonlyMap<number, string>): string {
  const rows = c.tables.map((t, i) => {
    const q = t.quality;
    const pages = q.pages
      .map((p) => {
        const file = pictures.get(p);
        return file ? `<a href="${esc(file)}">${p}</a>` : String(p);
      })
      .join(', ');
    const size = `${t.raw.rows.length}×${t.raw.rows[0]?.length ?? 0}`;
    const notes = [...(q.missingColumns.length ? [`missing: ${q.missingColumns.join(', ')}`] : []), ...q.warnings];
    return (
      `<tr><td class="num">${i + 1}</td><td>${pages}</td><td class="${q.method}">${q.method}</td><td class="num">${t.raw.confidence.toFixed(2)}</td><td class="num">${q.confidence.toFixed(2)}</td>` +
      `<td class="${t.table === 'other' ? 'other' : ''}">${esc(t.table)}</td><td class="num">${size}</td><td class="num">${q.rows}</td>` +
      `<td>${esc(t.raw.context.at(-1) ?? '')}</td><td>${notes.map(esc).join('<br>')}</td></tr>`
    );
  });
  const head = '<tr><th>#</th><th>page</th><th>method</th><th>finder confidence</th><th>classification confidence</th><th>classified as</th><th>raw rows×cols</th><th>rows read</th><th>title line</th><th>notes</th></tr>';
  return rows.length ? `<table>${head}${rows.join('')}</table>` : '<p>No tables found.</p>';
}

/** The folder's index: the document's classification and a link to each page's picture. */
export function debugIndexHtml(d: DebugDocument): string {
  const pictures = new Map(d.pages.filter((p) => p.file).map((p) => [p.page, p.file!] as const));
  const c = d.classification;
  const summary = [
    `<p>Status: <b>${esc(d.status)}</b>${d.detail ? ` (${esc(d.detail)})` : ''} · ${d.numPages} page${d.numPages === 1 ? '' : 's'}` +
      (c ? ` · request number: <b>${esc(c.nosolicitud || '—')}</b> · numbers: ${c.quality.numberStyle}` : '') +
      '</p>',
    d.classificationError ? `<p>Classification failed: ${esc(d.classificationError)}</p>` : '',
    d.warnings.length ? `<h2>Warnings</h2><ul>${d.warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>` : '',
    c ? `<h2>Header</h2>${headerTable(c)}<h2>Tables</h2>${tablesTable(c, pictures)}` : '',
  ];
  const pages = d.pages.map((p) =>
    p.file
      ? `<figure><figcaption><a href="${esc(p.file)}">Page ${p.page}</a> · ${p.tables} table${p.tables === 1 ? '' : 's'} · ${num(p.width)}×${num(p.height)} pt</figcaption>` +
        `<object type="image/svg+xml" data="${esc(p.file)}"></object></figure>`
      : `<figure><figcaption>Page ${p.page}: not read</figcaption></figure>`,
  );
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${esc(d.name)}: what the finder sees</title><style>${STYLE}</style></head>
<body>
<h1>${esc(d.name)}</h1>
${summary.filter(Boolean).join('\n')}
<h2>Pages</h2>
<p>Open a page to hover words (their text), tables (rows, columns, context) and rejected candidates (why).</p>
<div class="pages">
${pages.join('\n')}
</div>
</body>
</html>
`;
}
