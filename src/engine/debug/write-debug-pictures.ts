import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { classifyDocument, type DocumentClassification } from '../domain/classify-document.ts';
import { findPageTables } from '../find-tables.ts';
import { openPdf, PdfOpenError, readPages } from '../pdf/load-pages.ts';
import { DEFAULT_SETTINGS, type EngineSettings } from '../settings.ts';
import { runningLines } from '../text/running-lines.ts';
import type { Box, ClassifiedTable, ExtractionStatus, PageContent, RawTable } from '../types.ts';
import { debugIndexHtml, type DebugDocument, type DebugPage } from './index-html.ts';
import { pageToSvg, type PictureTable } from './page-svg.ts';
import { newTrace, type FinderTrace } from './trace.ts';

export interface DebugPictures {
  status: ExtractionStatus;
  /** Paths written: one SVG per page read, then index.html. */
  files: string[];
}

interface TracedPage {
  content: PageContent;
  trace: FinderTrace;
  tables: RawTable[];
}

const boxKey = (page: number, b: Box): string => `${page}:${[b.x0, b.y0, b.x1, b.y1].map((v) => Math.round(v)).join(',')}`;

/**
 * The tables to draw on each page, from classification: a table joined across pages is drawn on
 * each of them, and a table read as several catalogue tables is drawn once with all their names.
 */
function pictureTables(tables: readonly ClassifiedTable[]): Map<number, PictureTable[]> {
  const byBox = new Map<string, { page: number; table: PictureTable }>();
  for (const t of tables) {
    const boxes = t.raw.pageBoxes.length ? t.raw.pageBoxes : [{ page: t.raw.page, bbox: t.raw.bbox }];
    for (const { page, bbox } of boxes) {
      const key = boxKey(page, bbox);
      const found = byBox.get(key);
      if (found) {
        if (!found.table.classes.includes(t.table)) found.table.classes.push(t.table);
        continue;
      }
      const rows = t.raw.rows.filter((_, i) => (t.raw.rowPages[i] ?? t.raw.page) === page);
      byBox.set(key, {
        page,
        table: {
          bbox,
          method: t.raw.method,
          confidence: t.raw.confidence,
          quality: t.quality.confidence,
          classes: [t.table],
          rows: rows.length,
          cols: t.raw.rows[0]?.length ?? 0,
          context: page === t.raw.page ? t.raw.context : [],
        },
      });
    }
  }
  const out = new Map<number, PictureTable[]>();
  for (const { page, table } of byBox.values()) {
    // A catalogue name beats 'other' when one box was read both ways.
    if (table.classes.length > 1) table.classes = table.classes.filter((c) => c !== 'other');
    (out.get(page) ?? out.set(page, []).get(page)!).push(table);
  }
  return out;
}

function unclassified(raw: RawTable): PictureTable {
  return { bbox: raw.bbox, method: raw.method, confidence: raw.confidence, classes: ['unclassified'], rows: raw.rows.length, cols: raw.rows[0]?.length ?? 0, context: raw.context };
}

async function readTraced(bytes: Uint8Array, settings: EngineSettings): Promise<{ pages: TracedPage[]; numPages: number; skipped: number[] }> {
  const doc = await openPdf(bytes);
  try {
    // OCR reads only the text-less pages that paint a large image, drawn in a thread of their own.
    const loaded = await readPages(doc, {}, undefined, bytes);
    // As extract.ts does: running heads are told apart over the whole document first.
    const running = runningLines(loaded.pages, settings);
    const pages = loaded.pages.map((content): TracedPage => {
      const trace = newTrace();
      return { content, trace, tables: findPageTables(content, settings, trace, running.get(content.page)) };
    });
    return { pages, numPages: loaded.numPages, skipped: loaded.skipped };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

/**
 * Writes what the finders see on each page of a PDF into `dir`: page-NNN.svg (words, rules,
 * ruled cells and their corners, stream columns, rejected candidates with why, and each table
 * with its method, confidence and catalogue table) and index.html (the document's
 * classification, linking the pages). A developer tool: it runs in this process, not in the
 * extraction workers, the same steps extractPdf runs (findPageTables, then classifyDocument),
 * with the same resolved settings.
 */
export async function writeDebugPictures(bytes: Uint8Array, dir: string, name = 'document.pdf', settings: EngineSettings = DEFAULT_SETTINGS): Promise<DebugPictures> {
  await mkdir(dir, { recursive: true });
  const doc: DebugDocument = { name, status: 'ok', numPages: 0, pages: [], warnings: [] };
  const files: string[] = [];
  let traced: TracedPage[] = [];
  try {
    const read = await readTraced(bytes, settings);
    traced = read.pages;
    doc.numPages = read.numPages;
    if (read.skipped.length) doc.warnings.push(`pages not read: ${read.skipped.join(', ')}`);
    if (!traced.some((p) => p.content.chunks.length > 0)) {
      doc.status = 'no_text';
      doc.detail = 'no page has a text layer';
    }
  } catch (err) {
    doc.status = err instanceof PdfOpenError ? err.status : 'invalid';
    doc.detail = err instanceof Error ? err.message : String(err);
  }

  let classification: DocumentClassification | undefined;
  if (doc.status === 'ok') {
    try {
      classification = classifyDocument(
        traced.map((p) => p.content),
        traced.flatMap((p) => p.tables),
        settings.lines,
      );
      doc.classification = classification;
      doc.warnings.push(...classification.quality.warnings);
    } catch (err) {
      doc.classificationError = err instanceof Error ? err.message : String(err);
    }
  }
  const drawn = classification ? pictureTables(classification.tables) : undefined;

  for (const { content, trace, tables } of traced) {
    const { page, width, height } = content;
    const entry: DebugPage = { page, file: null, tables: 0, width, height };
    doc.pages.push(entry);
    // A page that could not be read has no size to draw.
    if (!width || !height) continue;
    const list = drawn ? (drawn.get(page) ?? []) : tables.map(unclassified);
    entry.file = `page-${String(page).padStart(3, '0')}.svg`;
    entry.tables = list.length;
    const path = join(dir, entry.file);
    await writeFile(path, pageToSvg(content, trace, list));
    files.push(path);
  }
  const index = join(dir, 'index.html');
  await writeFile(index, debugIndexHtml(doc));
  files.push(index);
  return { status: doc.status, files };
}

/** `writeDebugPictures` for a file on disk (what `npm run extract -- file.pdf --debug DIR` runs). */
export async function writeDebugPicturesOf(file: string, dir: string, settings: EngineSettings): Promise<DebugPictures> {
  return writeDebugPictures(new Uint8Array(await readFile(file)), dir, basename(file), settings);
}
