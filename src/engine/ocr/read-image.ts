/**
 * A page image to what the table finders read: words with boxes and ruling lines, in the upright
 * page's points (docs/decisions/070-ocr.md). The chain, each step a pure function of ./:
 * page outline (photos) → illumination → binarisation → deskew → rules → rules erased → OCR →
 * skipped text read again → numbers read again.
 */
import type { Segment, TextChunk } from '../types.ts';
import { binarize, otsuThreshold } from './binarize.ts';
import { estimateSkew, rotate } from './deskew.ts';
import { percentile, resize, type GrayImage } from './gray-image.ts';
import { flattenIllumination, stretchContrast } from './illumination.ts';
import { findPageQuad, type Quad } from './page-quad.ts';
import { quadSize, warpQuad } from './perspective-warp.ts';
import type { PageImage } from './page-image.ts';
import { fixAmountMarks, joinSplitNumbers, normalizeOcrText } from './ocr-words.ts';
import { measureWords } from './word-metrics.ts';
import { DASH_INK_LEVEL, findDashMarks } from './dash-marks.ts';
import { missedRegions, stackRegions, unstackWords } from './missed-regions.ts';
import { rereadWords } from './reread-words.ts';
import type { OcrEngine, OcrWord } from './recognize.ts';
import { splitWordsAtRules, type ColumnRule } from './rule-splits.ts';
import { rereadStacked } from './stacked-words.ts';
import { findRules, type PixelBox, type PixelRule } from './rules.ts';

/** Tesseract reads best around this resolution: coarser images are enlarged to it (pixels per inch). */
export const OCR_DPI = 300;
/** Most an image is enlarged for OCR (time grows with the pixel count). */
export const MAX_UPSCALE = 2;
/** Rules, in points: shortest horizontal and vertical rule, thickest rule, longest gap bridged in one. */
export const RULE_MIN_H_PT = 18;
export const RULE_MIN_V_PT = 9;
export const RULE_MAX_THICK_PT = 3;
/** Horizontal rules thicker than this (points) are kept only when far longer than thick (rules.ts). */
export const RULE_THIN_PT = 1.5;
export const RULE_MAX_GAP_PT = 1;
/** Grey level (of the flattened, stretched page, paper 255) at or below which a pixel may belong to a rule. */
export const RULE_INK_LEVEL = 200;
/** Regions of skipped text read again per page, at most. */
export const MAX_MISSED_REGIONS = 200;
/** Tilts smaller than this (degrees) are left alone. */
export const MIN_DESKEW_DEG = 0.05;
/** Words without a letter or digit read with less confidence than this are specks and rule remnants (isNoise). */
export const NOISE_CONFIDENCE = 0.5;
/** The em box around a baseline, as a share of the line's ascender height (Tesseract's row height). */
const EM_PER_ROW_HEIGHT = 1.3;
/** Height of capitals and ascenders as a share of the em. */
const CAP_PER_EM = 0.72;

export interface ReadImageResult {
  chunks: TextChunk[];
  segments: Segment[];
  /** What was done to the image, for the decision record and debugging. */
  steps: { photo: boolean; skewDeg: number; upscale: number; quad?: Quad; width: number; height: number };
  /** The turn that levelled the words (PageContent.deskew), when the image was turned. */
  deskew?: { deg: number; cx: number; cy: number };
}

export interface ReadImageOptions {
  /** Heard while Tesseract works (progress heartbeat). */
  onTick?: () => void;
  /** Sees each intermediate image (debugging). */
  debug?: (name: string, img: GrayImage) => void;
}

/** Pixels (in the cleaned image's frame) to page points. */
interface Frame {
  scaleX: number;
  scaleY: number;
  originX: number;
  originY: number;
}

function ruleToSegment(r: PixelRule, f: Frame): Segment {
  if (r.orientation === 'h') {
    const y = f.originY + r.at * f.scaleY;
    return { x0: f.originX + r.from * f.scaleX, x1: f.originX + r.to * f.scaleX, y0: y, y1: y, orientation: 'h' };
  }
  const x = f.originX + r.at * f.scaleX;
  return { x0: x, x1: x, y0: f.originY + r.from * f.scaleY, y1: f.originY + r.to * f.scaleY, orientation: 'v' };
}

