/**
 * The catalogue of the engine's tolerances: each setting with its meaning, default and accepted
 * values, grouped by the step that reads them. settings.ts resolves them into the one frozen object
 * the finders get. See docs/decisions/015-engine-settings.md.
 *
 * Units: every length says its unit in its key.
 * - `…Em`: a multiple of the font size of the text involved (a line's dominant size, the smaller of
 *   two words' sizes, or where said the page's median size). Lengths measured on text are Em, so one
 *   value serves 6 pt and 12 pt tables alike (stream/layout-scale.test.ts).
 * - `…Pt`: PDF points (1/72 in). Lengths measured on rules (snapping, joining, rule ends) and between
 *   a rule and text, where no type size applies. One text length is in points, kept as it was
 *   measured: `context.latticeMaxPt`.
 * - `…Ratio`: a quotient of two sizes or pitches, at least 1. `…Share`: a fraction of a whole,
 *   0 to 1.
 * - Anything else is a count (a whole number) or a switch (true or false).
 */

export interface NumberRule {
  readonly value: number;
  readonly min: number;
  readonly max?: number;
  /** An exclusive upper bound. */
  readonly below?: number;
  readonly integer?: boolean;
}

export interface FlagRule {
  readonly value: boolean;
}

export type SettingRule = NumberRule | FlagRule;

const length = (value: number): NumberRule => ({ value, min: 0 });
const share = (value: number): NumberRule => ({ value, min: 0, max: 1 });
const ratio = (value: number): NumberRule => ({ value, min: 1 });
const count = (value: number, min = 0): NumberRule => ({ value, min, integer: true });
const flag = (value: boolean): FlagRule => ({ value });

