import { createImage, type GrayImage } from './gray-image.ts';

/**
 * Synthetic page images for the OCR image steps' tests: known lines and boxes drawn into a grey
 * image, so each step can be checked against what was drawn.
 */

/** Paints a filled rectangle (end exclusive, clipped). */
export function fillRect(img: GrayImage, x0: number, y0: number, x1: number, y1: number, value: number): void {
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(img.height, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(img.width, Math.ceil(x1)); x++) img.data[y * img.width + x] = value;
  }
}

/**
 * A page of text-like lines: rows of dark "words" (short bars 8 px tall) every 30 px, with gaps,
 * like a printed page seen at low resolution.
 */
export function textPage(width = 800, height = 1000): GrayImage {
  const img = createImage(width, height, 245);
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 60; y < height - 60; y += 30) {
    let x = 60;
    while (x < width - 100) {
      const w = 20 + Math.floor(rand() * 60);
      fillRect(img, x, y, x + w, y + 8, 30);
      x += w + 8 + Math.floor(rand() * 10);
    }
  }
  return img;
}

/** `img` placed on a `width`×`height` canvas of `fill`, its corners moved to `quad` (nearest pixel). */
export function placeOnQuad(
  img: GrayImage,
  width: number,
  height: number,
  quad: [number, number][],
  fill: number,
): GrayImage {
  const out = createImage(width, height, fill);
  const [tl, tr, br, bl] = quad as [[number, number], [number, number], [number, number], [number, number]];
  // Inverse bilinear by sampling: walk the source, paint the destination densely.
  const steps = 2;
  for (let v = 0; v < img.height * steps; v++) {
    const t = v / (img.height * steps);
    for (let u = 0; u < img.width * steps; u++) {
      const s = u / (img.width * steps);
      const x = (1 - t) * ((1 - s) * tl[0] + s * tr[0]) + t * ((1 - s) * bl[0] + s * br[0]);
      const y = (1 - t) * ((1 - s) * tl[1] + s * tr[1]) + t * ((1 - s) * bl[1] + s * br[1]);
      const xi = Math.round(x);
      const yi = Math.round(y);
      if (xi >= 0 && yi >= 0 && xi < width && yi < height) out.data[yi * width + xi] = img.data[Math.floor(v / steps) * img.width + Math.floor(u / steps)]!;
    }
  }
  return out;
}
