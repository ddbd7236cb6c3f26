import type { TextChunk } from '../types.ts';
import { CURRENCY_SIGN, LEADER, opensAmount, type Phrase, type TextLine } from '../text/chunks-to-lines.ts';
import type { StreamSettings } from '../settings.ts';
import { isListMarker, isNumeric } from './text-kinds.ts';

/** A vertical band of whitespace that separates two columns. */
export interface River {
  x0: number;
  x1: number;
}

interface Span {
  x0: number;
  x1: number;
}

/** Piecewise-constant count of spans covering x: `counts[i]` holds on [xs[i], xs[i+1]). */
interface Coverage {
  xs: number[];
  counts: number[];
}

function coverageOf(spans: readonly Span[]): Coverage {
  // Starts and ends sorted apart and merged, an end before a start at the same x: the order the
  // sort of (x, ±1) pairs gave, without a pair per edge and a comparator call per step (issue 14).
  const n = spans.length;
  const starts = new Float64Array(n);
  const ends = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    starts[k] = spans[k]!.x0;
    ends[k] = spans[k]!.x1;
  }
  starts.sort();
  ends.sort();
  const xs: number[] = [];
  const counts: number[] = [];
  let count = 0;
  for (let i = 0, j = 0; i < n || j < n; ) {
    const end = j < n && (i >= n || ends[j]! <= starts[i]!);
    const x = end ? ends[j++]! : starts[i++]!;
    count += end ? -1 : 1;
    if (xs.length > 0 && xs[xs.length - 1] === x) counts[counts.length - 1] = count;
    else {
      xs.push(x);
      counts.push(count);
    }
  }
  return { xs, counts };
}

/** Maximal x-intervals inside [from, to] where the coverage is at most `limit`. */
function lowZones(cov: Coverage, from: number, to: number, limit: number): Span[] {
  const zones: Span[] = [];
  let open: number | undefined;
  // Before the first breakpoint the coverage is zero.
  let count = 0;
  let x = from;
  let i = 0;
  while (i < cov.xs.length && cov.xs[i]! <= from) count = cov.counts[i++]!;
  for (;;) {
    if (count <= limit && open === undefined) open = x;
    if (count > limit && open !== undefined) {
      zones.push({ x0: open, x1: x });
      open = undefined;
    }
    if (i >= cov.xs.length || cov.xs[i]! >= to) break;
    x = cov.xs[i]!;
    count = cov.counts[i++]!;
  }
  if (open !== undefined) zones.push({ x0: open, x1: to });
  return zones;
}

/**
 * A bridge is a phrase that covers a whitespace river the other lines leave open, with their text
 * on both sides of it inside the phrase: a spanning header, a long total label. Bridges must not
 * close the river, or one spanning cell would merge two columns for the whole table.
 */
function findBridges(phrases: readonly Phrase[], cov: Coverage, limit: number, minWidth: number, tol: number): Set<Phrase> {
  const bridges = new Set<Phrase>();
  for (const p of phrases) {
    // Inside p the coverage counts p itself once, so "others <= limit" means "count <= limit + 1".
    // The other side's text may start (or end) a hair outside the phrase: a header centred over two
    // columns (`VALOR` over `Unitario | Total`) reaching to within the alignment tolerance of the
    // second column's widest amount still spans the river between them.
    // Counted once more with no other line allowed over the river: the lines that may cross it (a
    // wider amount or two) would otherwise carry its edge past the phrase's reach.
    const spans = (z: Span) => z.x0 > p.x0 - tol && z.x1 < p.x1 + tol && Math.min(z.x1, p.x1) - Math.max(z.x0, p.x0) >= minWidth;
    if (lowZones(cov, p.x0 - tol, p.x1 + tol, limit + 1).some(spans) || lowZones(cov, p.x0 - tol, p.x1 + tol, 1).some(spans)) bridges.add(p);
  }
  return bridges;
}

