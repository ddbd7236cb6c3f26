import {
  CLASSIFICATION_FAILED_WARNING,
  ENGINE_MESSAGES,
  ocrPagesWarning,
  pageLimitWarning,
  skippedPagesWarning,
} from '../shared/messages/engine.ts';
import { classifyDocument } from './domain/classify-document.ts';
import { findPageTables } from './find-tables.ts';
import { keepFootFragments } from './foot-fragments.ts';
import { joinHyphenatedWords } from './text/hyphenated-words.ts';
import { runningLines } from './text/running-lines.ts';
import { flagLowConfidence } from './ocr/cell-confidence.ts';
import { mendByDocumentWords } from './ocr/document-words.ts';
import { mendOcrSpelling } from './ocr/column-spelling.ts';
import { unskewSources } from './ocr/unskew-sources.ts';
import { DEFAULT_MAX_PAGES, loadPages, type LoadedPages } from './pdf/load-pages.ts';
import { openPdf, PdfOpenError } from './pdf/open-pdf.ts';
import { openWithPdfium, readsWithPdfium } from './pdf/pdfium/read-pages.ts';
import { resolveSettings, type EngineSettings } from './settings.ts';
import type {
  ClassifiedTable,
  ExtractionResult,
  ExtractionStatus,
  ExtractOptions,
  PageContent,
  PageSize,
  RawTable,
} from './types.ts';

export interface RawExtraction {
  status: ExtractionStatus;
  message?: string;
  detail?: string;
  pages: PageContent[];
  numPages: number;
  /** Size of each page read (skipped pages, whose size is unknown, are left out). */
  pageSizes: PageSize[];
  tables: RawTable[];
  warnings: string[];
  /** Pages without a text layer read by OCR (docs/decisions/070-ocr.md). */
  ocrPages: number[];
}

function failure(status: Exclude<ExtractionStatus, 'ok'>, detail: string, numPages = 0): RawExtraction {
  return { status, message: ENGINE_MESSAGES[status], detail, pages: [], numPages, pageSizes: [], tables: [], warnings: [], ocrPages: [] };
}

function pageSizesOf(pages: readonly PageContent[], skipped: readonly number[]): PageSize[] {
  return pages.filter((p) => !skipped.includes(p.page)).map(({ page, width, height, rotation }) => ({ page, width, height, rotation }));
}

function isAbort(err: unknown, signal?: AbortSignal): boolean {
  return !!signal?.aborted || (err instanceof Error && err.name === 'AbortError');
}

export interface OpenCheck {
  status: 'ok' | 'invalid' | 'password';
  message?: string;
  detail?: string;
  numPages: number;
}

/**
 * Opens the document and closes it again, reading no page: what the upload check asks ("is this a
 * PDF the engine can open?"). PDFium first, as it reads the pages; a file it cannot open, pdf.js
 * (which extraction falls back to, pdf/load-pages.ts). Never throws.
 */
export async function openOnly(bytes: Uint8Array): Promise<OpenCheck> {
  try {
    const opened = readsWithPdfium() ? await openWithPdfium(bytes) : undefined;
    if (opened?.status === 'ok') return { status: 'ok', numPages: opened.numPages };
    if (opened?.status === 'password') return { status: 'password', message: ENGINE_MESSAGES.password, detail: 'PDFium: the document needs a password', numPages: 0 };
    const doc = await openPdf(bytes);
    const numPages = doc.numPages;
    await doc.destroy().catch(() => undefined);
    return { status: 'ok', numPages };
  } catch (err) {
    const status = err instanceof PdfOpenError ? err.status : 'invalid';
    return { status, message: ENGINE_MESSAGES[status], detail: err instanceof Error ? err.message : String(err), numPages: 0 };
  }
}

/**
 * Reads the pages and finds every table, before classification (what `--raw` prints). Every
 * failure of the document becomes a typed status; only bad `opts.settings`, the caller's mistake,
 * throws (a SettingsError, before anything is read).
 */
export async function extractRawTables(bytes: Uint8Array, opts: ExtractOptions = {}): Promise<RawExtraction> {
  return rawTables(bytes, opts, resolveSettings(opts.settings));
}