/** A vertical rule of the cleaned image in the OCR image's pixels (enlarged `scale` times); its erased neighbours count to its width. */
function columnRule(r: PixelRule, scale: number): ColumnRule {
  return { x: (r.at + 0.5) * scale, y0: r.from * scale, y1: (r.to + 1) * scale, half: (r.thickness / 2 + 1) * scale };
}

export function wordToChunk(w: OcrWord, f: Frame, upscale: number): TextChunk {
  // A line Tesseract merged over two rows of a table reports a tall row height: the word's own glyph
  // height (capitals or ascenders fill about 0.72 em) bounds it.
  const em = w.em ?? Math.min(w.rowHeight * EM_PER_ROW_HEIGHT, (w.y1 - w.y0) / CAP_PER_EM);
  const size = (em * f.scaleY) / upscale;
  const baseline = f.originY + (w.baseline / upscale) * f.scaleY;
  return {
    text: w.text.normalize('NFC'),
    x0: f.originX + (w.x0 / upscale) * f.scaleX,
    x1: f.originX + (w.x1 / upscale) * f.scaleX,
    y0: baseline - 0.8 * size,
    y1: baseline + 0.2 * size,
    size,
    upright: true,
    confidence: Math.round(w.confidence * 1000) / 1000,
  };
}

/**
 * Specks and rule remnants: words without a letter or digit read with little confidence, and dashes
 * or bars standing taller than wide (a dash, a zero in a table, is flat; what Tesseract takes for
 * one between two cells is a remnant of a rule or nothing at all).
 */
function isNoise(w: OcrWord): boolean {
  if (/^[-–—_|¦]+$/.test(w.text) && w.y1 - w.y0 > 1.5 * (w.x1 - w.x0)) return true;
  return w.confidence < NOISE_CONFIDENCE && !/[\p{L}\p{N}]/u.test(w.text);
}

/** The share of `a`'s box that `b`'s box covers. */
function overlapShare(a: PixelBox, b: PixelBox): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return w > 0 && h > 0 ? (w * h) / Math.max(1, (a.x1 - a.x0) * (a.y1 - a.y0)) : 0;
}

/** Pixels of `mask` (1) and their 8 neighbours set to white in `img`. */
function erase(img: GrayImage, mask: GrayImage): GrayImage {
  const { width: w, height: h } = img;
  const out = img.data.slice();
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!mask.data[y * w + x]) continue;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx >= 0 && xx < w) out[yy * w + xx] = 255;
        }
      }
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * Grey level from which the OCR image is white: paper grain, JPEG noise and light cell shading go,
 * glyph edges stay grey. Tesseract takes textured regions for pictures and skips their words.
 */
export const PAPER_LEVEL = 225;

/** Levels at or above PAPER_LEVEL to white, the rest stretched to keep the glyphs' edges. */
function whiten(img: GrayImage): GrayImage {
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = v >= PAPER_LEVEL ? 255 : Math.round((v * 255) / PAPER_LEVEL);
  for (let i = 0; i < img.data.length; i++) img.data[i] = lut[img.data[i]!]!;
  return img;
}

/**
 * A band whose median grey level (its own: light text covers less than half of it) is darker than
 * this carries light text. A lighter one is a shaded cell, or bold dark words blur made into a
 * solid blob (their median is halfway between ink and paper, about 100–120).
 */
export const DARK_BAND_LEVEL = 70;

/**
 * The pixels of a band's box that are paper, not the band: light pixels reached from the box's
 * border through light pixels (a round badge's corners). Light text is enclosed by the band.
 */