/**
 * The lines that show the column structure best: those with about as many phrases as a typical
 * row. Header lines (a few words stacked over several columns) and section titles would chain
 * neighbouring columns together through their words; they are fitted to the columns afterwards.
 */
export function bodyLines(lines: readonly TextLine[], settings: StreamSettings): TextLine[] {
  const structure = lines.filter((l) => l.phrases.length >= 2);
  const cells = new Map(structure.map((l) => [l, spansOf(l)]));
  const counts = [...cells.values()].sort((a, b) => a - b);
  const typical = counts[Math.floor(counts.length / 2)] ?? 0;
  const body = structure.filter((l) => cells.get(l)! >= settings.bodyPhraseShare * typical);
  return body.length >= settings.minTableRows ? body : structure;
}

/**
 * The phrases of a line, those one above another counted once: a centred row folded into one
 * line (`Venta de mora de` and `Castilla` around its amounts) fills its label column once, so it
 * is no fuller a row than one whose label took a single line.
 */
function spansOf(line: TextLine): number {
  let n = 0;
  let end = -Infinity;
  for (const p of [...line.phrases].sort((a, b) => a.x0 - b.x0)) {
    if (p.x0 >= end) n++;
    end = Math.max(end, p.x1);
  }
  return n;
}

/**
 * Columns from whitespace rivers: x-bands that no phrase of a line with column structure crosses
 * (spanning bridges aside). Left-, right- and centre-aligned columns all leave such rivers between
 * them, so alignment never has to be guessed. Returns the rivers left to right.
 */
export function linesToRivers(lines: readonly TextLine[], settings: StreamSettings): River[] {
  const structure = bodyLines(lines, settings);
  if (structure.length === 0) return [];
  const phrases = structure.flatMap((l) => l.phrases);
  const sizes = structure.map((l) => l.size).sort((a, b) => a - b);
  const size = sizes[Math.floor(sizes.length / 2)]!;
  const minWidth = settings.minRiverEm * size;
  const limit = Math.floor(settings.bridgeShare * structure.length);
  const bridges = limit >= 0 ? findBridges(phrases, coverageOf(phrases), limit, minWidth, settings.alignTolEm * size) : new Set<Phrase>();
  const solid = phrases.filter((p) => !bridges.has(p));
  const from = Math.min(...solid.map((p) => p.x0));
  const to = Math.max(...solid.map((p) => p.x1));
  const interior = (z: Span): boolean => z.x0 > from && z.x1 < to && z.x1 - z.x0 >= minWidth;
  const rivers = lowZones(coverageOf(solid), from, to, 0).filter(interior);
  const words = solid.flatMap((p) => p.words);
  const narrowWidth = settings.narrowRiverEm * size;
  const narrow = lowZones(coverageOf(words), from, to, 0)
    .filter((z) => z.x0 > from && z.x1 < to && z.x1 - z.x0 >= narrowWidth)
    .filter((z) => !rivers.some((r) => r.x0 < z.x1 && r.x1 > z.x0) && isColumnGap(z, structure, lines, settings, rivers, z.x1 - z.x0 < minWidth));
  return [...rivers, ...narrow].sort((a, b) => a.x0 - b.x0);
}

/**
 * A band between words that no line fills separates columns only where alignment says so: the
 * words left of it end on one edge while starting at different places (right-aligned numbers),
 * or the words right of it start on one edge while the words left of it end raggedly (a
 * left-aligned column after another), or figures standing alone end on one edge while the words
 * after them start raggedly. A phrase repeated on every row ("Frente para la Victoria") shows
 * none of these, so its word spaces never become columns.
 */
