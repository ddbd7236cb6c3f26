import type { Box, PageContent, Segment } from '../types.ts';
import { outsideBoxes } from '../geometry.ts';
import { segmentsToSnapped, snappedToMerged } from '../lattice/edges.ts';
import { chunksToLines, CURRENCY_SIGN, type Phrase, type TextLine } from '../text/chunks-to-lines.ts';
import type { EngineSettings, HybridSettings, LatticeSettings } from '../settings.ts';
import { VALUE } from './partial-rules.ts';

/**
 * Tables drawn with horizontal rules only (between rows, round the header, a frame without column
 * rules) are read by text alignment, but their rules still say where each table ends. A run of
 * horizontal rules of one extent is a ruled frame; a table inside it ends at its last rule. Tables
 * that share one column grid (a spreadsheet's sheet) are told apart this way when nothing else
 * (a gap, a bigger title, a change of columns) separates them.
 * See docs/decisions/012-partially-ruled-tables.md.
 */

/** A dash printed for zero. */
const ZERO_DASH = /^[-–—]$/;

interface Frame extends Box {
  rules: number;
}

function sameExtent(a: Box, b: Segment, s: HybridSettings): boolean {
  return Math.abs(a.x0 - b.x0) <= s.sameExtentPt && Math.abs(a.x1 - b.x1) <= s.sameExtentPt;
}

/** The wide horizontal rules of a page, top to bottom, outside the boxes already taken. */
export function pageToRules(page: PageContent, taken: readonly Box[], s: LatticeSettings, h: HybridSettings): Segment[] {
  const minWidth = h.frameRuleWidthShare * page.width;
  const m = h.sameExtentPt;
  const horizontal = page.segments.filter((e) => e.orientation === 'h');
  return snappedToMerged(segmentsToSnapped(horizontal, s), s)
    .filter((e) => e.x1 - e.x0 >= minWidth)
    .filter((e) => !taken.some((b) => e.y0 >= b.y0 - m && e.y0 <= b.y1 + m && e.x0 >= b.x0 - m && e.x1 <= b.x1 + m))
    .sort((a, b) => a.y0 - b.y0);
}

/** Runs of rules of one extent (sum lines narrower than the run left aside): ruled frames. */
export function rulesToFrames(rules: readonly Segment[], s: HybridSettings): Frame[] {
  const frames: Frame[] = [];
  let open: Frame | undefined;
  for (const r of rules) {
    if (open && sameExtent(open, r, s)) {
      open.y1 = r.y0;
      open.rules++;
      continue;
    }
    const inner = open && r.x0 >= open.x0 - s.sameExtentPt && r.x1 <= open.x1 + s.sameExtentPt && r.x1 - r.x0 < s.innerRuleShare * (open.x1 - open.x0);
    if (inner) continue;
    open = { x0: r.x0, x1: r.x1, y0: r.y0, y1: r.y0, rules: 1 };
    frames.push(open);
  }
  return frames.filter((f) => f.rules >= 2);
}

/** The lines whose middles lie inside the box (in x) and strictly between its edges (in y). */
function linesIn(lines: readonly TextLine[], box: Box): TextLine[] {
  return lines.filter((l) => l.yc > box.y0 && l.yc < box.y1 && (l.x0 + l.x1) / 2 >= box.x0 && (l.x0 + l.x1) / 2 <= box.x1);
}

/**
 * The lines are set as one table: one size, and no gap wider than a few usual pitches. Rules of
 * one extent drawn across a whole page (under each header, over each total, of several tables)
 * enclose titles and blank space too, and say nothing about where one table ends.
 */
function isOneTable(lines: readonly TextLine[], s: HybridSettings): boolean {
  const sizes = lines.map((l) => l.size);
  if (Math.max(...sizes) > s.sameSizeRatio * Math.min(...sizes)) return false;
  const pitches = lines.slice(1).map((l, i) => l.yc - lines[i]!.yc).sort((a, b) => a - b);
  const usual = pitches[Math.floor(pitches.length / 2)] ?? 0;
  return pitches.every((p) => p <= s.framePitchRatio * usual);
}

