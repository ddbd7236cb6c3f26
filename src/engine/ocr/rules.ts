import type { GrayImage, InkMask } from './gray-image.ts';
import { isVerticalRule } from './vertical-pieces.ts';

/** A ruling line found on the raster, in pixels of the image it was found on. */
export interface PixelRule {
  orientation: 'h' | 'v';
  /** Start and end along the rule. */
  from: number;
  to: number;
  /** Position across it (the centre row of a horizontal rule, column of a vertical one). */
  at: number;
  /** Thickness in pixels. */
  thickness: number;
  /** The rule's pixels (indices into the image). */
  pixels: Int32Array;
}

export interface RuleOptions {
  /** Shortest horizontal rule, pixels. */
  minHorizontal: number;
  /** Shortest vertical rule, pixels. */
  minVertical: number;
  /** Thickest rule, pixels (thicker dark bands are fills or bold text, not rules). */
  maxThickness: number;
  /**
   * Horizontal pieces thicker than this (pixels) must be at least THICK_RULE_ASPECT times longer
   * than thick: a word blurred into a bar (its x-height band) is as thick as a heavy rule.
   */
  thinThickness?: number;
  /** Background gaps this long inside a run are bridged (a rule broken by blur or JPEG). */
  maxGap: number;
  /** The grey page the mask was made from: a thick horizontal piece must be dark there (THICK_RULE_LEVEL). */
  grey?: GrayImage;
}

/**
 * Morphological opening of the ink with a long thin line: keeps the pixels of runs of at least
 * `min` ink pixels along the axis (gaps up to `maxGap` bridged). Text strokes are shorter than the
 * line and vanish; rules stay. The result marks kept pixels with 1.
 */
export function openWithLine(mask: InkMask, orientation: 'h' | 'v', min: number, maxGap: number): InkMask {
  const { width: w, height: h, data } = mask;
  const out = new Uint8Array(w * h);
  const lines = orientation === 'h' ? h : w;
  const len = orientation === 'h' ? w : h;
  const at = orientation === 'h' ? (line: number, i: number) => line * w + i : (line: number, i: number) => i * w + line;
  for (let line = 0; line < lines; line++) {
    let start = -1;
    let lastInk = -1;
    for (let i = 0; i <= len; i++) {
      const ink = i < len && data[at(line, i)] === 1;
      if (ink) {
        if (start < 0) start = i;
        lastInk = i;
        continue;
      }
      if (start >= 0 && (i === len || i - lastInk > maxGap)) {
        if (lastInk - start + 1 >= min) for (let k = start; k <= lastInk; k++) out[at(line, k)] = 1;
        start = -1;
      }
    }
  }
  return { width: w, height: h, data: out };
}

/** A box in pixels (end exclusive). */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Share of a thick piece's box that must be ink for it to be a dark band (bold text is far lighter). */
export const BAND_FILL = 0.7;

function inkShare(ink: InkMask, b: PixelBox): number {
  let n = 0;
  for (let y = b.y0; y < b.y1; y++) for (let x = b.x0; x < b.x1; x++) n += ink.data[y * ink.width + x]!;
  return n / Math.max(1, (b.x1 - b.x0) * (b.y1 - b.y0));
}

/** How many times longer than thick a horizontal rule thicker than `thinThickness` is, at least (a table's heavy frame is far longer). */
export const THICK_RULE_ASPECT = 25;
/**
 * Mean of a thick horizontal piece's darkest level across it, along it, at most. A heavy rule is
 * solid ink, dark at any resolution (0–65 on the corpus's scans and photos); a serif word's feet
 * joined by a 150 dpi scan's blur along its baseline, with its x-height band here and there, are
 * grey (135).
 */
export const THICK_RULE_LEVEL = 100;

/** The mean over a rule's positions of its darkest pixel across it. */
function meanDarkest(grey: GrayImage, r: PixelRule): number {
  const darkest = new Map<number, number>();
  for (const p of r.pixels) {
    const along = r.orientation === 'h' ? p % grey.width : Math.floor(p / grey.width);
    darkest.set(along, Math.min(darkest.get(along) ?? 255, grey.data[p]!));
  }
  let sum = 0;
  for (const v of darkest.values()) sum += v;
  return sum / Math.max(1, darkest.size);
}

/** A rule has background beside it along most of its length; a run through bold text, or along the tops or feet of its letters, has ink there. */
export const MAX_FLANK_INK = 0.35;
/**
 * A long vertical piece (a column rule) is a run through ink only when ink is beside it, on both
 * sides, along more of it than this: cells printed against the rule on both sides (`7,100|kg`) ink
 * both flanks along their text lines, never in the gaps between a table's rows.
 */
