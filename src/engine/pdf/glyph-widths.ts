/**
 * Where each character of a pdf.js text item starts, as a share of the item's width. pdf.js joins
 * the glyphs a producer draws close together into one item (two spreadsheet cells a padding apart:
 * `11,550,000 A adquirir`) and reports only the item's whole width. Equal shares per character put
 * word edges off by up to two points there (a comma is half a digit wide), so a column of figures
 * no longer ends on one edge. A proportional font's characters are weighed by a common sans face's
 * advance widths (Helvetica's metrics, which Arial and Liberation Sans share and other faces
 * approach); a monospaced font's by one each.
 */

/** Advance widths in thousandths of an em, of the characters Helvetica sets apart from 556. */
const NARROW: Record<string, number> = {
  ' ': 278, '!': 278, '"': 355, '%': 889, '&': 667, "'": 191, '(': 333, ')': 333, '*': 389, '+': 584,
  ',': 278, '-': 333, '.': 278, '/': 278, ':': 278, ';': 278, '<': 584, '=': 584, '>': 584, '@': 1015,
  '[': 278, ']': 278, '|': 260, '°': 400, '·': 278, '–': 556, '—': 1000,
  A: 667, B: 667, C: 722, D: 722, E: 667, F: 611, G: 778, H: 722, I: 278, J: 500, K: 667, L: 556, M: 833,
  N: 722, O: 778, P: 667, Q: 778, R: 722, S: 667, T: 611, U: 722, V: 667, W: 944, X: 667, Y: 667, Z: 611,
  c: 500, f: 278, i: 222, j: 222, k: 500, l: 222, m: 833, r: 333, s: 500, t: 278, v: 500, w: 722, x: 500, y: 500, z: 500,
};
const DEFAULT_WIDTH = 556;

function advance(ch: string): number {
  // An accented letter is as wide as its base letter (á as a, Ñ as N).
  return NARROW[ch] ?? NARROW[ch.normalize('NFD')[0] ?? ch] ?? DEFAULT_WIDTH;
}

/** `edges[i]` is where character i starts as a share of the item (edges[length] is 1). */
export function characterEdges(str: string, monospace: boolean): number[] {
  const edges = [0];
  let sum = 0;
  for (const ch of str) {
    sum += monospace ? 1 : advance(ch);
    // Characters outside the basic plane are two UTF-16 units: both get the same edge.
    for (let i = 0; i < ch.length; i++) edges.push(sum);
  }
  return edges.map((e) => (sum > 0 ? e / sum : 0));
}
