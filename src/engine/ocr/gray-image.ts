/**
 * An 8-bit grey image, row-major, 0 black … 255 white: what every step of the OCR image pipeline
 * takes and returns (docs/decisions/070-ocr.md). Plain data, no canvas, so each step is a small pure
 * function with a unit test on generated images.
 */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A binary image of the same layout: 1 ink, 0 background. */
export type InkMask = GrayImage;

export function createImage(width: number, height: number, fill = 255): GrayImage {
  return { width, height, data: new Uint8Array(width * height).fill(fill) };
}

/**
 * Grey from interleaved pixels with `channels` samples each (1 grey, 3 RGB, 4 RGBA), Rec. 601 luma.
 */
export function toGray(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number, channels: number): GrayImage {
  const out = new Uint8Array(width * height);
  if (channels === 1) {
    out.set(pixels.subarray(0, width * height));
  } else {
    for (let i = 0, j = 0; i < out.length; i++, j += channels) {
      out[i] = (77 * (pixels[j] ?? 0) + 150 * (pixels[j + 1] ?? 0) + 29 * (pixels[j + 2] ?? 0)) >> 8;
    }
  }
  return { width, height, data: out };
}

/** Mean of each `factor`×`factor` block (the last partial blocks included). */
export function downsample(img: GrayImage, factor: number): GrayImage {
  const f = Math.max(1, Math.floor(factor));
  if (f === 1) return { ...img, data: img.data.slice() };
  const w = Math.ceil(img.width / f);
  const h = Math.ceil(img.height / f);
  const sum = new Uint32Array(w * h);
  const count = new Uint32Array(w * h);
  for (let y = 0; y < img.height; y++) {
    const row = Math.floor(y / f) * w;
    for (let x = 0; x < img.width; x++) {
      const k = row + Math.floor(x / f);
      sum[k]! += img.data[y * img.width + x]!;
      count[k]!++;
    }
  }
  const data = new Uint8Array(w * h);
  for (let k = 0; k < data.length; k++) data[k] = Math.round(sum[k]! / Math.max(1, count[k]!));
  return { width: w, height: h, data };
}

/** Bilinear sample at (x, y) in pixel-centre coordinates; `outside` beyond the image. */
export function sample(img: GrayImage, x: number, y: number, outside = 255): number {
  const { width: w, height: h, data } = img;
  if (x < -0.5 || y < -0.5 || x > w - 0.5 || y > h - 0.5) return outside;
  const cx = Math.min(Math.max(x, 0), w - 1);
  const cy = Math.min(Math.max(y, 0), h - 1);
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(x0 + 1, w - 1);
  const y1 = Math.min(y0 + 1, h - 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const a = data[y0 * w + x0]!;
  const b = data[y0 * w + x1]!;
  const c = data[y1 * w + x0]!;
  const d = data[y1 * w + x1]!;
  return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
}

/** Bilinear resize to `width`×`height`. */
export function resize(img: GrayImage, width: number, height: number): GrayImage {
  const out = new Uint8Array(width * height);
  const sx = img.width / width;
  const sy = img.height / height;
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) * sy - 0.5;
    for (let x = 0; x < width; x++) out[y * width + x] = Math.round(sample(img, (x + 0.5) * sx - 0.5, v));
  }
  return { width, height, data: out };
}

/** Mean over a (2r+1)² window, clamped at the borders (two running-sum passes). */
export function boxBlur(img: GrayImage, r: number): GrayImage {
  const { width: w, height: h } = img;
  const tmp = new Float32Array(w * h);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let acc = 0;
    const row = y * w;
    for (let x = -r; x <= r; x++) acc += img.data[row + Math.min(Math.max(x, 0), w - 1)]!;
    for (let x = 0; x < w; x++) {
      tmp[row + x] = acc / (2 * r + 1);
      acc += img.data[row + Math.min(x + r + 1, w - 1)]! - img.data[row + Math.max(x - r, 0)]!;
    }
  }
  for (let x = 0; x < w; x++) {
    let acc = 0;
    for (let y = -r; y <= r; y++) acc += tmp[Math.min(Math.max(y, 0), h - 1) * w + x]!;
    for (let y = 0; y < h; y++) {
      out[y * w + x] = Math.round(acc / (2 * r + 1));
      acc += tmp[Math.min(y + r + 1, h - 1) * w + x]! - tmp[Math.max(y - r, 0) * w + x]!;
    }
  }
  return { width: w, height: h, data: out };
}

function extremeFilter1d(src: Uint8Array, dst: Uint8Array, n: number, stride: number, offset: number, r: number, max: boolean): void {
  for (let i = 0; i < n; i++) {
    let best = max ? 0 : 255;
    const lo = Math.max(0, i - r);
    const hi = Math.min(n - 1, i + r);
    for (let j = lo; j <= hi; j++) {
      const v = src[offset + j * stride]!;
      if (max ? v > best : v < best) best = v;
    }
    dst[offset + i * stride] = best;
  }
}

/** Grey dilation (max) or erosion (min) over a (2r+1)² square, separable. */
export function extremeFilter(img: GrayImage, r: number, max: boolean): GrayImage {
  const { width: w, height: h } = img;
  const tmp = new Uint8Array(w * h);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) extremeFilter1d(img.data, tmp, w, 1, y * w, r, max);
  for (let x = 0; x < w; x++) extremeFilter1d(tmp, out, h, w, x, r, max);
  return { width: w, height: h, data: out };
}

/** Histogram of the grey levels. */
export function histogram(img: GrayImage): Uint32Array {
  const hist = new Uint32Array(256);
  for (let i = 0; i < img.data.length; i++) hist[img.data[i]!]!++;
  return hist;
}

/** The grey level below which `share` of the pixels lie. */
export function percentile(hist: Uint32Array, share: number): number {
  let total = 0;
  for (let v = 0; v < 256; v++) total += hist[v]!;
  const target = total * share;
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v]!;
    if (acc >= target) return v;
  }
  return 255;
}

/** A PGM (P5) file of the image: what the OCR engine reads (leptonica decodes it natively). */
export function toPgm(img: GrayImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${img.width} ${img.height}\n255\n`);
  const out = new Uint8Array(header.length + img.data.length);
  out.set(header);
  out.set(img.data, header.length);
  return out;
}