export const MAX_COLUMN_FLANK_INK = 0.8;
/** A vertical piece is a column rule (MAX_COLUMN_FLANK_INK) from this many times the shortest vertical rule. */
export const COLUMN_RULE_MIN_PER_VERTICAL = 3;
/** How far beside a rule (pixels past its edge) the flanks are looked at. */
const FLANK_OFFSET = 2;

/**
 * Share of the positions along a rule where its ink goes on past its edges, on either side, for
 * FLANK_OFFSET pixels: letters cut by a run through a word, a dark band's inside. Text printed close
 * to a real rule (a header under the table's top rule) is not counted: a gap, however thin,
 * separates it from the rule. With `both`, only positions inked on both sides count (a column
 * rule: see maskToRules).
 */
export function flankInk(mask: InkMask, orientation: 'h' | 'v', from: number, to: number, lo: number, hi: number, both = false): number {
  const { width: w, height: h, data } = mask;
  let inked = 0;
  for (let i = from; i < to; i++) {
    const ink = (j: number) => {
      if (j < 0 || j >= (orientation === 'h' ? h : w)) return false;
      return orientation === 'h' ? data[j * w + i] === 1 : data[i * w + j] === 1;
    };
    let before = true;
    let after = true;
    for (let k = 1; k <= FLANK_OFFSET; k++) {
      before &&= ink(lo - k);
      after &&= ink(hi + k);
    }
    if (both ? before && after : before || after) inked++;
  }
  return inked / Math.max(1, to - from);
}

/** Least share of a piece's positions where it is a lone thin run, for its line to be fitted through them. */
const CORE_MIN_SHARE = 0.3;

/**
 * A rule piece without the text blur joined to its side (a header's bold letters touching the rule
 * under them): the line through the positions where the piece is one thin run, and the pixels
 * within the rule's own half-thickness of it. The first `count` members are filtered in place; the
 * new count is returned (the piece unchanged when too few positions are thin runs).
 */
function ruleCore(members: Int32Array, count: number, w: number, orientation: 'h' | 'v', maxThickness: number): number {
  const alongOf = (p: number) => (orientation === 'h' ? p % w : Math.floor(p / w));
  const acrossOf = (p: number) => (orientation === 'h' ? Math.floor(p / w) : p % w);
  let from = Infinity;
  let to = -Infinity;
  for (let k = 0; k < count; k++) {
    from = Math.min(from, alongOf(members[k]!));
    to = Math.max(to, alongOf(members[k]!));
  }
  const n = to - from + 1;
  const cnt = new Int32Array(n);
  const lo = new Int32Array(n).fill(2 ** 30);
  const hi = new Int32Array(n).fill(-1);
  for (let k = 0; k < count; k++) {
    const i = alongOf(members[k]!) - from;
    const a = acrossOf(members[k]!);
    cnt[i]!++;
    lo[i] = Math.min(lo[i]!, a);
    hi[i] = Math.max(hi[i]!, a);
  }
  // Positions where the piece is one run no thicker than a rule: the rule alone.
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  const widths: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!cnt[i] || cnt[i] !== hi[i]! - lo[i]! + 1 || cnt[i]! > maxThickness) continue;
    const c = (lo[i]! + hi[i]!) / 2;
    sx += i;
    sy += c;
    sxx += i * i;
    sxy += i * c;
    widths.push(cnt[i]!);
  }
  const m = widths.length;
  if (m < CORE_MIN_SHARE * n || m < 2) return count;
  const den = m * sxx - sx * sx;
  const slope = den ? (m * sxy - sx * sy) / den : 0;
  const icept = (sy - slope * sx) / m;
  widths.sort((a, b) => a - b);
  const half = widths[Math.floor(m / 2)]! / 2 + 0.75;
  let kept = 0;
  for (let k = 0; k < count; k++) {
    const p = members[k]!;
    if (Math.abs(acrossOf(p) - (icept + slope * (alongOf(p) - from))) <= half) members[kept++] = p;
  }
  return kept;
}

/**
 * The rules of one orientation in an opened mask: its 8-connected pieces, each one rule when it is
 * thin (a slight residual tilt allowed for), run from its first to its last pixel along the axis,
 * and clear of ink on its flanks in the original mask (`ink`) when given.
 */
