import { whenOver } from '../runtime/task-clock.ts';
import { restoreNatives } from '../pdf/natives.ts';
import { AnnotationMode, OPS, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

restoreNatives();
import { createRequire } from 'node:module';
import { apply, IDENTITY, multiply, toMatrix, type Matrix } from '../pdf/matrix.ts';
import { downsample, toGray, type GrayImage } from './gray-image.ts';

/** A page as pixels, upright, and how its pixels map to the page's upright points. */
export interface PageImage {
  image: GrayImage;
  /** Points per pixel along x and y, and the point of pixel (0, 0)'s top-left corner. */
  scaleX: number;
  scaleY: number;
  originX: number;
  originY: number;
  /** 'image': the page's one embedded image, decoded as stored; 'render': drawn by pdf.js. */
  source: 'image' | 'render';
}

/** An image covering at least this share of the page makes it a scanned page. */
export const PAGE_IMAGE_SHARE = 0.5;
/** A page with fewer path operators than this and no large image is blank: nothing to read. */
export const MIN_VECTOR_PATHS = 50;
/** Rendering resolution, and the most a decoded image is kept at (larger ones are reduced): pixels per inch. */
export const RENDER_DPI = 200;
export const MAX_IMAGE_DPI = 320;

interface PaintedImage {
  objId?: string;
  inline?: unknown;
  /** Image unit square → upright page points. */
  m: Matrix;
}

interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

function isDecoded(v: unknown): v is DecodedImage {
  if (!v || typeof v !== 'object') return false;
  const o = v as Partial<DecodedImage>;
  return typeof o.width === 'number' && typeof o.height === 'number' && typeof o.kind === 'number' && !!o.data && typeof o.data === 'object';
}

/** Images painted on the page (with where they land) and the number of path operators, from the operator list. */
export function paintedImages(fnArray: readonly number[], argsArray: readonly unknown[], base: Matrix): { images: PaintedImage[]; paths: number } {
  const stack: Matrix[] = [];
  let ctm: Matrix = IDENTITY;
  const images: PaintedImage[] = [];
  let paths = 0;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[] | null;
    switch (fn) {
      case OPS.save:
        stack.push(ctm);
        break;
      case OPS.restore:
        ctm = stack.pop() ?? IDENTITY;
        break;
      case OPS.transform: {
        const t = toMatrix(args);
        if (t) ctm = multiply(ctm, t);
        break;
      }
      case OPS.paintFormXObjectBegin: {
        stack.push(ctm);
        const t = toMatrix(args?.[0]);
        if (t) ctm = multiply(ctm, t);
        break;
      }
      case OPS.paintFormXObjectEnd:
        ctm = stack.pop() ?? IDENTITY;
        break;
      case OPS.paintImageXObject:
        if (typeof args?.[0] === 'string') images.push({ objId: args[0], m: multiply(base, ctm) });
        break;
      case OPS.paintInlineImageXObject:
        images.push({ inline: args?.[0], m: multiply(base, ctm) });
        break;
      case OPS.constructPath:
        paths++;
        break;
    }
  }
  return { images, paths };
}

function objectOf(page: PDFPageProxy, objId: string, timeoutMs: number): Promise<unknown> {
  const store = objId.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    // In CPU time: on a busy machine a large scan's decoding takes several times its CPU.
    const stop = whenOver(timeoutMs, () => resolve(undefined));
    store.get(objId, (data: unknown) => {
      stop();
      resolve(data);
    });
  });
}

function decodedToGray(img: DecodedImage): GrayImage | undefined {
  const { width, height, kind, data } = img;
  if (kind === 2) return toGray(data, width, height, 3);
  if (kind === 3) return toGray(data, width, height, 4);
  if (kind === 1) {
    // 1 bit per pixel, rows padded to whole bytes, 1 white (pdf.js's GRAYSCALE_1BPP).
    const rowBytes = (width + 7) >> 3;
    const out = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) out[y * width + x] = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
    return { width, height, data: out };
  }
  return undefined;
}

/** The image turned by a quarter turn: `turns` × 90° clockwise. */
export function rotateQuarter(img: GrayImage, turns: number): GrayImage {
  const t = ((turns % 4) + 4) % 4;
  if (t === 0) return img;
  const { width: w, height: h, data } = img;
  const ow = t === 2 ? w : h;
  const oh = t === 2 ? h : w;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let ox: number;
      let oy: number;
      if (t === 1) [ox, oy] = [h - 1 - y, x];
      else if (t === 2) [ox, oy] = [w - 1 - x, h - 1 - y];
      else [ox, oy] = [y, w - 1 - x];
      out[oy * ow + ox] = data[y * w + x]!;
    }
  }
  return { width: ow, height: oh, data: out };
}

/**
 * The decoded image placed upright on the page, when the image's axes run along the page's (any
 * quarter turn, mirrored or not is refused): its pixels turned so row 0 is the top, and the map to
 * page points.
 */
