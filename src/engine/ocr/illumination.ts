import { boxBlur, downsample, extremeFilter, histogram, percentile, resize, type GrayImage } from './gray-image.ts';

/**
 * Background estimation works on a copy this many times smaller: ink strokes vanish in it and the
 * large windows stay cheap.
 */
export const BACKGROUND_FACTOR = 4;
/** Radius of the closing that removes ink from the background estimate, as a share of the image's short side. */
export const BACKGROUND_RADIUS_SHARE = 0.02;

/**
 * The paper's brightness under each pixel, ink removed: a grey closing (max then min filter, which
 * fills dark strokes narrower than the window with the paper around them) on a reduced copy,
 * smoothed, brought back to full size.
 */
export function estimateBackground(img: GrayImage): GrayImage {
  const small = downsample(img, BACKGROUND_FACTOR);
  const r = Math.max(2, Math.round((Math.min(small.width, small.height) * BACKGROUND_RADIUS_SHARE)));
  const closed = extremeFilter(extremeFilter(small, r, true), r, false);
  return resize(boxBlur(closed, r), img.width, img.height);
}

/**
 * Divides the background out (uneven light, a shadow, grey paper): paper becomes white everywhere
 * and ink keeps its contrast relative to the paper around it.
 */
export function flattenIllumination(img: GrayImage, background = estimateBackground(img)): GrayImage {
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i++) {
    const bg = Math.max(1, background.data[i]!);
    out[i] = Math.min(255, Math.round((img.data[i]! * 255) / bg));
  }
  return { width: img.width, height: img.height, data: out };
}

/** The stretch never maps fewer grey levels than this onto the full range. */
export const MIN_STRETCH_RANGE = 128;

/**
 * Linear stretch so the darkest `low` share of pixels maps to 0 and the level below which `high`
 * of them lie maps to 255 (clipped).
 */
export function stretchContrast(img: GrayImage, low = 0.005, high = 0.6): GrayImage {
  const hist = histogram(img);
  const hi = percentile(hist, high);
  // A page with little ink must not have its paper grain stretched into grey and black.
  const lo = Math.max(0, Math.min(percentile(hist, low), hi - MIN_STRETCH_RANGE));
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.min(255, Math.max(0, Math.round(((v - lo) * 255) / (hi - lo))));
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i++) out[i] = lut[img.data[i]!]!;
  return { width: img.width, height: img.height, data: out };
}
