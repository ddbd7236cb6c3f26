import type { LineSettings } from '../settings.ts';
import { sortLeftToRight } from '../geometry.ts';
import type { TextChunk } from '../types.ts';

// Currency signs and the amounts they belong to, read over a block's lines (chunks-to-lines.ts
// reads each line's own): whether the text writes its signs after their amounts, and which signs
// sit alone over the amount they open.

/** A currency sign printed on its own before an amount. */
export const CURRENCY_SIGN = /^(?:\$|US\$|COP\$?|€|£)$/;

/** Any figure a sign may follow (`5,40`, `1.234,50`, `12`). */
export const FIGURE = /^\(?-?\d[\d.,]*\)?$/;
/** What a currency sign may open: a figure (perhaps bracketed or signed) or a zero's dash... */
const OPENED_BY_SIGN = /^(?:[-+–(]?\d|[-–—]$)/;
/** ...but not a date, nor a date's piece wrapped in a narrow cell (`2022-12-` over `18`)... */
const DATE_PIECE = /\d[/-]\d/;
/** ...nor a share (`62,8%`): no currency opens it. */
const SHARE = /%$/;
export const opensAmount = (text: string): boolean => OPENED_BY_SIGN.test(text) && !DATE_PIECE.test(text) && !SHARE.test(text);

const center = (c: TextChunk): number => (c.y0 + c.y1) / 2;

/**
 * The text writes its currency signs after their amounts: at least two signs close the amount
 * before them (a phrase gap or less on their line, or alone under its end: `77.201,84` over `€`, a
 * narrow cell wrapped), and no sign opens an amount that way (`$` over `59.397,69` opens it). Sorts
 * each line's words left to right.
 */
export function signsTrailAmounts(groups: TextChunk[][], settings: LineSettings): boolean {
  let after = 0;
  for (let g = 0; g < groups.length; g++) {
    const words = groups[g]!;
    if (!words.some((w) => CURRENCY_SIGN.test(w.text))) continue;
    sortLeftToRight(words);
    for (let i = 0; i < words.length; i++) {
      const sign = words[i]!;
      if (!CURRENCY_SIGN.test(sign.text)) continue;
      const prev = words[i - 1];
      const next = words[i + 1];
      const gap = settings.phraseGapEm * sign.size;
      const closes = (prev !== undefined && FIGURE.test(prev.text) && sign.x0 - prev.x1 <= gap) || endsFigureOf(groups, g, -1, sign, (t) => FIGURE.test(t));
      const opens = (next !== undefined && opensAmount(next.text) && next.x0 - sign.x1 <= gap) || endsFigureOf(groups, g, 1, sign, opensAmount);
      if (opens && !closes) return false;
      if (closes && !opens) after++;
    }
  }
  return after >= 2;
}

/**
 * The currency signs set over the amount they open, a narrow cell wrapped at its sign: a figure on
 * a line below ends where the sign does (`$` over `20.030,27`, both right-aligned).
 */
export function signsOverAmounts(groups: TextChunk[][]): Set<TextChunk> | undefined {
  let out: Set<TextChunk> | undefined;
  for (let g = 0; g < groups.length; g++) {
    for (const sign of groups[g]!) {
      if (CURRENCY_SIGN.test(sign.text) && endsFigureOf(groups, g, 1, sign, opensAmount)) (out ??= new Set()).add(sign);
    }
  }
  return out;
}

/**
 * A word of a line above (`step` −1) or below (+1) that `is` a figure and ends where the sign does,
 * less than two lines away (cells centred in a row wrap around their neighbours' lines).
 */
function endsFigureOf(groups: readonly TextChunk[][], g: number, step: -1 | 1, sign: TextChunk, is: (text: string) => boolean): boolean {
  const reach = 2 * sign.size;
  for (let k = g + step; k >= 0 && k < groups.length; k += step) {
    const line = groups[k]!;
    if (line.length === 0 || Math.abs(center(line[0]!) - center(sign)) > reach) return false;
    if (line.some((w) => is(w.text) && Math.abs(w.x1 - sign.x1) <= 0.1 * sign.size)) return true;
  }
  return false;
}
