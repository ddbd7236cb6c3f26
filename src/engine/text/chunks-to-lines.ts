import type { LineSettings } from '../settings.ts';
import { sortLeftToRight } from '../geometry.ts';
import { isDate } from '../stream/text-kinds.ts';
import type { TextChunk } from '../types.ts';
import { CURRENCY_SIGN, FIGURE, opensAmount, signsOverAmounts, signsTrailAmounts } from './currency-signs.ts';

export { CURRENCY_SIGN, opensAmount };

/**
 * The engine's one line builder: every finder and the classifier read text lines here, with the
 * tolerances of `settings.lines` (docs/decisions/015-engine-settings.md).
 */

/** Words of one line that sit close together: the unit that columns are built from. */
export interface Phrase {
  words: TextChunk[];
  x0: number;
  x1: number;
}

/** One text line: words sharing a baseline, left to right. */
export interface TextLine {
  words: TextChunk[];
  phrases: Phrase[];
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Vertical centre of the line's main-size words. */
  yc: number;
  /** Dominant font size of the line. */
  size: number;
}

/** Dot leaders that run a label out towards its numbers. */
export const LEADER = /^[.·…]+$/;

/** An amount with a thousands separator (`14.574.360`, `2,453,660`): never a group of a longer number. */
const AMOUNT = /^\(?-?\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?\)?$/;
/** A zero printed as `0` or a dash. */
const ZERO_AMOUNT = /^(?:0|[-–—])$/;
const DASH_ZERO = /^[-–—]$/;