/** A value, or a dash printed for zero. */
const isValue = (t: string): boolean => VALUE.test(t) || ZERO_DASH.test(t);

/** A phrase that prints a value: it opens with one (`3,50% $1.715.658`, `$ 1.000`), not a label with a number (`Año 1`). */
function isValuePhrase(p: Phrase): boolean {
  const [first, second] = p.words;
  return isValue(first!.text) || (CURRENCY_SIGN.test(first!.text) && (!second || isValue(second.text)));
}

const hasValue = (l: TextLine): boolean => l.phrases.some(isValuePhrase);
const overlapsX = (l: TextLine, r: Box): boolean => l.x0 < r.x1 && l.x1 > r.x0;

/** Words in two or more columns and no value among them: a table's header row. */
function isHeaderLine(line: TextLine): boolean {
  return line.phrases.length >= 2 && !line.phrases.some(isValuePhrase);
}

/**
 * The frame's last rule closes its table: no header row sits on it (a rule under a header opens
 * the rows below), and the line just under it prints no value (a rule over a TOTAL row leaves
 * that row to the table).
 */
function closes(f: Box, inside: readonly TextLine[], lines: readonly TextLine[], s: HybridSettings): boolean {
  const last = inside[inside.length - 1]!;
  if (isHeaderLine(last)) return false;
  const reach = f.y1 + (f.y1 - last.yc) + last.size * s.totalRowReachEm;
  const next = linesIn(lines, { x0: f.x0, x1: f.x1, y0: f.y1, y1: reach })[0];
  return !next || !hasValue(next);
}

/**
 * A line of words under a rule, over values, that is a row of the table above, not the header of
 * a new one (issue 10, decision 018): it names no column of the values below (a header names every
 * one but the stub, row numbers going unnamed), and either a rule parts it from the row of values
 * above it (a row whose figure is empty, in a table ruled between every row) or each of its
 * phrases starts under one of that row's words (the row's wrapped lines). A header with its column
 * names on lines of their own above it (an ftable's) is neither.
 */
function isRowOfTable(top: TextLine, stack: readonly TextLine[], below: TextLine, lines: readonly TextLine[], rules: readonly Segment[], s: HybridSettings): boolean {
  const named = (v: Phrase): boolean => stack.some((l) => l.phrases.some((p) => p.x0 < v.x1 && p.x1 > v.x0));
  if (below.phrases.slice(1).filter(isValuePhrase).every(named)) return false;
  const overlaps = (l: TextLine): boolean => l.x0 < top.x1 && l.x1 > top.x0;
  // Across the row, give or take an em: groff draws its rules from the column's edge, a hair right
  // of the glyphs' own (general 6021-09: 56.725 against 56.692).
  const across = (r: Segment): boolean => r.x0 <= top.x0 + top.size && r.x1 >= top.x1 - top.size;
  const ruleAbove = rules.filter((r) => r.y0 < top.yc && across(r)).pop();
  const above = lines.filter((l) => l.yc < top.yc && overlaps(l)).pop();
  if (!ruleAbove || !above) return false;
  if (ruleAbove.y0 > above.yc) {
    // The row above, between its own rules: its values sit on its first line when its label wraps
    // (groff 6024-21: `North region Comparisons with` … `by` over the rule).
    const ruleOver = rules.filter((r) => r.y0 < ruleAbove.y0 - above.size / 2 && across(r)).pop();
    return lines.some((l) => l.yc < ruleAbove.y0 && l.yc > (ruleOver?.y0 ?? above.yc - above.size) && overlaps(l) && hasValue(l));
  }
  // The lines of the row above, from its rule down: the row's other wrapped lines among them.
  const row = lines.filter((l) => l.yc > ruleAbove.y0 && l.yc < top.yc && overlaps(l));
  const tol = s.wrappedStartEm * top.size;
  // Under a word, not only a phrase: a cell set tight after the one before it shares its phrase
  // (`$ 25.620.000 A` over `adquirir`).
  return row.some(hasValue) && top.phrases.every((p) => row.some((l) => l.words.some((q) => Math.abs(q.x0 - p.x0) <= tol)));
}