async function rawTables(bytes: Uint8Array, opts: ExtractOptions, settings: EngineSettings): Promise<RawExtraction> {
  if (opts.signal?.aborted) return failure('aborted', 'aborted before start');
  let loaded: LoadedPages;
  try {
    loaded = await loadPages(bytes, opts, () => opts.signal?.throwIfAborted());
  } catch (err) {
    if (isAbort(err, opts.signal)) return failure('aborted', 'aborted by signal');
    if (err instanceof PdfOpenError) return failure(err.status, err.message);
    return failure('invalid', err instanceof Error ? `${err.name}: ${err.message}` : String(err));
  }
  try {
    // A word OCR misread on one page is often read right on another: the document's words mend it.
    if (loaded.ocr.length) mendByDocumentWords(loaded.pages);
    // Tables are found once every page is read: running heads are told apart over the document.
    const running = runningLines(loaded.pages, settings);
    const tables: RawTable[] = [];
    for (const page of loaded.pages) {
      opts.signal?.throwIfAborted();
      const found = findPageTables(page, settings, undefined, running.get(page.page));
      tables.push(...(page.ocr ? found.map((t) => mendOcrSpelling({ ...t, ocr: true })) : found));
    }
    // A word the layout hyphenated in a cell, joined when the document prints it whole elsewhere.
    const kept = joinHyphenatedWords(keepFootFragments(tables), loaded.pages);
    const warnings: string[] = [];
    if (loaded.skipped.length) warnings.push(skippedPagesWarning(loaded.skipped));
    const limit = opts.maxPages ?? DEFAULT_MAX_PAGES;
    if (loaded.numPages > limit) warnings.push(pageLimitWarning(limit, loaded.numPages));
    if (loaded.ocr.length) warnings.push(ocrPagesWarning(loaded.ocr));
    const { skipped } = loaded;
    const readable = loaded.pages.filter((p) => !skipped.includes(p.page));
    if (!readable.length && loaded.skipped.length) {
      return failure('invalid', `no page could be read (${loaded.skipped.length} skipped)`, loaded.numPages);
    }
    if (!loaded.pages.some((p) => p.chunks.length > 0)) {
      return failure('no_text', loaded.ocr.length ? 'OCR read no word' : 'no page has a text layer', loaded.numPages);
    }
    return {
      status: 'ok',
      pages: loaded.pages,
      numPages: loaded.numPages,
      pageSizes: pageSizesOf(loaded.pages, loaded.skipped),
      tables: kept,
      warnings,
      ocrPages: loaded.ocr,
    };
  } catch (err) {
    if (isAbort(err, opts.signal)) return failure('aborted', 'aborted by signal');
    return failure('invalid', err instanceof Error ? `${err.name}: ${err.message}` : String(err));
  }
}

function ocrOf(raw: RawExtraction): Pick<ExtractionResult, 'ocr'> {
  return raw.ocrPages.length ? { ocr: { pages: raw.ocrPages } } : {};
}

/**
 * PDF bytes in, the document's tables sorted into the catalogue out. Throws only for bad
 * `opts.settings` (a SettingsError, before anything is read), as extractRawTables does.
 */
export async function extractPdf(bytes: Uint8Array, opts: ExtractOptions = {}): Promise<ExtractionResult> {
  const settings = resolveSettings(opts.settings);
  const raw = await rawTables(bytes, opts, settings);
  const base = {
    pages: raw.numPages,
    nosolicitud: '',
    header: {},
    tables: [],
    pageSizes: raw.pageSizes,
    quality: { tables: [], warnings: raw.warnings, numberStyle: 'co' as const },
    ...ocrOf(raw),
  };
  if (raw.status !== 'ok') {
    return { ...base, status: raw.status, message: raw.message, detail: raw.detail };
  }
  if (opts.signal?.aborted) {
    return { ...base, status: 'aborted', message: ENGINE_MESSAGES.aborted, detail: 'aborted by signal' };
  }
  try {
    const c = classifyDocument(raw.pages, raw.tables, settings.lines);
    flagLowConfidence(c.tables, raw.pages);
    const tables = unskewSources(c.tables, raw.pages);
    return {
      status: 'ok',
      pages: raw.numPages,
      nosolicitud: c.nosolicitud,
      header: c.header,
      tables,
      pageSizes: raw.pageSizes,
      ...ocrOf(raw),
      quality: { ...c.quality, warnings: [...raw.warnings, ...c.quality.warnings] },
    };
  } catch (err) {
    // A classifier bug must not lose the upload: the tables found are kept, unclassified.
    return {
      ...base,
      status: 'ok',
      tables: raw.tables.map(unclassified),
      detail: `classification failed: ${err instanceof Error ? err.message : String(err)}`,
      quality: { ...base.quality, warnings: [...raw.warnings, CLASSIFICATION_FAILED_WARNING] },
    };
  }
}

function unclassified(raw: RawTable): ClassifiedTable {
  return {
    raw,
    table: 'other',
    rows: [],
    quality: {
      table: 'other',
      page: raw.page,
      pages: raw.pages,
      method: raw.method,
      confidence: 0,
      signals: { title: 0, header: 0, types: null, checkSums: null },
      rows: 0,
      missingColumns: [],
      unparsedCells: 0,
      typedCells: 0,
      checkSums: [],
      warnings: [],
    },
  };
}