function isColumnGap(zone: Span, lines: readonly TextLine[], all: readonly TextLine[], settings: StreamSettings, rivers: readonly Span[], narrow = false): boolean {
  let crossing = 0;
  let endAligned = 0;
  let startAligned = 0;
  // Edges of the words left of the band; they differ when they spread wider than the tolerance
  // (rounding each to a grid of the tolerance splits equal edges that straddle a grid line).
  const leftStarts: number[] = [];
  const leftEnds: number[] = [];
  let widestTol = 0;
  let figureThenWord = 0;
  let figurePairs = 0;
  let signSplits = 0;
  let spaced = 0;
  // Where the word after a figure that ends on the band starts, on each such line.
  const afterFigures: number[] = [];
  // The extent of the words either side of the band over the lines that cross it tight (a cell's
  // gap apart at most), and the top of those lines (a header above them may name both sides).
  const sides = { left: { x0: Infinity, x1: -Infinity }, right: { x0: Infinity, x1: -Infinity }, top: Infinity };
  for (const line of lines) {
    const tol = settings.alignTolEm * line.size;
    widestTol = Math.max(widestTol, tol);
    let before: TextChunk | undefined;
    let left: TextChunk | undefined;
    let right: TextChunk | undefined;
    for (const w of line.words) {
      if (w.x1 <= zone.x0 + tol) [before, left] = [left, w];
      else if (w.x0 >= zone.x1 - tol) {
        right = w;
        break;
      }
    }
    if (!left || !right || right.x0 - left.x1 > settings.crossingGapEm * line.size) continue;
    // A sign its phrase put after a figure (`45,40 €`) ends that figure: the two align as one.
    if (suffixedFigure(line, right)?.[1].x0 === left.x0) {
      signSplits++;
      continue;
    }
    // So does a percent sign set a space after its figure (`23,8 %`, French typography): a
    // right-aligned column of such cells ends its figures and starts its signs on one edge each.
    if (PERCENT_SIGN.test(right.text) && isFigure(left.text)) {
      signSplits++;
      continue;
    }
    const suffixed = suffixedFigure(line, left);
    if (suffixed) [before, left] = suffixed;
    crossing++;
    if (right.x0 - left.x1 < settings.figureCellGapEm * line.size) {
      // Each side's cell: its words closer together than across the band (`Cacao grano seco` |
      // `kg grano seco`, two text cells a little over a word space apart).
      const [from, to] = cellAround(line.words, left, right);
      sides.left = { x0: Math.min(sides.left.x0, from), x1: Math.max(sides.left.x1, left.x1) };
      sides.right = { x0: Math.min(sides.right.x0, right.x0), x1: Math.max(sides.right.x1, to) };
      sides.top = Math.min(sides.top, line.yc);
    }
    if (right.x0 - left.x1 > settings.wordSpaceEm * line.size || isNumeric(left.text)) spaced++;
    // "$" set left in a cell with the amount set right is one cell, not two columns.
    // Nor do dot leaders running a label out to its numbers make a column of dots.
    if (CURRENCY_SIGN.test(left.text)) signSplits++;
    if (CURRENCY_SIGN.test(left.text) || LEADER.test(left.text) || LEADER.test(right.text)) continue;
    if (zone.x0 - left.x1 <= tol) {
      endAligned++;
      leftStarts.push(left.x0);
      if (startsFigureCell(before, left, line.size, settings, rivers)) afterFigures.push(right.x0);
    }
    // Raggedness counts among the lines that start on the band's right edge: a short word
    // repeated before it on every row ("t ensilaje", "t forraje") ends on one edge too.
    if (right.x0 - zone.x1 <= tol) {
      startAligned++;
      leftEnds.push(left.x1);
      if (zone.x0 - left.x1 <= tol && startsFigureCell(before, left, line.size, settings, rivers) && !isNumeric(right.text)) figureThenWord++;
    }
    if (isFigure(left.text) && (isFigure(right.text) || CURRENCY_SIGN.test(right.text))) figurePairs++;
  }
  if (crossing < 2) return false;
  const differ = (xs: readonly number[]): boolean => xs.length >= 2 && Math.max(...xs) - Math.min(...xs) > widestTol;
  // Words set one word space apart on every line are words of one cell that align by chance
  // (`Cebú comercial` over `Gyr x Holstein`); a figure before the band may be a cell of its own.
  if (spaced === 0) return false;
  // Two lines are thin evidence: both must end on the band's left edge and start on its right.
  // A band under a river's width (`narrowRiverEm`) needs a table's lines: two lines' word spaces
  // coincide that closely by chance (`(phase 2) Le tableau` over `y otros conceptos`).
  // Nor may either gap be a word space: two word spaces line up by chance where words sit where
  // their glyphs are (`(phase 2) Le` over `otros conceptos`, general 1-01).
  if (crossing < settings.minTableRows) return !narrow && spaced === crossing && endAligned === crossing && startAligned === crossing && differ(leftStarts);
  const need = settings.alignedShare * crossing;
  // A band under a river's width is taken on the evidence it was admitted for only: figures
  // standing alone end on it and words start on it (a figure column set tight before a text
  // column); ragged edges either side that close are word spaces lining up.
  // Words starting on one edge after a cell repeated on every row (`Brangus | Novilla de vientre`,
  // `Brangus | Vaca parida`): neither side is ragged, so only the header can tell a column from a
  // phrase; it must name both, a word of its own over each side.
  if (startAligned >= need && headerNamesBoth(zone, all, sides, settings)) return true;
  if (narrow) return figureThenWord >= need;
  if ((endAligned >= need && differ(leftStarts)) || (startAligned >= need && differ(leftEnds))) return true;
  // Neither edge ragged (amounts of one width, the same unit on every row) but on most lines (a
  // header's words aside) a figure standing alone in its cell ends on the band and a word starts
  // on it: a figure column set a word space before a text column (`$ 130.310.500 Año 1`,
  // `77.000 kg`). A figure after a word is not a cell of its own (`Bulto 50 kg`).
  if (figureThenWord >= need) return true;
  // Figures of one width ending on the band (`30` … `36`) and words starting raggedly after them
  // (centred dates): one cell would start its second word a word space after an aligned first.
  if (afterFigures.length >= need && differ(afterFigures)) return true;
  // Columns of figures only, right-aligned, each of one width (a yearly summary, a constant
  // capital instalment): two amounts a word space apart on most lines. A cell never holds two
  // amounts, but a number printed in groups (`310 555 1234`) does, so a header must part them too:
  // its words stand either side of the band, none over it (`Año | Capital` over `2026 14.574.360`).
  // A band that parts a `$` from its amount on some line runs through a cell.
  return figurePairs >= need && signSplits === 0 && all.some((l) => isHeaderGap(zone, l, settings.alignTolEm * l.size));
}