/**
 * The top line of the header a rule is drawn under, when the rows below it print values: the
 * header row on the rule and the header lines stacked over it (a spanning `VALOR` over `UNITARIO
 * | TOTAL`, set in from the left edge), up to a title at the left edge or a line with values.
 */
function headerOver(rule: Segment, rules: readonly Segment[], lines: readonly TextLine[], s: HybridSettings): TextLine | undefined {
  let i = -1;
  for (let k = 0; k < lines.length && lines[k]!.yc < rule.y0; k++) if (overlapsX(lines[k]!, rule)) i = k;
  const header = lines[i];
  if (!header || rule.y0 - header.y1 > header.size || !isHeaderLine(header)) return undefined;
  // Drawn under the whole row: a form's underlines under each value are not a header rule.
  if (rule.x0 > header.x0 + header.size || rule.x1 < header.x1 - header.size) return undefined;
  const below = lines.find((l) => l.yc > rule.y0 && overlapsX(l, rule));
  if (!below || below.y0 - rule.y0 > 2 * below.size || !hasValue(below)) return undefined;
  let top = header;
  const stack = [header];
  for (let k = i - 1; k >= 0; k--) {
    const up = lines[k]!;
    // Beside the rule, only a row of the header's own cells, stacked on it (Writer sets `Labor
    // Descripción … Cantidad` between `VALOR` and `Unitario | Total`, the rule under those two).
    const besideRow = up.phrases.length >= 2 && top.yc - up.yc <= s.headerPitchEm * Math.max(up.size, top.size) && !hasValue(up);
    if (!overlapsX(up, rule) && !besideRow) continue;
    const stacked = top.yc - up.yc <= s.headerPitchEm * Math.max(up.size, top.size) && !hasValue(up);
    // A lone line at the left edge is a title over the header, unless it sits within a line of the
    // header's own lines: a stub heading centred between them (`Descripción` between `Peso (kg)
    // Personas` and `corrente corrente`).
    const interleaved = top.yc - up.yc < up.size;
    if (!stacked || (up.phrases.length < 2 && up.x0 <= header.x0 + up.size && !interleaved)) break;
    top = up;
    stack.push(up);
  }
  if (isRowOfTable(top, stack, below, lines, rules, s)) return undefined;
  return top;
}

/**
 * Where the tables ruled only across end, as boxes of no height the stream finder must not read
 * across. A ruled frame holding one table closes at its last rule unless a header row sits on it
 * or a TOTAL row follows it, and opens at its first rule when a header row opens it. A rule drawn
 * under a header row, over rows of values, opens a table at the top of that header: text above
 * it is another table's, or a title.
 */
export function pageToFences(page: PageContent, taken: readonly Box[], settings: EngineSettings): Box[] {
  const s = settings.hybrid;
  const rules = pageToRules(page, taken, settings.lattice, s);
  // No rule, or so many that the page is a drawing (the lattice finder's budget).
  if (rules.length === 0 || rules.length > settings.lattice.maxEdges) return [];
  const lines = chunksToLines(
    outsideBoxes(page.chunks, taken, (c, b) => c.x0 >= b.x0 && c.x1 <= b.x1 && c.y0 >= b.y0 && c.y1 <= b.y1),
    settings.lines,
  );
  const fences: Box[] = [];
  const fence = (r: Box, y: number) => fences.push({ x0: r.x0, x1: r.x1, y0: y, y1: y });
  for (const f of rulesToFrames(rules, s)) {
    const inside = linesIn(lines, f);
    if (inside.length < s.minFrameLines || !isOneTable(inside, s)) continue;
    if (closes(f, inside, lines, s)) fence(f, f.y1);
    if (isHeaderLine(inside[0]!)) fence(f, f.y0);
  }
  for (const r of rules) {
    const top = headerOver(r, rules, lines, s);
    if (top) fence(r, top.y0 - s.headerFenceGapPt);
  }
  return fences;
}
