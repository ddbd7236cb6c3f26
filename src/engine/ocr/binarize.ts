import { histogram, type GrayImage, type InkMask } from './gray-image.ts';

/** Otsu's threshold: the grey level that best separates the histogram into two classes. */
export function otsuThreshold(img: GrayImage): number {
  const hist = histogram(img);
  const total = img.data.length;
  let sumAll = 0;
  for (let v = 0; v < 256; v++) sumAll += v * hist[v]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** Ink mask: 1 where the pixel is at or below `threshold` (Otsu's by default). */
export function binarize(img: GrayImage, threshold = otsuThreshold(img)): InkMask {
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i++) out[i] = img.data[i]! <= threshold ? 1 : 0;
  return { width: img.width, height: img.height, data: out };
}