/** Where the words either side of a gap run to, each run closer together than the gap (`words` left to right). */
function cellAround(words: readonly TextChunk[], left: TextChunk, right: TextChunk): [number, number] {
  const gap = right.x0 - left.x1;
  let i = words.indexOf(left);
  while (i > 0 && words[i]!.x0 - words[i - 1]!.x1 < gap) i--;
  let j = words.indexOf(right);
  while (j >= 0 && j + 1 < words.length && words[j + 1]!.x0 - words[j]!.x1 < gap) j++;
  return [words[i]?.x0 ?? left.x0, words[j]?.x1 ?? right.x1];
}

/** A percent or per-mille sign standing as a word of its own. */
const PERCENT_SIGN = /^[%‰]$/;

const isFigure = (text: string): boolean => isNumeric(text) && !isListMarker(text);

/** For a currency or percent sign the line builder kept after its figure: the word before the figure, and the figure stretched over the sign. */
function suffixedFigure(line: TextLine, sign: TextChunk): [TextChunk | undefined, TextChunk] | undefined {
  // A percent sign set a space after its figure (`26,4 %`, French typography) ends it as well.
  const percent = PERCENT_SIGN.test(sign.text);
  if (!CURRENCY_SIGN.test(sign.text) && !percent) return undefined;
  const phrase = line.phrases.find((p) => p.words.includes(sign));
  const at = phrase?.words.indexOf(sign) ?? -1;
  const figure = at > 0 ? phrase!.words[at - 1]! : undefined;
  if (!figure || !isFigure(figure.text)) return undefined;
  // Where cell padding is under the phrase gap (Writer) the next cell's words share the sign's
  // phrase (`44.091,46 € Ricambi`, `66.563,51 € 62,8%`); the sign is still the figure's when the
  // word after it is no amount it could open (a word, a share, a date).
  const next = phrase!.words[at + 1];
  if (!percent && next && ((/\d/.test(next.text) && opensAmount(next.text)) || CURRENCY_SIGN.test(next.text))) return undefined;
  const i = line.words.indexOf(figure);
  return [line.words[i - 1], { ...figure, x1: sign.x1 }];
}