// A word of running text, and a word opening in a letter or a lower-case letter (justified lines);
// a word of text may open a bracket or a quotation (`(phase` under a justified `Honoraires de
// conseil`, general 6016-12).
// Letter and mark classes (`\p{…}`) at module level: the build lowers such literals to `new RegExp`
// where they stand, a regular expression made per call (issue 14).
const ONE_WORD = /^\p{L}[\p{L}'’-]*[,.;:]?$/u;
const LETTER_FIRST = /^[([¿¡«"“']?\p{L}/u;
const LOWER_FIRST = /^\p{Ll}/u;

const center = (c: TextChunk): number => (c.y0 + c.y1) / 2;

/** The size most of the line's text is set in (by character count), so a superscript never sets it. */
function dominantSize(words: TextChunk[]): number {
  // A line sets its words in one or two sizes: two short arrays, not a Map per line (issue 14:
  // the line builder runs for every cell, block and page). Ties go to the larger size, so the
  // order the sizes are met in does not matter.
  const sizes: number[] = [];
  const weights: number[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const key = Math.round(w.size * 4) / 4;
    // SameValueZero, as a Map key compares (a NaN size is one key).
    let k = sizes.length - 1;
    while (k >= 0 && !(sizes[k] === key || (sizes[k] !== sizes[k] && key !== key))) k--;
    if (k < 0) {
      sizes.push(key);
      weights.push(w.text.length);
    } else weights[k]! += w.text.length;
  }
  let best = 0;
  let bestWeight = -1;
  for (let k = 0; k < sizes.length; k++) {
    const size = sizes[k]!;
    const wt = weights[k]!;
    if (wt > bestWeight || (wt === bestWeight && size > best)) {
      best = size;
      bestWeight = wt;
    }
  }
  return best;
}

function makeLine(words: TextChunk[], settings: LineSettings, signsTrail = false, wrapped?: ReadonlySet<TextChunk>): TextLine {
  sortLeftToRight(words);
  const size = dominantSize(words);
  const main = words.filter((w) => w.size >= size * settings.superscriptSizeShare);
  const ref = main.length > 0 ? main : words;
  let y0 = Infinity;
  let y1 = -Infinity;
  let x0 = Infinity;
  let x1 = -Infinity;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    y0 = Math.min(y0, w.y0);
    y1 = Math.max(y1, w.y1);
    x0 = Math.min(x0, w.x0);
    x1 = Math.max(x1, w.x1);
  }
  const yc = ref.reduce((sum, w) => sum + center(w), 0) / ref.length;
  return { words, phrases: wordsToPhrases(words, size, settings, signsTrail, wrapped), x0, x1, y0, y1, yc, size };
}

/** A currency sign a phrase gap after an amount, with no amount nearer after it than before it (× ratio). */
function isSuffixSign(amount: TextChunk, sign: TextChunk, next: TextChunk | undefined, size: number, settings: LineSettings): boolean {
  const before = sign.x0 - amount.x1;
  if (!CURRENCY_SIGN.test(sign.text) || before > settings.phraseGapEm * size) return false;
  return !next || !/\d/.test(next.text) || next.x0 - sign.x1 > settings.suffixSignRatio * Math.max(before, 0.2 * size);
}

/**
 * The line writes its currency signs after their amounts: a sign closes the line's last amount, or
 * a sign follows an amount with no figure after it, and no sign opens an amount without one before
 * it. Then a sign set as close to the next amount as to its own (bold totals set tight,
 * `19.612,16 € 79.387,11 € 73.709,63 €`) is still its own amount's.
 */
function signsFollowAmounts(words: readonly TextChunk[], size: number, settings: LineSettings): boolean {
  let after = false;
  for (let i = 0; i < words.length; i++) {
    if (!CURRENCY_SIGN.test(words[i]!.text)) continue;
    const prev = words[i - 1];
    const next = words[i + 1];
    const closes = prev !== undefined && FIGURE.test(prev.text) && words[i]!.x0 - prev.x1 <= settings.phraseGapEm * size;
    const opens = next !== undefined && opensAmount(next.text);
    if (opens && !closes) return false;
    if (closes && !opens) after = true;
  }
  return after;
}

/**
 * Splits a line's words (sorted by x) where the gap is wide enough to be a column gap. `signsTrail`:
 * the text around writes its currency signs after their amounts (`signsTrailAmounts`). `wrapped`:
 * signs alone over their own amounts (`signsOverAmounts`).
 */
export function wordsToPhrases(words: TextChunk[], size: number, settings: LineSettings, signsTrail = false, wrapped?: ReadonlySet<TextChunk>): Phrase[] {
  const phrases: Phrase[] = [];
  let current: Phrase | undefined;
  let suffix: TextChunk | undefined;
  let signsAfter: boolean | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const last = current?.words[current.words.length - 1];
    // `45,40 €` (the sign after its amount) keeps its sign: the next amount, if any, sits further off
    // — or the line writes every sign after its amount.
    if (
      last !== undefined &&
      CURRENCY_SIGN.test(w.text) &&
      FIGURE.test(last.text) &&
      (isSuffixSign(last, w, words[i + 1], size, settings) || (w.x0 - last.x1 <= settings.phraseGapEm * size && (signsAfter ??= signsFollowAmounts(words, size, settings))))
    ) {
      current!.words.push(w);
      current!.x1 = Math.max(current!.x1, w.x1);
      suffix = w;
      continue;
    }
    // A bare currency sign belongs to the amount after it, however far right the amount sits.
    // Not words: a sign alone at the end of a wrapped cell's line (`$` over its amount, Writer)
    // leaves the next column's words where they are. Nor where the text writes its signs after
    // their amounts: a sign alone there was wrapped under its own amount (`77.201,84` over `€`),
    // and the figure to its right is the next column's.
    // Nor a sign over the amount it opens, wrapped under it (`$` over `20.030,27`): the figure to
    // its right is the next column's (`149.34` over `2`, general 6015-17).
    const sign =
      !signsTrail &&
      last !== undefined &&
      last !== suffix &&
      CURRENCY_SIGN.test(last.text) &&
      !wrapped?.has(last) &&
      w.x0 - last.x1 <= settings.signGapEm * size &&
      opensAmount(w.text);
    // Two amounts a word space apart are two cells set tight: a cell never holds two amounts.
    // So are an amount (or a zero) and the currency sign that opens the next one (`0 $ 16.437.334`).
    // An amount closed by its sign is a whole cell: a figure after it starts the next (`6,20 € 46,85 €`).
    // So is a date: an amount or its sign after it opens the next cell (`16/10/2025 $ 26,100,000`).
    // A dash a space after an amount is the next cell's zero (`142.100.000 -`); a minus sign
    // written after its amount is set tight, one word with it (`1.234-`).
    const amounts =
      (last !== undefined && last === suffix && FIGURE.test(w.text)) ||
      (last !== undefined && isDate(last.text) && (AMOUNT.test(w.text) || CURRENCY_SIGN.test(w.text))) ||
      (last !== undefined && ((AMOUNT.test(last.text) && (AMOUNT.test(w.text) || CURRENCY_SIGN.test(w.text) || DASH_ZERO.test(w.text))) || (ZERO_AMOUNT.test(last.text) && CURRENCY_SIGN.test(w.text))));
    if (current && !amounts && (sign || w.x0 - current.x1 <= settings.phraseGapEm * size)) {
      current.words.push(w);
      current.x1 = Math.max(current.x1, w.x1);
    } else {
      current = { words: [w], x0: w.x0, x1: w.x1 };
      phrases.push(current);
    }
  }
  return phrases;
}

// A word of running text: letters, perhaps a hyphen or apostrophe, perhaps closing punctuation.
const isOneWord = (p: Phrase): boolean => p.words.length === 1 && ONE_WORD.test(p.words[0]!.text);

/**
 * A justified line inside a wrapped cell (troff's filled text blocks, a word processor's
 * justified cell) stretches every word space alike, past the phrase gap. Words of running text
 * standing alone, parted by gaps of one width, at least one of them opening in lower case (a
 * sentence goes on; a header's column names do not), are one cell's words — when the cell goes on
 * below: a justified line is never a cell's last, so a word of text starts under the run's first,
 * one line down. (Column names set exactly a column separation apart, `coef exp(coef) se(coef)`
 * over figures, are not.)
 */
function joinJustifiedLines(lines: TextLine[], settings: LineSettings): TextLine[] {
  // Bottom up: the line below is read with its own run joined (a justified cell's lines are
  // justified but its last), so it shows one phrase under the run.
  const out = lines.slice();
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    const next = out[i + 1];
    // Under the run, the cell's next line alone: not a row of cells (`Transmission 0 1 0 1` under `Cylinders four six eight`).
    const goesOn = (x0: number, x1: number): boolean =>
      next !== undefined &&
      next.yc - line.yc <= settings.justifiedNextLineEm * line.size &&
      next.words.some((w) => Math.abs(w.x0 - x0) <= settings.justifiedGapSpreadEm * line.size && LETTER_FIRST.test(w.text)) &&
      next.phrases.filter((p) => p.x0 < x1 && p.x1 > x0).length === 1;
    const phrases = joinJustifiedRuns(line.phrases, line.size, settings, goesOn);
    if (phrases.length !== line.phrases.length) out[i] = { ...line, phrases };
  }
  return out;
}

function joinJustifiedRuns(phrases: Phrase[], size: number, settings: LineSettings, goesOn: (x0: number, x1: number) => boolean): Phrase[] {
  // Most lines hold no such run: they are given back as they are, with nothing allocated (issue 14).
  if (phrases.length <= settings.justifiedRunGaps) return phrases;
  let out: Phrase[] | undefined;
  let i = 0;
  while (i < phrases.length) {
    let j = i;
    const first = phrases[i]!;
    if (i + 1 < phrases.length && isOneWord(first)) {
      const gap = phrases[i + 1]!.x0 - first.x1;
      while (gap <= settings.justifiedMaxGapEm * size && j + 1 < phrases.length && isOneWord(phrases[j + 1]!) && Math.abs(phrases[j + 1]!.x0 - phrases[j]!.x1 - gap) <= settings.justifiedGapSpreadEm * size) j++;
    }
    if (j - i >= settings.justifiedRunGaps && goesOn(first.x0, phrases[j]!.x1) && phrases.slice(i + 1, j + 1).some((p) => LOWER_FIRST.test(p.words[0]!.text))) {
      out ??= phrases.slice(0, i);
      out.push({ words: phrases.slice(i, j + 1).flatMap((p) => p.words), x0: first.x0, x1: phrases[j]!.x1 });
    } else if (out) {
      for (let k = i; k <= j; k++) out.push(phrases[k]!);
    }
    i = j + 1;
  }
  return out ?? phrases;
}

/**
 * Groups upright words into text lines by their vertical centres (tolerant of a little jitter),
 * then folds lines made only of small text (superscripts, footnote marks) into the line they
 * overlap. Lines come out top to bottom, each line's words left to right.
 */
export function chunksToLines(chunks: readonly TextChunk[], settings: LineSettings): TextLine[] {
  // The centres written out in the comparator: the same sums, without two calls per comparison.
  const words = chunks.filter((c) => c.upright && c.text.trim() !== '').sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
  const groups: TextChunk[][] = [];
  let group: TextChunk[] = [];
  let groupCenter = 0;
  let groupSize = 0;
  // Indexed loops in the line builder: it runs for every cell, block and page, mostly before V8
  // optimises it, where `for…of` makes an iterator result per word (issue 14).
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const tol = settings.sameLineEm * Math.max(Math.min(w.size, groupSize || w.size), 1);
    if (group.length > 0 && Math.abs(center(w) - groupCenter) <= tol) {
      group.push(w);
      // Running mean keeps a long line from drifting on one raised glyph.
      groupCenter += (center(w) - groupCenter) / group.length;
      groupSize = Math.max(groupSize, w.size);
    } else {
      group = [w];
      groupCenter = center(w);
      groupSize = w.size;
      groups.push(group);
    }
  }
  const signsTrail = signsTrailAmounts(groups, settings);
  const wrapped = signsTrail ? undefined : signsOverAmounts(groups);
  const lines = groups.map((g) => makeLine(g, settings, signsTrail, wrapped));
  return joinJustifiedLines(foldSmallLines(lines, settings, signsTrail, wrapped), settings);
}

/** A line of only small text overlapping a bigger neighbour's box belongs to that neighbour. */
function foldSmallLines(lines: TextLine[], settings: LineSettings, signsTrail: boolean, wrapped?: ReadonlySet<TextChunk>): TextLine[] {
  const out: TextLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const prev = out[out.length - 1];
    const next = lines[i + 1];
    const hosts = (h: TextLine | undefined): h is TextLine =>
      h !== undefined &&
      line.size < h.size * settings.superscriptSizeShare &&
      line.y1 > h.y0 &&
      line.y0 < h.y1 &&
      line.x0 < h.x1 + h.size &&
      line.x1 > h.x0 - h.size;
    // The previous line first, then the next (no array per line to find it in, issue 14).
    const host = hosts(prev) ? prev : hosts(next) ? next : undefined;
    if (host === undefined) {
      out.push(line);
      continue;
    }
    const merged = makeLine([...host.words, ...line.words], settings, signsTrail, wrapped);
    if (host === prev) out[out.length - 1] = merged;
    else lines[i + 1] = merged;
  }
  return out;
}