function paperAround(img: GrayImage, b: PixelBox, light: number): Uint8Array {
  const bw = b.x1 - b.x0;
  const bh = b.y1 - b.y0;
  const seen = new Uint8Array(bw * bh);
  const stack: number[] = [];
  const push = (x: number, y: number) => {
    const k = y * bw + x;
    if (seen[k] || img.data[(b.y0 + y) * img.width + b.x0 + x]! < light) return;
    seen[k] = 1;
    stack.push(k);
  };
  for (let x = 0; x < bw; x++) {
    push(x, 0);
    push(x, bh - 1);
  }
  for (let y = 0; y < bh; y++) {
    push(0, y);
    push(bw - 1, y);
  }
  while (stack.length) {
    const k = stack.pop()!;
    const x = k % bw;
    const y = (k - x) / bw;
    if (x > 0) push(x - 1, y);
    if (x < bw - 1) push(x + 1, y);
    if (y > 0) push(x, y - 1);
    if (y < bh - 1) push(x, y + 1);
  }
  return seen;
}

/**
 * Light text on dark bands turned dark on light paper, in place: inverted, the band's own level (its
 * median, the inverted ink) made white, its blurred edge and the paper around a band that does not
 * fill its box (a badge) cleared.
 */
function invertBands(img: GrayImage, bands: readonly PixelBox[]): GrayImage {
  const w = img.width;
  for (const b of bands) {
    const hist = new Uint32Array(256);
    for (let y = b.y0; y < b.y1; y++) for (let x = b.x0; x < b.x1; x++) hist[img.data[y * w + x]!]!++;
    const level = percentile(hist, 0.5);
    if (level >= DARK_BAND_LEVEL) continue;
    const paper = Math.max(1, 255 - level);
    const around = paperAround(img, b, (level + 255) / 2);
    for (let y = b.y0; y < b.y1; y++) {
      const edgeY = y - b.y0 < BAND_EDGE || b.y1 - 1 - y < BAND_EDGE;
      for (let x = b.x0; x < b.x1; x++) {
        const edge = edgeY || x - b.x0 < BAND_EDGE || b.x1 - 1 - x < BAND_EDGE || around[(y - b.y0) * (b.x1 - b.x0) + x - b.x0] === 1;
        const v = 255 - img.data[y * w + x]!;
        img.data[y * w + x] = edge ? 255 : Math.min(255, Math.round((v * 255) / paper));
      }
    }
  }
  return img;
}

/** Pixels of a band's blurred border cleared after inversion. */
const BAND_EDGE = 2;

/**
 * Reads a page image. Photos (a sheet on a darker background) are first cut out and squared along
 * their outline; the squared sheet keeps the photo's scale and is centred where the sheet lies, so
 * boxes land near the words on the photo.
 */
