import { sample, type GrayImage, type InkMask } from './gray-image.ts';

/** Widest tilt looked for, in degrees (scans ≤ 1.5°, photos ≤ 4° after their corners are undone). */
export const MAX_SKEW_DEG = 5;
/** At most this many ink pixels vote (a regular subsample of the rest): the estimate stays fast on any page. */
const MAX_VOTERS = 150_000;

/** Sum of squares of the ink profile across lines tilted by `deg`: peaks when rows of text line up with it. */
function profileScore(xs: Float32Array, ys: Float32Array, n: number, deg: number, height: number, width: number): number {
  const t = Math.tan((deg * Math.PI) / 180);
  const pad = Math.ceil(Math.abs(t) * width) + 1;
  const bins = new Float64Array(height + 2 * pad);
  for (let i = 0; i < n; i++) {
    const b = Math.round(ys[i]! - xs[i]! * t) + pad;
    if (b >= 0 && b < bins.length) bins[b]!++;
  }
  let score = 0;
  for (let i = 0; i < bins.length; i++) score += bins[i]! * bins[i]!;
  return score;
}

/**
 * The angle (degrees, positive clockwise as seen with y down) of the page's text lines: projection
 * profiles of the ink along lines of each candidate slope; the slope whose profile is sharpest
 * (largest sum of squares) wins. A coarse sweep then a fine one around the best.
 */
export function estimateSkew(mask: InkMask, maxDeg = MAX_SKEW_DEG): number {
  const { width, height, data } = mask;
  let ink = 0;
  for (let i = 0; i < data.length; i++) ink += data[i]!;
  if (ink === 0) return 0;
  const step = Math.max(1, Math.ceil(ink / MAX_VOTERS));
  const xs = new Float32Array(Math.ceil(ink / step) + 1);
  const ys = new Float32Array(xs.length);
  let n = 0;
  let seen = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!data[y * width + x]) continue;
      if (seen++ % step === 0 && n < xs.length) {
        xs[n] = x;
        ys[n] = y;
        n++;
      }
    }
  }
  const sweep = (from: number, to: number, by: number): number => {
    let best = 0;
    let bestScore = -1;
    for (let d = from; d <= to + 1e-9; d += by) {
      const s = profileScore(xs, ys, n, d, height, width);
      if (s > bestScore) {
        bestScore = s;
        best = d;
      }
    }
    return best;
  };
  const coarse = sweep(-maxDeg, maxDeg, 0.25);
  const fine = sweep(coarse - 0.25, coarse + 0.25, 0.05);
  return Math.round(sweep(fine - 0.05, fine + 0.05, 0.01) * 100) / 100;
}

/**
 * The image turned clockwise by `deg` about its centre (same size, bilinear, `fill` where nothing
 * maps). `rotate(img, -estimateSkew(mask))` levels the text.
 */
export function rotate(img: GrayImage, deg: number, fill = 255): GrayImage {
  const { width: w, height: h } = img;
  const out = new Uint8Array(w * h);
  const a = (deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  for (let y = 0; y < h; y++) {
    const dy = y - cy;
    for (let x = 0; x < w; x++) {
      const dx = x - cx;
      out[y * w + x] = Math.round(sample(img, cx + cos * dx + sin * dy, cy - sin * dx + cos * dy, fill));
    }
  }
  return { width: w, height: h, data: out };
}
