import type { LineSettings } from '../settings.ts';
import { leftToRight } from '../geometry.ts';
import type { TextChunk } from '../types.ts';
import { chunksToLines, type TextLine } from './chunks-to-lines.ts';

/**
 * A gap of at least this fraction of the font size between two words means a space. It spells
 * text and never decides structure, so it is not one of the engine's settings (decision 015).
 */
export const SPACE_GAP_RATIO = 0.15;

// Han, Hiragana, Katakana, Hangul and CJK punctuation: these scripts write no spaces.
const CJK = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

export function isCjk(ch: string): boolean {
  return CJK.test(ch);
}

/** Joins words already on one line, left to right, with a space only where the gap asks for it. */
export function joinLineWords(words: readonly TextChunk[]): string {
  const sorted = leftToRight(words);
  let out = '';
  // The last character of `out`, kept as it grows: slicing the string being built flattened it on
  // every word, quadratic in a line's length (issue 14).
  let last = '';
  let prev: TextChunk | undefined;
  for (let i = 0; i < sorted.length; i++) {
    const w = sorted[i]!;
    if (prev) {
      const gap = w.x0 - prev.x1;
      const size = Math.max(1, Math.min(prev.size, w.size));
      const cjkPair = isCjk(last) && isCjk(w.text.charAt(0));
      // A space the PDF writes counts even where the producer set the words tight.
      const written = w.spaceBefore === true && gap >= 0;
      if (!cjkPair && (written || gap >= SPACE_GAP_RATIO * size)) {
        out += ' ';
        last = ' ';
      }
    }
    out += w.text;
    if (w.text.length > 0) last = w.text.slice(-1);
    prev = w;
  }
  return out;
}

/** Text of a block of upright words in reading order: lines top to bottom joined by a space. */
export function joinWords(words: readonly TextChunk[], settings: LineSettings, lineSeparator = ' '): string {
  return joinLines(chunksToLines(words, settings), lineSeparator);
}

/**
 * The text of lines already built (chunksToLines), as joinWords spells it: a caller that also needs
 * the lines (a ruled cell counts them) builds them once (issue 14).
 */
export function joinLines(
  lines: readonly TextLine[],
  lineSeparator = ' ',
  continuesWord?: (upper: TextLine, lower: TextLine) => boolean,
  justified?: (line: TextLine) => boolean,
): string {
  let out = '';
  let prev: TextLine | undefined;
  for (const line of lines) {
    const text = joinLineWords(line.words);
    if (!out) {
      out = text;
      prev = line;
      continue;
    }
    // CJK lines continue without a separator, and so does a word the caller knows was broken over
    // the lines.
    const above = prev;
    const tight = () => (isCjk(out.slice(-1)) && isCjk(text.charAt(0))) || (above !== undefined && continuesWord?.(above, line) === true);
    out = appendLine(out, text, () => above !== undefined && justified?.(above) === true, tight, lineSeparator);
    prev = line;
  }
  return out;
}

/**
 * A cell's text with its next line appended: with no space where a code or date goes on after its
 * break (`goesOnAfterBreak`), without the hyphen where the line above is justified and its hyphen
 * the layout's (`hyphenatedByLayout`), else after `separator` unless `tight` says the word goes on.
 * The one rule for ruled cells (joinLines) and open ones (stream/cell-text.ts).
 */
export function appendLine(out: string, text: string, justifiedAbove: () => boolean, tight: () => boolean, separator = ' '): string {
  if (goesOnAfterBreak(out, text)) return out + text;
  if (hyphenatedByLayout(out, text) && justifiedAbove()) return out.slice(0, -1) + text;
  return out + (tight() ? '' : separator) + text;
}

/**
 * Whether a line ending in a hyphen right after a letter or figure, over a line starting with a
 * figure, goes on with no space, the hyphen kept: a code or a grade broken after its hyphen (`B-` /
 * `7071`, a fertiliser's `15-` / `15-15`), where word processors and browsers allow a break, in a
 * ruled cell or an open one alike. A word going on in letters is left as it was (`Ring- dingding`, a
 * space): a compound broken at its own hyphen (`post-` / `cosecha`) and a word a layout engine
 * hyphenated (groff: `con-` / `ceptos`) look the same and want different joins (decision 013,
 * 2026-12-02 second session). A dash set apart (`Resiembra -`) keeps its space. So does a date
 * broken after its month's slash (`28/07/` over `2021`).
 */
export function goesOnAfterBreak(upper: string, lower: string): boolean {
  return (ATTACHED_HYPHEN.test(upper) || DATE_SLASH.test(upper)) && FIGURE_FIRST.test(lower);
}

const ATTACHED_HYPHEN = /[\p{L}\d]-$/u;
const DATE_SLASH = /(?:^|\s)\d{1,4}\/\d{1,2}\/$/;
const FIGURE_FIRST = /^\d/;

/**
 * Whether a line ending in a word broken by a hyphen goes on in lower case below (`Reparaciones  y
 * manten-` over `imiento`): when the upper line is justified the hyphen is the layout's and the word
 * is joined without it (layout engines that justify cells, troff and TeX, hyphenate by themselves).
 * Office suites and browsers neither justify cells by default nor hyphenate; a line they did not
 * stretch keeps its hyphen as written (decision 013, "Words hyphenated by the layout").
 */
export function hyphenatedByLayout(upper: string, lower: string): boolean {
  return LETTER_HYPHEN.test(upper) && LOWER_FIRST.test(lower);
}

const LETTER_HYPHEN = /\p{L}-$/u;
const LOWER_FIRST = /^\p{Ll}/u;
