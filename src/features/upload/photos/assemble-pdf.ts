import { MAX_FILE_BYTES } from '../../../shared/constants.ts';
import type { EncodeOptions, EncodedImage, ImageEncoder } from './encode-page.ts';
import type { PhotoPage } from './photo-pages.ts';

/**
 * Tries from best to smallest until the PDF fits: about 2000 px on the long side at JPEG quality
 * 0.8 is plenty to read a form (≈170 dpi on A4), and a 10-page application usually fits at once.
 */
export const ENCODE_STEPS: readonly EncodeOptions[] = [
  { maxSide: 2000, quality: 0.8 },
  { maxSide: 1600, quality: 0.72 },
  { maxSide: 1300, quality: 0.65 },
  { maxSide: 1000, quality: 0.6 },
];

/** What the images may add up to: the server's 10 MB, less room for the PDF's own structure. */
export const IMAGE_BUDGET_BYTES = MAX_FILE_BYTES - 256 * 1024;

export class PhotosTooLargeError extends Error {
  constructor() {
    super('photos do not fit in one PDF under the size limit');
    this.name = 'PhotosTooLargeError';
  }
}

/** pdf-lib's chunk, fetched on first need (and ahead of time once the first photo is taken). */
export function loadPdfWriter() {
  return import('./pdf-writer.ts');
}

export interface AssembleOptions {
  encode: ImageEncoder;
  /** Called as each page is ready: (done, total). */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  budget?: number;
  steps?: readonly EncodeOptions[];
}

/**
 * Photos → one PDF on the device: each page scaled, rotated and re-encoded as JPEG, smaller and
 * smaller until the whole fits under the upload limit, then written with pdf-lib. One photo is
 * decoded at a time (a tablet's memory).
 */
export async function assemblePhotoPdf(pages: readonly PhotoPage[], title: string, options: AssembleOptions): Promise<Uint8Array> {
  if (pages.length === 0) throw new Error('no pages');
  const budget = options.budget ?? IMAGE_BUDGET_BYTES;
  const writer = loadPdfWriter();
  writer.catch(() => undefined); // awaited below; a failure is thrown there, not left unhandled
  for (const step of options.steps ?? ENCODE_STEPS) {
    const images: EncodedImage[] = [];
    let total = 0;
    for (const page of pages) {
      options.signal?.throwIfAborted();
      const image = await options.encode(page.file, page.rotation, step);
      images.push(image);
      total += image.bytes.byteLength;
      options.onProgress?.(images.length, pages.length);
      if (total > budget) break;
    }
    if (total > budget) continue;
    const { writePhotoPdf } = await writer;
    const bytes = await writePhotoPdf(images, title);
    if (bytes.byteLength <= MAX_FILE_BYTES) return bytes;
  }
  throw new PhotosTooLargeError();
}