export async function readPageImage(page: PageImage, engine: OcrEngine, opts: ReadImageOptions = {}): Promise<ReadImageResult> {
  let img = page.image;
  let frame: Frame = { scaleX: page.scaleX, scaleY: page.scaleY, originX: page.originX, originY: page.originY };
  const quad = findPageQuad(img);
  if (quad) {
    const size = quadSize(quad);
    img = warpQuad(img, quad, size.width, size.height);
    const cx = quad.reduce((s, p) => s + p.x, 0) / 4;
    const cy = quad.reduce((s, p) => s + p.y, 0) / 4;
    frame = {
      ...frame,
      originX: page.originX + (cx + 0.5 - size.width / 2) * page.scaleX,
      originY: page.originY + (cy + 0.5 - size.height / 2) * page.scaleY,
    };
    opts.debug?.('warped', img);
  }
  let clean = stretchContrast(flattenIllumination(img));
  let mask = binarize(clean);
  const skewDeg = estimateSkew(mask);
  if (Math.abs(skewDeg) >= MIN_DESKEW_DEG) {
    clean = rotate(clean, -skewDeg);
    mask = binarize(clean);
  }
  // Each step of the page's cleaning is a few synchronous seconds at most: a heartbeat between them.
  opts.onTick?.();
  opts.debug?.('clean', clean);
  const pxPerPt = 1 / Math.max(frame.scaleX, frame.scaleY);
  // Rules are often printed light grey and thin: they are looked for among the faint ink too.
  const { rules, ruleMask, bands } = findRules(binarize(clean, Math.max(otsuThreshold(clean), RULE_INK_LEVEL)), {
    minHorizontal: Math.round(RULE_MIN_H_PT * pxPerPt),
    minVertical: Math.round(RULE_MIN_V_PT * pxPerPt),
    maxThickness: Math.max(2, RULE_MAX_THICK_PT * pxPerPt),
    thinThickness: Math.max(2, RULE_THIN_PT * pxPerPt),
    maxGap: Math.max(1, Math.round(RULE_MAX_GAP_PT * pxPerPt)),
    grey: clean,
  });
  opts.onTick?.();
  opts.debug?.('rules', { ...ruleMask, data: ruleMask.data.map((v, i) => (v ? 0 : mask.data[i] ? 200 : 255)) });
  const text = whiten(invertBands(erase(clean, ruleMask), bands));
  const dpi = 72 * pxPerPt;
  const upscale = Math.min(MAX_UPSCALE, Math.max(1, OCR_DPI / dpi));
  const ocrImage = upscale > 1.05 ? resize(text, Math.round(text.width * upscale), Math.round(text.height * upscale)) : text;
  const scale = ocrImage.width / text.width;
  opts.debug?.('ocr', ocrImage);
  const found = await engine.recognize(ocrImage, 'auto', opts.onTick);
  // Text the page layout skipped is read again, region by region, in one more call.
  const ocrMask = binarize(ocrImage, otsuThreshold(ocrImage));
  const missed = missedRegions(ocrMask, found, {
    joinX: Math.round(4 * pxPerPt * scale),
    joinY: Math.max(1, Math.round(1.5 * pxPerPt * scale)),
    minInk: Math.round(6 * (pxPerPt * scale) ** 2),
    minHeight: Math.round(3 * pxPerPt * scale),
    maxHeight: Math.round(40 * pxPerPt * scale),
    maxRegions: MAX_MISSED_REGIONS,
  });
  let words = found;
  if (missed.length) {
    const gap = Math.round(8 * pxPerPt * scale);
    const padded = missed.map((b) => ({
      x0: Math.max(0, b.x0 - gap),
      y0: Math.max(0, b.y0 - Math.round(gap / 2)),
      x1: Math.min(ocrImage.width, b.x1 + gap),
      y1: Math.min(ocrImage.height, b.y1 + Math.round(gap / 2)),
    }));
    const stacked = stackRegions(ocrImage, padded, gap);
    opts.debug?.('missed', stacked.image);
    const again = unstackWords(await engine.recognize(stacked.image, 'block', opts.onTick), stacked.placed, gap);
    // A region's edge can take in part of a word already read: only words new to the page are kept.
    words = [...found, ...again.filter((w) => !found.some((f) => overlapShare(w, f) > 0.3))];
  }
  // A cell's text printed against its column rule is read together with the next cell's (rule-splits.ts).
  words = splitWordsAtRules(words, rules.filter((r) => r.orientation === 'v').map((r) => columnRule(r, scale)));
  // A cell of two lines in a row of one is read squeezed into one garbled word (stacked-words.ts).
  words = await rereadStacked(ocrImage, ocrMask, words, engine, opts.onTick);
  // Numbers lose their decimal marks and separators in the page's reading, and a few words are garbled: each is read again alone.
  words = await rereadWords(ocrImage, words, engine, opts.onTick);
  const measured = measureWords(words.filter((w) => !isNoise(w)), mask, 1 / scale);
  // Zeros printed as lone dashes: no OCR reading finds them (dash-marks.ts).
  const dashes = findDashMarks(binarize(ocrImage, Math.max(otsuThreshold(ocrImage), DASH_INK_LEVEL)), measured, { pxPerPt: pxPerPt * scale });
  return {
    chunks: [...fixAmountMarks(joinSplitNumbers(normalizeOcrText(measured))), ...dashes].map((w) => wordToChunk(w, frame, scale)),
    segments: rules.map((r) => ruleToSegment(r, frame)),
    steps: { photo: !!quad, skewDeg, upscale: scale, ...(quad ? { quad } : {}), width: img.width, height: img.height },
    // `rotate` turns about the image's centre pixel: that point in page points.
    ...(Math.abs(skewDeg) >= MIN_DESKEW_DEG
      ? { deskew: { deg: skewDeg, cx: frame.originX + ((img.width - 1) / 2) * frame.scaleX, cy: frame.originY + ((img.height - 1) / 2) * frame.scaleY } }
      : {}),
  };
}
