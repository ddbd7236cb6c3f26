/**
 * Tolerances of the stream (text alignment) finder. Lengths ending in `Em` are multiples of the
 * font size of the text involved, so one setting serves 6 pt and 12 pt tables alike.
 */
export interface StreamSettings {
  /** Words whose vertical centres differ by at most this (× size) sit on one text line. */
  lineCenterTolEm: number;
  /** A word this much smaller than its neighbours (ratio) may be a superscript of their line. */
  superscriptSizeRatio: number;
  /** Words closer than this (× size) belong to one phrase; wider gaps may separate columns. */
  phraseGapEm: number;
  /** A bare currency sign joins the amount after it when the gap is at most this (× size). */
  signGapEm: number;
  /** A vertical gap between lines wider than this (× size) ends a table region. */
  regionGapEm: number;
  /** A single-phrase line this much larger (ratio) than the next line is a title, not a row... */
  titleSizeRatio: number;
  /** ...and so is a line of a few phrases this much larger. */
  titleSizeRatioMulti: number;
  /** Lines whose sizes differ by this ratio... */
  sizeBreakRatio: number;
  /** ...further apart than this (× the smaller size) are not one table. */
  sizeBreakGapEm: number;
  /** A line is prose when one phrase covers this share of the page's text width... */
  proseWidthShare: number;
  /** ...and holds at least this many words. */
  proseMinWords: number;
  /** A table needs this many lines with two or more phrases (rows with column structure). */
  minTableRows: number;
  /** Fewer rows make a table only when each has at least this many columns. */
  shortTableColumns: number;
  /** A whitespace river must be at least this wide (× size) to separate columns. */
  minRiverEm: number;
  /** Lines with at least this share of the typical row's phrase count define the columns. */
  bodyPhraseShare: number;
  /** A narrow band between words separates columns when this share of the lines align on it... */
  alignedShare: number;
  /** ...within this tolerance (× size). */
  alignTolEm: number;
  /** Share of structure lines allowed to cross a river (spanning cells) without closing it. */
  bridgeShare: number;
  /** Line pitch below this share of the region's usual row pitch marks a wrapped cell line. */
  wrapPitchShare: number;
  /** Line gaps within this (× size) of each other are the same spacing (a wrapped line goes up). */
  pitchTieEm: number;
  /**
   * A line nearer than this (× size) to the next one, filling only columns it leaves empty, is a
   * cell set on fewer lines than its row and centred against the others: one row.
   */
  centredLineEm: number;
  /** A line putting words over numbers in this many columns never joins the row below it... */
  headerOverRowColumns: number;
  /** ...nor the row above it in this many (one is a header cut over two lines: "Mes" over "2"). */
  headerOverDataColumns: number;
  /** Line pitch (× size) up to which a line under a table's last row continues it... */
  wrapLineEm: number;
  /** ...when it reaches at most this far (× size) past the extent of the column it continues. */
  wrapOverhangEm: number;
  /** A horizontal rule or band edge this share of a table's width wide separates its rows. */
  ruleWidthShare: number;
  /** When rules separate this share of consecutive rows, every line between two rules is one row. */
  ruledRowShare: number;
  /** Rows compared on each side of a possible change of column structure. */
  segmentWindow: number;
  /** The rows below need this many lines with column structure to be compared at all. */
  segmentMinLines: number;
  /** A table under another starts where the line pitch grows by this ratio over the rows above... */
  segmentPitchRatio: number;
  /** ...and their columns move: text runs across an edge when it passes it by this much (× size). */
  segmentCrossEm: number;
  /** A list is at least this many items (marker and text) in a row. */
  minListItems: number;
  /** Rows led out with dots to a page number, in this share of a table's rows, make a contents page. */
  contentsRowShare: number;
  /** Columns with at least this many words per line on average, all of them, are prose set in columns. */
  proseLineWords: number;
  /** Two columns of words with no values make a table from this many rows (fewer: text side by side). */
  minTextPairRows: number;
  /** A spanning header line above the table joins it when at most this far (× size). */
  headerGapEm: number;
  /** Text lines kept above a table as its context. */
  contextLines: number;
  /** Context is looked for at most this far (× the page's usual font size) above a table. */
  contextMaxEm: number;
}

export const DEFAULT_STREAM_SETTINGS: Readonly<StreamSettings> = Object.freeze({
  lineCenterTolEm: 0.4,
  superscriptSizeRatio: 0.8,
  phraseGapEm: 0.75,
  signGapEm: 8,
  regionGapEm: 2.6,
  titleSizeRatio: 1.12,
  titleSizeRatioMulti: 1.25,
  sizeBreakRatio: 1.05,
  sizeBreakGapEm: 1.5,
  proseWidthShare: 0.6,
  proseMinWords: 8,
  minTableRows: 3,
  shortTableColumns: 4,
  minRiverEm: 0.15,
  bodyPhraseShare: 1,
  bridgeShare: 0.2,
  alignedShare: 0.6,
  alignTolEm: 0.2,
  wrapPitchShare: 0.8,
  pitchTieEm: 0.02,
  centredLineEm: 0.8,
  headerOverRowColumns: 1,
  headerOverDataColumns: 2,
  wrapLineEm: 1.3,
  wrapOverhangEm: 0.5,
  ruleWidthShare: 0.6,
  ruledRowShare: 0.7,
  segmentWindow: 3,
  segmentMinLines: 2,
  segmentPitchRatio: 1.4,
  segmentCrossEm: 0.5,
  minListItems: 2,
  contentsRowShare: 0.6,
  proseLineWords: 5,
  minTextPairRows: 5,
  headerGapEm: 1.6,
  contextLines: 3,
  contextMaxEm: 8,
});

/** Merges overrides into the defaults and rejects nonsense once, up front. */
export function resolveStreamSettings(overrides: Partial<StreamSettings> = {}): StreamSettings {
  const s: StreamSettings = { ...DEFAULT_STREAM_SETTINGS, ...overrides };
  for (const [key, value] of Object.entries(s)) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new Error(`stream settings: ${key} must be a non-negative number`);
    }
  }
  if (s.minTableRows < 2) throw new Error('stream settings: minTableRows must be at least 2');
  if (s.bridgeShare >= 1 || s.alignedShare > 1 || s.bodyPhraseShare > 1 || s.proseWidthShare > 1 || s.wrapPitchShare > 1 || s.ruleWidthShare > 1 || s.ruledRowShare > 1 || s.contentsRowShare > 1) {
    throw new Error('stream settings: shares must be below 1');
  }
  return s;
}
