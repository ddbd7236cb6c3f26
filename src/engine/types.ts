import type { TableRow } from '../shared/catalog/index.ts';

/**
 * Geometry is in PDF user space rotated to the page's upright view, with the origin at the
 * top-left and y growing downwards (as a reader sees the page). Units are PDF points.
 */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A run of glyphs pdf.js reported as one text item, in upright top-left coordinates. */
export interface TextChunk extends Box {
  text: string;
  /** Font size in points (height of the em box). */
  size: number;
  /** Writing direction of the chunk relative to the upright page. */
  upright: boolean;
}

/** A straight ruling line: horizontal when y0 === y1, vertical when x0 === x1. */
export interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  orientation: 'h' | 'v';
}

/** A filled rectangle that is not thin enough to be a rule (cell background, zebra band). */
export interface Fill extends Box {
  /** Fill colour as '#rrggbb' when known. */
  color?: string;
}

/** What the engine reads off one page before finding tables. */
export interface PageContent {
  /** 1-based page number. */
  page: number;
  width: number;
  height: number;
  /** The page's /Rotate plus any rotation inferred from the text direction, in degrees. */
  rotation: number;
  chunks: TextChunk[];
  segments: Segment[];
  fills: Fill[];
}

export type TableMethod = 'lattice' | 'stream' | 'keyvalue';

/** A table as found on the page(s), before classification. */
export interface RawTable {
  /** 1-based page where the table starts. */
  page: number;
  /** Every page the table covers after joining continuations. */
  pages: number[];
  bbox: Box;
  /**
   * Rows of cell texts. A spanning cell's text sits at its top-left grid position and the other
   * positions it covers are "".
   */
  rows: string[][];
  method: TableMethod;
  /** 0..1, how sure the finder is that this is a table with this structure. */
  confidence: number;
  /** Text lines just above the table (nearest last), used to read its title. */
  context: string[];
}

export type TableClass = string; // a catalogue table name, or 'other'

/** A check sum printed in the document (SUBTOTAL/TOTAL) and what the items added up to. */
export interface CheckSum {
  table: string;
  label: string;
  column: string;
  printed: number;
  computed: number;
  ok: boolean;
}

export interface TableQuality {
  table: string;
  page: number;
  pages: number[];
  method: TableMethod;
  confidence: number;
  rows: number;
  /** Columns of the catalogue table the document did not print. */
  missingColumns: string[];
  /** Cells whose text did not parse as their column's type (kept as raw text). */
  unparsedCells: number;
  checkSums: CheckSum[];
  /** Spanish warnings shown to people in the document detail. */
  warnings: string[];
}

export interface ClassifiedTable {
  raw: RawTable;
  /** The catalogue table it was sorted into, or 'other'. */
  table: TableClass;
  /** Typed rows (keys in catalogue order); empty for 'other'. */
  rows: TableRow[];
  /** Raw text of each stored cell, parallel to rows. */
  rawRows: Record<string, string>[];
  quality: TableQuality;
}

export type ExtractionStatus = 'ok' | 'invalid' | 'password' | 'no_text' | 'aborted';

export interface ExtractionResult {
  status: ExtractionStatus;
  /** Spanish message for people when status is not 'ok'. */
  message?: string;
  /** English detail for logs. */
  detail?: string;
  pages: number;
  nosolicitud: string;
  /** Header fields found on the document (solicitante, municipio, monto_solicitado, …). */
  header: Record<string, string | number>;
  /** Every table found, classified or not, in document order. */
  tables: ClassifiedTable[];
  /** Rows of the ten tables, keyed by catalogue name; tables with no rows are absent. */
  rows: Record<string, TableRow[]>;
  quality: {
    tables: TableQuality[];
    warnings: string[];
    /** Number style decided for the document. */
    numberStyle: 'co' | 'us';
  };
}

export interface ExtractOptions {
  signal?: AbortSignal;
  /** Called after each page is read: (pagesDone, pagesTotal). */
  onProgress?: (done: number, total: number) => void;
  /** Pages beyond this are not read (guards against absurd page counts). Default 500. */
  maxPages?: number;
}