export function maskToRules(
  opened: InkMask,
  orientation: 'h' | 'v',
  maxThickness: number,
  ink?: InkMask,
  bands?: PixelBox[],
  isColumn?: (from: number, to: number, at: number) => boolean,
): PixelRule[] {
  const { width: w, height: h, data } = opened;
  const seen = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  const members = new Int32Array(w * h);
  const rules: PixelRule[] = [];
  for (let startP = 0; startP < data.length; startP++) {
    if (!data[startP] || seen[startP]) continue;
    let top = 0;
    stack[top++] = startP;
    seen[startP] = 1;
    let minX = w;
    let maxX = -1;
    let minY = h;
    let maxY = -1;
    let count = 0;
    let sumAcross = 0;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % w;
      const y = (p - x) / w;
      members[count++] = p;
      sumAcross += orientation === 'h' ? y : x;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const q = yy * w + xx;
          if (data[q] && !seen[q]) {
            seen[q] = 1;
            stack[top++] = q;
          }
        }
      }
    }
    if (orientation === 'h' ? maxX - minX > 2 * (maxY - minY) : maxY - minY > 2 * (maxX - minX)) {
      count = ruleCore(members, count, w, orientation, maxThickness);
      [minX, maxX, minY, maxY, sumAcross] = [w, -1, h, -1, 0];
      for (let k = 0; k < count; k++) {
        const p = members[k]!;
        const x = p % w;
        const y = (p - x) / w;
        sumAcross += orientation === 'h' ? y : x;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
    const along = orientation === 'h' ? maxX - minX + 1 : maxY - minY + 1;
    const across = orientation === 'h' ? maxY - minY + 1 : maxX - minX + 1;
    // Mean thickness (pixels per unit length) tells a thin tilted rule from a thick band.
    const thickness = count / along;
    if (thickness > maxThickness || across > maxThickness + along * 0.01) {
      // A thick piece mostly inked over its box is a dark band (a heading printed white on black).
      const box = { x0: minX, y0: minY, x1: maxX + 1, y1: maxY + 1 };
      if (bands && ink && across >= 2 * maxThickness && inkShare(ink, box) >= BAND_FILL) bands.push(box);
      continue;
    }
    const from = orientation === 'h' ? minX : minY;
    const to = orientation === 'h' ? maxX + 1 : maxY + 1;
    const [lo, hi] = orientation === 'h' ? [minY, maxY] : [minX, maxX];
    // A column rule (a vertical piece `isColumn` says runs from rule to rule) has a spreadsheet's cells printed
    // against it, flush left after it and flush right before it: at scan resolutions the blur joins
    // them to its side, row after row, on one side or both (MAX_COLUMN_FLANK_INK). A short piece (a
    // parenthesis or an `I` touching the rule above it) and a horizontal run along a bold word's
    // x-height band are what the flanks are for: ink on one side is enough there.
    const column = orientation === 'v' && !!isColumn?.(from, to, sumAcross / count + 0.5);
    if (ink && flankInk(ink, orientation, from, to, lo, hi, column) > (column ? MAX_COLUMN_FLANK_INK : MAX_FLANK_INK)) continue;
    rules.push({
      orientation,
      from,
      to,
      at: sumAcross / count + 0.5,
      thickness,
      pixels: members.slice(0, count),
    });
  }
  return rules;
}

/**
 * Horizontal and vertical rules of an ink mask, the mask of the kept rules' pixels (to erase before
 * OCR) and the dark bands (to invert before OCR: Tesseract reads dark text on light paper).
 */
export function findRules(mask: InkMask, opts: RuleOptions): { rules: PixelRule[]; ruleMask: InkMask; bands: PixelBox[] } {
  const bands: PixelBox[] = [];
  const ruleMask = new Uint8Array(mask.data.length);
  const hMask = openWithLine(mask, 'h', opts.minHorizontal, opts.maxGap);
  const vMask = openWithLine(mask, 'v', opts.minVertical, opts.maxGap);
  const thin = opts.thinThickness ?? opts.maxThickness;
  const h = maskToRules(hMask, 'h', opts.maxThickness, mask, bands).filter(
    (r) => r.thickness <= thin || (r.to - r.from >= THICK_RULE_ASPECT * r.thickness && (!opts.grey || meanDarkest(opts.grey, r) <= THICK_RULE_LEVEL)),
  );
  const tol = opts.maxThickness + 2;
  // A column rule crosses the table's horizontal rules and runs past a few rows (strokes of letters
  // in two rows joined through the rule between them are as long as two rows, no more).
  const isColumn = (from: number, to: number, at: number) =>
    to - from >= COLUMN_RULE_MIN_PER_VERTICAL * opts.minVertical && h.filter((r) => at >= r.from - tol && at <= r.to + tol && r.at >= from - tol && r.at <= to + tol).length >= 2;
  const v = maskToRules(vMask, 'v', opts.maxThickness, mask, undefined, isColumn).filter((r) => isVerticalRule(r, h, mask, 2 * opts.minVertical, tol));
  const rules = [...h, ...v];
  for (const r of rules) for (const p of r.pixels) ruleMask[p] = 1;
  return { rules, ruleMask: { width: mask.width, height: mask.height, data: ruleMask }, bands };
}
