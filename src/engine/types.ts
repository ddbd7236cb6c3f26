import type { TableRow } from '../shared/catalog/index.ts';
import type { SettingsInput } from './settings.ts';

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
  /** 0..1, how sure OCR is of the word; absent for text the PDF carries (docs/decisions/070-ocr.md). */
  confidence?: number;
  /** The PDF writes a space right before this word (a narrow gap is then still a word break). */
  spaceBefore?: true;
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
  /**
   * Stroked straight lines that are neither rules nor axis-aligned (a line chart's plot, a
   * diagram's arrows), each as its box. Absent where nothing was read (pages built in tests).
   */
  diagonals?: Box[];
  /** Set when the page had no text layer and its words were read by OCR from its image. */
  ocr?: true;
  /**
   * OCR levelled a tilted scan before reading it: its words are placed as on the level page, which
   * the table finders need. The page as printed (what the review draws) has them turned `deg`
   * degrees clockwise about (cx, cy), in points; the boxes of the result are turned back
   * (ocr/unskew-sources.ts).
   */
  deskew?: { deg: number; cx: number; cy: number };
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
  /**
   * Each cell's box, parallel to `rows`: the ruled cell (lattice, a spanning cell at its top-left
   * position) or the union of the cell's words (stream). Null where no box is known: an empty
   * stream cell, a position a spanning cell covers.
   */
  cells: (Box | null)[][];
  /** The page each row is printed on, parallel to `rows` (a table joined across pages spans several). */
  rowPages: number[];
  /** The table's box on each page it covers (`bbox` is the one on `page`). */
  pageBoxes: { page: number; bbox: Box }[];
  method: TableMethod;
  /** 0..1, how sure the finder is that this is a table with this structure. */
  confidence: number;
  /** Text lines just above the table (nearest last), used to read its title. */
  context: string[];
  /** Read by OCR (its page had no text layer): its numbers may have lost marks (values/ocr-numbers.ts). */
  ocr?: boolean;
  /**
   * Only a header and one row at the foot of a page, too few rows for a table alone: kept only when
   * the next page's first table repeats that header (foot-fragments.ts), then joined to it.
   */
  footFragment?: boolean;
}

export type TableClass = string; // a catalogue table name, or 'other'

/** A check sum printed in the document (SUBTOTAL/TOTAL) and what the items added up to. */
export interface CheckSum {
  table: string;
  /**
   * 'column': a SUBTOTAL/TOTAL row whose figure sums a column over the items above it (all pages
   * of the table); 'row': a cash-flow concept whose `Total` column sums its periods.
   */
  kind: 'column' | 'row';
  /** The row's label as printed (`TOTAL COSTOS DIRECTOS`, a cash-flow concept). */
  label: string;
  /** The page the row is printed on. */
  page: number;
  /** The catalogue column summed. */
  column: string;
  /** The printed header of the figure's column when it is not the catalogue column (`Año 1`, `Total año`). */
  header?: string;
  printed: number;
  computed: number;
  ok: boolean;
  /**
   * The items a grid's SUBTOTAL/TOTAL added up, as indexes `[from, to)` into the rows the table read
   * where the total is printed; `from` is negative when the sum reaches back into the rows read on
   * earlier pages of a continued table (found as tables of their own, just before). Absent for cash
   * flows, whose concept (`label`) or period (`header`) names the rows.
   */
  rows?: { from: number; to: number };
}

/**
 * What a table's confidence is made of, each 0..1, or null where it does not apply
 * (docs/decisions/014-quality-signals.md).
 */
export interface QualitySignals {
  /** 1 the title wording matched exactly, 0.8 a title starting with a known wording, 0 no title named the table. */
  title: number;
  /** Share of the catalogue table's columns found in the header. */
  header: number;
  /** Share of the numeric and date cells read that parsed as their column's type (null: none read). */
  types: number | null;
  /** Share of the printed check sums that hold (null: the table prints none). */
  checkSums: number | null;
}

export interface TableQuality {
  table: string;
  page: number;
  pages: number[];
  method: TableMethod;
  /** 0..1, how far a reviewer can trust this table as read: the mean of the signals that apply (0 for 'other'). */
  confidence: number;
  signals: QualitySignals;
  rows: number;
  /** Columns of the catalogue table the document did not print. */
  missingColumns: string[];
  /** Cells whose text did not parse as their column's type (kept as raw text). */
  unparsedCells: number;
  /** Numeric and date cells read (parsed or not): the base of `signals.types`. */
  typedCells: number;
  checkSums: CheckSum[];
  /** Spanish warnings shown to people in the document detail. */
  warnings: string[];
  /**
   * Cells read by OCR with a low confidence (the least confident of their words): `row` indexes the
   * table's rows, `column` is the catalogue key. Absent or empty on pages with a text layer.
   */
  lowConfidenceCells?: LowConfidenceCell[];
}

/** A stored value OCR read with less confidence than the engine trusts (docs/decisions/070-ocr.md). */
export interface LowConfidenceCell {
  row: number;
  column: string;
  /** 0..1, the least confident word of the cell. */
  confidence: number;
}

/** Where one stored value was printed. */
export interface CellSource {
  /** The cell's text as printed (whitespace collapsed); the value was read from it. */
  text: string;
  /** The cell's box; null when the finder knows none. */
  box: Box | null;
  /**
   * The page the cell is on, only when it is not the row's: a period header or a section title
   * printed on an earlier page than the row it labels.
   */
  page?: number;
}

/** Where a stored row was printed. Keys are single words, so the stored and API JSON use them as they are. */
export interface RowSource {
  /** 1-based page of the row. */
  page: number;
  /** The table's box on that page. */
  bbox: Box;
  /** How the table was found. */
  method: TableMethod;
  /** The source of each stored value, by column key (the same keys as the row's values). */
  cells: Record<string, CellSource>;
}

/** One row of a catalogue table: its typed values and where they were printed. */
export interface ExtractedRow {
  /** Typed values, keys in catalogue order. */
  values: TableRow;
  source: RowSource;
}

/** A page's size in points as the engine reads it (upright, after `rotation`), for drawing boxes on it. */
export interface PageSize {
  page: number;
  width: number;
  height: number;
  /** Degrees the page was turned to read it upright (its /Rotate plus any inferred from the text). */
  rotation: number;
}

export interface ClassifiedTable {
  raw: RawTable;
  /** The catalogue table it was sorted into, or 'other'. */
  table: TableClass;
  /** Its rows, each once, with their sources; empty for 'other'. */
  rows: ExtractedRow[];
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
  /** Every table found, classified or not, in document order (rows per catalogue table: rowsByTable). */
  tables: ClassifiedTable[];
  /** Size of every page read, so a viewer can draw the sources' boxes on it. */
  pageSizes: PageSize[];
  /** Set when pages without a text layer were read by OCR: which (docs/decisions/070-ocr.md). */
  ocr?: { pages: number[] };
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
  /** Read pages without a text layer by OCR (docs/decisions/070-ocr.md). Default true. */
  ocr?: boolean;
  /**
   * Called as OCR takes on a page, with the number of pages taken on so far: the runtime gives the
   * task more time per page read by OCR (runtime/run-isolated.ts).
   */
  onOcrPage?: (pages: number) => void;
  /** Tolerances overriding the defaults (src/engine/settings.ts), checked before anything is read. */
  settings?: SettingsInput;
}
