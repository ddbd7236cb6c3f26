import type { InkMask } from './gray-image.ts';
import type { PixelRule } from './rules.ts';

/**
 * Whether a vertical piece the opening kept (rules.ts) is a rule or strokes of text: rules cross
 * tables, text is short. Pieces shorter than `short` pixels must meet a horizontal rule; every
 * piece must carry its ink along its length. `tol`: how near a rule's end counts as meeting it.
 */
export function isVerticalRule(v: PixelRule, horizontal: readonly PixelRule[], mask: InkMask, short: number, tol: number): boolean {
  const length = v.to - v.from;
  if (length >= short) return unbroken(v, mask, MAX_RULE_GAP_SHARE * length);
  return meetsRule(v, horizontal, tol) && unbroken(v, mask, MAX_SHORT_RULE_GAPS);
}

/**
 * A short vertical piece is a rule only where it meets a horizontal rule at one of its ends (a
 * column separator of a one-row header); alone it is a stroke of a large glyph (a `1`, an `l`).
 */
function meetsRule(v: PixelRule, hs: readonly PixelRule[], tol: number): boolean {
  return hs.some((h) => v.at >= h.from - tol && v.at <= h.to + tol && (Math.abs(h.at - v.from) <= tol || Math.abs(h.at - v.to) <= tol));
}

/** Rows a short vertical rule may miss its ink in (a speck of paper in a scanned line). */
const MAX_SHORT_RULE_GAPS = 1;
/** The share of its rows a longer vertical rule may miss its ink in (the corpus scans' rules: 3 % at most). */
const MAX_RULE_GAP_SHARE = 0.1;

/**
 * A vertical rule is drawn in one stroke: its ink runs along its whole length, but for `maxGaps`
 * rows. Strokes of text make a piece with the rules between them once the gaps between them are
 * bridged, and those gaps are there in the ink: the `i` and `l` of a tight grid's cells with the
 * rules above and below them (unseen html scans: every one of the applicant's grid was erased,
 * `Sol c tud`, `Mun c p o`), and a right-aligned column's last digits, the same in row after row,
 * with the row rules between them (unseen Calc scans: `22.98` read `22. 8`); such chains miss their
 * ink in a fifth of their rows or more.
 */
function unbroken(v: PixelRule, mask: InkMask, maxGaps: number): boolean {
  const x = Math.round(v.at - 0.5);
  let gaps = 0;
  for (let y = v.from; y < v.to; y++) {
    let ink = false;
    for (let dx = -1; dx <= 1 && !ink; dx++) ink = x + dx >= 0 && x + dx < mask.width && mask.data[y * mask.width + x + dx] === 1;
    if (!ink && ++gaps > maxGaps) return false;
  }
  return true;
}