/** Every setting: what it means (its comment), its default, and the values it accepts. */
export const SETTING_RULES = {
  /** Words into text lines and phrases: the one line builder (text/chunks-to-lines.ts). */
  lines: {
    /** Words whose vertical centres differ by at most this (× the smaller of the word's and the line's size) sit on one line. */
    sameLineEm: length(0.4),
    /** A word or line set smaller than this share of its neighbour's size is a superscript of it. */
    superscriptSizeShare: share(0.8),
    /** Words of a line closer than this (× size) belong to one phrase; wider gaps may separate columns. */
    phraseGapEm: length(0.75),
    /** A bare currency sign joins the amount after it when the gap is at most this (× size). */
    signGapEm: length(8),
    /** A sign one phrase gap after an amount is that amount's (`45,40 €`) unless an amount follows it at most this many times nearer. */
    suffixSignRatio: ratio(2),
    /** Words standing alone, this many gaps of one width (within justifiedGapSpreadEm × size) in a row, one opening in lower case: a justified line of one cell. */
    justifiedRunGaps: count(2, 1),
    justifiedGapSpreadEm: length(0.1),
    /** ...no wider than this (× size): a justified line stretches its spaces a little, a row of one-word cells lies far apart. */
    justifiedMaxGapEm: length(3),
    /** ...and the cell goes on in the line below, at most this far (× size) down. */
    justifiedNextLineEm: length(1.6),
  },
  /** The lines above a table kept as its context (text/context.ts). */
  context: {
    /** Text lines kept above a table. */
    lines: count(3),
    /** Words reaching this share of the table's width past its sides still sit over it. */
    sideSlackShare: share(0.1),
    /** How far above a ruled table a context line may sit. */
    latticeMaxPt: length(60),
    /** How far above an unruled table a context line may sit (× the page's median font size). */
    streamMaxEm: length(8),
  },
  /** Ruled tables from the vector graphics (lattice/, find-tables.ts). */
  lattice: {
    /** Parallel rules closer than this are the same line (double borders, anti-aliasing offsets). */
    snapTolerancePt: length(3),
    /** Collinear pieces whose ends are this close are one rule. */
    joinTolerancePt: length(3),
    /** Rules shorter than this after joining are ignored (tick marks, underlines of one glyph). */
    edgeMinLengthPt: length(3),
    /** A horizontal and a vertical rule within this distance of touching meet. */
    intersectionTolerancePt: length(3),
    /** Fewer grid rows than this is not a table. */
    minRows: count(2, 1),
    /** Fewer grid columns than this is not a table. */
    minCols: count(2, 1),
    /** Filled rectangles give their sides as rules everywhere; off: only fills where no rule is drawn read as shaded grids. */
    useFillEdges: flag(false),
    /** Rules that stop at a common line with no rule across their ends imply an outer frame there. */
    impliedFrame: flag(true),
    /** With impliedFrame, column rules running on past a table's outermost row rule, by at least this (× the page's median type size)... */
    openRowMinEm: length(0.8),
    /** ...and at most this, with text on both sides of them, close one more row there (lattice/open-rows.ts). */
    openRowMaxEm: length(3.5),
    /** Pages with more joined rules than this are drawings (charts, maps, hatching), not tables. */
    maxEdges: count(3000),
    /** A fill, or a rule, within this of a grid's edge is drawn inside it. */
    insideMarginPt: length(2),
    /** A grid of shaded cells may have at most this share of columns without text. */
    maxEmptyFillColumnsShare: share(0.2),
    /** A ruled box with fewer filled cells than this is a frame around text. */
    minFilledCells: count(3),
    /** A ruled box of one or two columns whose cells hold this many words on average is prose. */
    proseWordsPerCell: count(14, 1),
    /** Cells holding this many lines, two of them in one row, are rows the rules do not separate. */
    stackedCellLines: count(5, 2),
    /** This many slanted lines drawn inside a ruled grid make it a chart's panels, not a table (a split header cell has one). */
    drawingDiagonals: count(2, 1),
    /** A grid row with no text, thinner than this (× the grid's type size), is the gap of a double rule or a band, not a row. */
    spacerRowEm: length(0.8),
    /** A grid of at most this many rows (lines of words only: twice as many, a header row may wrap), the first no figure, over unruled rows is a table's header band (hybrid/header-bands.ts)... */
    headerBandRows: count(3, 1),
    /** ...when a line with a figure starts within this distance (× its type size) under it. */
    headerBandGapEm: length(1.5),
  },
  /** Unruled tables from text alignment (stream/). */
  stream: {
    /** A vertical gap between lines wider than this (× size) ends a table region. */
    regionGapEm: length(2.6),
    /** A single-phrase line this much larger than the next line is a title, not a row... */
    titleSizeRatio: ratio(1.12),
    /** ...and so is a line of a few phrases this much larger. */
    titleSizeRatioMulti: ratio(1.25),
    /** Lines whose sizes differ by this ratio... */
    sizeBreakRatio: ratio(1.05),
    /** ...further apart than this (× the smaller size) are not one table. */
    sizeBreakGapEm: length(1.5),
    /** A line is prose when one phrase covers this share of the page's text width... */
    proseWidthShare: share(0.6),
    /** ...and holds at least this many words... */
    proseMinWords: count(8),
    /** ...no more than this share of them figures (a row of amounts set a word space apart is no sentence). */
    proseFigureShare: share(0.5),
    /** A long first phrase followed only by at least this many phrases of figures is a row's label in a wide description column, not prose. */
    labelFigureCells: count(2, 1),
    /** A table needs this many lines with two or more phrases (rows with column structure). */
    minTableRows: count(3, 2),
    /** Fewer rows make a table only when each has at least this many columns. */
    shortTableColumns: count(4),
    /** A whitespace river must be at least this wide (× size) to separate columns. */
    minRiverEm: length(0.15),
    /** A band between words (not phrases) that alignment shows to be a column gap may be this narrow (× size): Writer's cell padding under a space, as pdf.js's joined items place it. */
    narrowRiverEm: length(0.08),
    /** Lines with at least this share of the typical row's phrase count define the columns. */
    bodyPhraseShare: share(1),
    /** Share of structure lines allowed to cross a river (spanning cells) without closing it. */
    bridgeShare: { value: 0.2, min: 0, below: 1 },
    /** A narrow band between words separates columns when this share of the lines align on it... */
    alignedShare: share(0.6),
    /** ...within this tolerance (× size). */
    alignTolEm: length(0.2),
    /** A line crosses a narrow band only when its words either side are at most this far apart (× size). */
    crossingGapEm: length(3),
    /** Words either side of a narrow band this close (× size: one word space) on every line are words of one cell that happen to align. */
    wordSpaceEm: length(0.35),
    /** A figure this far (× size) from the word before it starts its own cell (stream/lines-to-columns.ts: a figure column a word space before a text column). */
    figureCellGapEm: length(1),
    /** Line pitch below this share of the region's usual row pitch marks a wrapped cell line. */
    wrapPitchShare: share(0.8),
    /** Line gaps within this (× size) of each other are the same spacing (a wrapped line goes up). */
    pitchTieEm: length(0.02),
    /** A number this near (× size) under a lone currency sign of its column is that sign's amount, wrapped (`$` over `49.255,15`). */
    signWrapEm: length(1.5),
    /** Rows whose figures sit at least this much (× size) further apart than the font's leading are padded: a line at the leading under one is its cell's next line, however little the padding. */
    rowPaddingEm: length(0.1),
    /** A line nearer than this (× size) to the next, filling only columns it leaves empty, is one row with it (a centred cell). */
    centredLineEm: length(0.8),
    /** A line putting words over numbers in this many columns never joins the row below it... */
    headerOverRowColumns: count(1),
    /** ...nor the row above it in this many (one is a header cut over two lines: "Mes" over "2"). */
    headerOverDataColumns: count(2),
    /** Line pitch (× size) up to which a line under a table's last row continues it... */
    wrapLineEm: length(1.3),
    /** ...when it reaches at most this far (× size) past the extent of the column it continues. */
    wrapOverhangEm: length(0.5),
    /** A horizontal rule or band edge this share of a table's width wide separates its rows. */
    ruleWidthShare: share(0.6),
    /** Horizontal rule pieces on one line (within this, points) and this near end to end are one rule (a browser's border drawn cell by cell). */
    ruleJoinPt: length(1.5),
    /** When rules separate this share of consecutive rows, every line between two rules is one row. */
    ruledRowShare: share(0.7),
    /** ...or when this many bands between rules hold text, that share of them with one line of figures each (wrapped rows set vertically centred). */
    ruledRowMinBands: count(4, 2),
    /** A line of a long label and figures with a rule across it within this distance (× size) above and below is a table row, not prose (decision 018). */
    ruledRowReachEm: length(2),
    /** A header-only column joins the value column beside it when the header is at most this many rows. */
    maxHeaderRows: count(3, 1),
    /** Rows compared on each side of a possible change of column structure. */
    segmentWindow: count(3, 1),
    /** The rows below need this many lines with column structure to be compared at all. */
    segmentMinLines: count(2),
    /** A table under another starts where the line pitch grows by this ratio over the rows above... */
    segmentPitchRatio: ratio(1.4),
    /** ...and their columns move: text runs across an edge when it passes it by this much (× size). */
    segmentCrossEm: length(0.5),
    /** Two blocks side by side whose lines never cross a gutter this wide (× size) are read apart... */
    sideBySideGutterEm: length(3),
    /** ...when each side holds at least this many lines. */
    minSideLines: count(2, 1),
    /** A list is at least this many items (marker and text) in a row. */
    minListItems: count(2, 1),
    /** Rows led out with dots to a page number, in this share of a table's rows, make a contents page... */
    contentsRowShare: share(0.6),
    /** ...when there are at least this many (a contents page cut into short pieces at its chapter lines). */
    minContentsEntries: count(2, 2),
    /** A header of plain words over at least this many rows of expressions is a table's, not a formula's... */
    minHeaderBodyRows: count(3, 1),
    /** ...each header cell at most this many words (a column's name, not a sentence). */
    maxHeaderCellWords: count(4, 1),
    /** Numbered entries without leaders are contents when their page numbers stand this many times the longest title's width away from it. */
    contentsGapRatio: ratio(1.5),
    /** This many slanted lines drawn inside a table's box make its text a chart's or a diagram's labels (a split header cell has one). */
    drawingDiagonals: count(2, 1),
    /** Cells of words holding a formula's or a program's signs (`=`, `<`, `{`, `;`, `f(`), this share of all filled cells, are not a table. */
    formulaCellShare: share(0.4),
    /** Rows ending in an equation number `(12)` mark a displayed formula when this share of the filled cells hold a formula's signs or math operators (`∥`, `⊤`, `⊗`, `−`). */
    numberedFormulaCellShare: share(0.15),
    /** Cells of words holding Greek letters or math operators, this share of them, with no column of numbers and fewer phrases than such cells, are a displayed formula. */
    formulaMathShare: share(0.5),
    /** Lines opened by the same mark (`#`, `-`, `>`), in this share of a table's rows... */
    markedLineShare: share(0.75),
    /** ...and at least this many of them, with no column of numbers, are a comment block, a quotation or a definition list. */
    minMarkedLines: count(3, 2),
    /** Entries led out with dots to their pages, at least this many... */
    minIndexEntries: count(6, 2),
    /** ...this share of them in alphabetical order down their column, make an index. */
    indexOrderShare: share(0.8),
    /** Filled cells holding only dot leaders, this share of them (ten cells or more), are a contents page whose leaders were read as cells. */
    leaderCellShare: share(0.5),
    /** This many filled cells written with one or two characters only (no numbers) are a chart's points drawn as glyphs. */
    minPlottedMarks: count(10, 2),
    /** A column of at least this many evenly stepped numbers, repeated step for step in another column, is a chart's axis drawn beside another. */
    minAxisTicks: count(4, 3),
    /** A page's first or last line repeated, its number moving with the page, on this many pages is a running head or foot. */
    runningLinePages: count(2, 2),
    /** Columns averaging at least this many words per line, all of them, are prose set in columns. */
    proseLineWords: count(5),
    /** Two columns of words with no values make a table from this many rows (fewer: text side by side). */
    minTextPairRows: count(5),
    /** This many rows with a heading (titleSizeRatio) in one cell beside body text in another, headings in two columns or more, are columns of text, not a table. */
    minColumnHeadings: count(2, 1),
    /** Rows with at least this many gaps between cells, all of one width (within justifiedGapSpreadEm × size), on two rows and half the rows or more, no number column: lines of a justified paragraph (stream/justified-lines.ts). */
    minJustifiedGaps: count(3, 2),
    justifiedGapSpreadEm: length(0.1),
    /** Words whose advance per character is within this share of the block's median advance are set in its (monospaced) font (pdf.js gives a text run's width, shared out by characters: a run of a proportional font averages out, a monospaced one is exact)... */
    monospaceSpreadShare: share(0.02),
    /** ...and when this share of the block's words are, the block is set in a monospaced font (stream/code-listing.ts)... */
    monospaceWordShare: share(0.8),
    /** ...which is a program listing when this share of its rows hold a token of a program's signs. */
    codeRowShare: share(0.5),
    /** A spanning header line above the table joins it when at most this far (× size). */
    headerGapEm: length(1.6),
  },
  /** Rules that draw part of a table, read with the text (hybrid/). */
  hybrid: {
    /** A phrase reaching this far past a column rule still stops at it (text touching a rule). */
    ruleTouchPt: length(1),
    /** Half the width of the river a column rule makes, so a phrase across it can be cut at a word gap there. */
    ruleRiverHalfWidthPt: length(0.5),
    /** A whitespace river this close to a column rule is that rule's boundary, not another column. */
    sameBoundaryPt: length(3),
    /** Share of a band's filled cells that must hold several lines for it to be stacked rows. */
    stackedCellsShare: share(0.75),
    /** At least this share of the re-read rows must fill two or more columns, or the region is not a table. */
    minStructuredShare: share(0.5),
    /** Rules narrower than this share of the page are underlines and sum lines, not a table's rules. */
    frameRuleWidthShare: share(0.2),
    /** Rules whose ends are this close have one extent. */
    sameExtentPt: length(3),
    /** A rule inside a frame and narrower than this share of it (a sum line over one column) is not the frame's. */
    innerRuleShare: share(0.5),
    /** Lines of one table are set in one size, within this ratio... */
    sameSizeRatio: ratio(1.05),
    /** ...and no further apart than this many usual line pitches (a wrapped cell, a blank row). */
    framePitchRatio: ratio(2.5),
    /** The line under a frame's last rule is looked for this far (× size) beyond the last line's distance to the rule (a TOTAL row). */
    totalRowReachEm: length(2.5),
    /** Header lines stacked over one another are at most this far apart (× size), a sub-rule between them. */
    headerPitchEm: length(2.2),
    /** A header's fence sits this far above its top line's glyphs. */
    headerFenceGapPt: length(0.5),
    /** A line under a row of values whose phrases each start this near (× size) one of the row's is the row's wrapped lines, not a header (decision 018). */
    wrappedStartEm: length(1),
    /** A frame holds a table when at least this many text lines sit inside it. */
    minFrameLines: count(3, 1),
    /** Words left of a ruled grid, no further than this (× size) from it, may be its row labels (rules drawn only round the figures). */
    outsideLabelGapEm: length(6),
    /** ...when they label at least this share of the grid's rows that hold text. */
    outsideLabelRowShare: share(0.5),
    /** The one line under a ruled grid, no further than this (× size) below it, may be its totals row boxed apart... */
    rowBelowGapEm: length(3),
    /** ...when its values (a leading label not counted) fill at least this share of the grid's columns, each inside one column. */
    rowBelowFilledShare: share(0.5),
  },
} as const satisfies Record<string, Record<string, SettingRule>>;