export function uprightImage(gray: GrayImage, m: Matrix): PageImage | undefined {
  // Pixel (u, v) (v down) sits at unit-square point (u/w, 1 − v/h).
  const at = (u: number, v: number) => apply(m, u / gray.width, 1 - v / gray.height);
  const o = at(0, 0);
  const ex = at(gray.width, 0);
  const ey = at(0, gray.height);
  const ux = [ex[0] - o[0], ex[1] - o[1]];
  const uy = [ey[0] - o[0], ey[1] - o[1]];
  const axis = (v: number[]) => (Math.abs(v[0]!) > 1e3 * Math.abs(v[1]!) ? 'x' : Math.abs(v[1]!) > 1e3 * Math.abs(v[0]!) ? 'y' : undefined);
  const ax = axis(ux);
  const ay = axis(uy);
  if (!ax || !ay || ax === ay) return undefined;
  // Quarter turns that bring the image's u axis to the page's +x (then v must run along +y).
  let turns: number;
  if (ax === 'x') turns = ux[0]! > 0 ? 0 : 2;
  else turns = ux[1]! > 0 ? 1 : 3;
  const image = rotateQuarter(gray, turns);
  const corners = [o, ex, ey, at(gray.width, gray.height)];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  // Mirrored images are refused: after the turn v must point down the page.
  const vDown = turns === 0 ? uy[1]! > 0 : turns === 2 ? uy[1]! < 0 : turns === 1 ? uy[0]! < 0 : uy[0]! > 0;
  if (!vDown) return undefined;
  return {
    image,
    scaleX: (Math.max(...xs) - x0) / image.width,
    scaleY: (Math.max(...ys) - y0) / image.height,
    originX: x0,
    originY: y0,
    source: 'image',
  };
}

/** Reduces an image finer than MAX_IMAGE_DPI (a 600 dpi scan) to about that resolution. */
function capResolution(p: PageImage): PageImage {
  const dpi = 72 / Math.max(p.scaleX, p.scaleY);
  const factor = Math.floor(dpi / MAX_IMAGE_DPI);
  if (factor < 2) return p;
  const image = downsample(p.image, factor);
  return { ...p, image, scaleX: (p.scaleX * p.image.width) / image.width, scaleY: (p.scaleY * p.image.height) / image.height };
}

/** Most pixels a rendered page may have (a page of absurd size is drawn coarser, not bigger). */
export const MAX_RENDER_PIXELS = 4096 * 4096;

/** Draws the page with pdf.js on a Node canvas (@napi-rs/canvas) at RENDER_DPI, in grey. */
async function renderPage(page: PDFPageProxy, rotation: number): Promise<PageImage> {
  // The copy pdf.js loads (its optional dependency, required from its own folder): a canvas from
  // another copy refuses the Path2D objects pdf.js draws with.
  const fromPdfjs = createRequire(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const { createCanvas } = fromPdfjs('@napi-rs/canvas') as typeof import('@napi-rs/canvas');
  const unit = page.getViewport({ scale: 1, rotation });
  const scale = Math.min(RENDER_DPI / 72, Math.sqrt(MAX_RENDER_PIXELS / Math.max(1, unit.width * unit.height)));
  const viewport = page.getViewport({ scale, rotation });
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  // pdf.js's types name the DOM's canvas; @napi-rs/canvas implements the part it draws with.
  type Params = Parameters<PDFPageProxy['render']>[0];
  await page.render({ canvas: canvas as unknown as Params['canvas'], canvasContext: ctx as unknown as Params['canvasContext'], viewport, annotationMode: AnnotationMode.DISABLE } as Params).promise;
  const rgba = ctx.getImageData(0, 0, width, height).data;
  return { image: toGray(rgba, width, height, 4), scaleX: 1 / scale, scaleY: 1 / scale, originX: 0, originY: 0, source: 'render' };
}

/**
 * The page as an upright grey image for OCR, or undefined when there is nothing to read (no large
 * image, hardly any drawing). A page that is one image placed straight (a scan, a photo) gives that
 * image as stored, decoded by pdf.js; anything else is rendered.
 */
export async function pageImage(page: PDFPageProxy, base: Matrix, size: { width: number; height: number }, rotation: number, timeoutMs: number): Promise<PageImage | undefined> {
  const ops = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
  const { images, paths } = paintedImages(ops.fnArray, ops.argsArray, base);
  const pageArea = size.width * size.height;
  const area = (m: Matrix) => Math.abs(m[0] * m[3] - m[1] * m[2]);
  const large = images.filter((im) => area(im.m) >= PAGE_IMAGE_SHARE * pageArea);
  if (!large.length && paths < MIN_VECTOR_PATHS) return undefined;
  if (large.length === 1 && images.length === 1) {
    const im = large[0]!;
    const data = im.objId ? await objectOf(page, im.objId, timeoutMs) : im.inline;
    const gray = isDecoded(data) ? decodedToGray(data) : undefined;
    const upright = gray && uprightImage(gray, im.m);
    if (upright) return capResolution(upright);
  }
  return renderPage(page, rotation);
}