/** A line of words only (a header) with words ending before the band and starting after it, none over it. */
function isHeaderGap(zone: Span, line: TextLine, tol: number): boolean {
  if (line.words.length < 2 || line.words.some((w) => /\d/.test(w.text) && isNumeric(w.text))) return false;
  const over = line.words.some((w) => w.x1 > zone.x0 + tol && w.x0 < zone.x1 - tol);
  return !over && line.words.some((w) => w.x1 <= zone.x0 + tol) && line.words.some((w) => w.x0 >= zone.x1 - tol);
}

/**
 * A header line (words only) with a word over each side of the band and none across it: over the
 * words that end on its left (`Raza` over `Brangus`) and over those that start on its right
 * (`Categoría` over `Novilla`, `Vaca`). Two headings where one cell repeated on every row would sit
 * under one; a heading over the column before (`Rendimiento/ha` left of `t ensilaje`) names neither.
 */
function headerNamesBoth(zone: Span, lines: readonly TextLine[], sides: { left: Span; right: Span; top: number }, settings: StreamSettings): boolean {
  const over = (w: TextChunk, s: Span) => w.x0 < s.x1 && w.x1 > s.x0;
  return lines.some((l) => {
    const tol = settings.alignTolEm * l.size;
    if (l.yc >= sides.top || !isHeaderGap(zone, l, tol)) return false;
    const before = l.words.filter((w) => w.x1 <= zone.x0 + tol && over(w, sides.left)).at(-1);
    const after = l.words.find((w) => w.x0 >= zone.x1 - tol && over(w, sides.right));
    // Two headings, a cell's gap apart: the rows' own words, a word space apart, are no header.
    return !!before && !!after && after.x0 - before.x1 >= settings.figureCellGapEm * l.size;
  });
}

/**
 * The figure starts its cell: nothing before it on the line, a currency sign, or a column's gap —
 * a wide one, or a river the phrases already leave between the two (three columns set tight:
 * `9 | 40.950.000 | A adquirir`, a count, an amount and a word each a little over a space apart).
 */
function startsFigureCell(before: TextChunk | undefined, figure: TextChunk, size: number, settings: StreamSettings, rivers: readonly Span[]): boolean {
  // An enumerator (`1. SIEMBRA`, a numbered section row) belongs to the words after it.
  if (!isNumeric(figure.text) || isListMarker(figure.text)) return false;
  if (!before || CURRENCY_SIGN.test(before.text)) return true;
  if (figure.x0 - before.x1 >= settings.figureCellGapEm * size) return true;
  return rivers.some((r) => r.x0 >= before.x1 - 0.01 && r.x1 <= figure.x0 + 0.01);
}

/** Column index of an x position given the rivers (each river's middle is the boundary). */
export function columnAt(x: number, rivers: readonly River[]): number {
  let lo = 0;
  let hi = rivers.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const r = rivers[mid]!;
    if ((r.x0 + r.x1) / 2 < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
