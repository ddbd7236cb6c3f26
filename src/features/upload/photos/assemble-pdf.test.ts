import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { assemblePhotoPdf, ENCODE_STEPS, PhotosTooLargeError } from './assemble-pdf.ts';
import type { ImageEncoder } from './encode-page.ts';
import { photoPagesReducer, photoPdfName, type PhotoPage } from './photo-pages.ts';
// A committed page photo (1200×1600 JPEG), inlined by Vite: the web tests have no Node APIs.
import pageDataUrl from '../../../../tests/fixtures/photos/solicitud-p1.jpg?inline';

const JPEG = Uint8Array.from(atob(pageDataUrl.split(',')[1]!), (c) => c.charCodeAt(0));
const page = (id: string): PhotoPage => ({ id, file: new Blob([JPEG]), thumbnail: `blob:${id}`, rotation: 0 });

describe('assemblePhotoPdf', () => {
  it('steps down size and quality until the pages fit the budget', async () => {
    const used: number[] = [];
    // A real JPEG padded to weigh 4 MB at the best step and 1 MB below it.
    const encode: ImageEncoder = async (_file, _rotation, options) => {
      used.push(options.maxSide);
      const bytes = new Uint8Array((options.maxSide === ENCODE_STEPS[0]!.maxSide ? 4 : 1) * 1024 * 1024);
      bytes.set(JPEG);
      return { bytes, width: 1200, height: 1600 };
    };
    const pdf = await assemblePhotoPdf([page('a'), page('b'), page('c')], 't', { encode, budget: 3.5 * 1024 * 1024 });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(3);
    // The best step is dropped as soon as it runs over; the next one is used for every page.
    expect(used).toEqual([2000, ENCODE_STEPS[1]!.maxSide, ENCODE_STEPS[1]!.maxSide, ENCODE_STEPS[1]!.maxSide]);
  });

  it('says so when even the smallest step does not fit', async () => {
    const encode: ImageEncoder = async () => ({ bytes: new Uint8Array(2 * 1024 * 1024), width: 10, height: 10 });
    await expect(assemblePhotoPdf([page('a'), page('b')], 't', { encode, budget: 1024 * 1024 })).rejects.toBeInstanceOf(PhotosTooLargeError);
  });

  it('writes one page per photo', async () => {
    const encode: ImageEncoder = async () => ({ bytes: JPEG, width: 1200, height: 1600 });
    const bytes = await assemblePhotoPdf([page('a'), page('b')], 'fotos', { encode });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
  });
});

describe('photo pages', () => {
  it('reorders, rotates by quarter turns and removes', () => {
    let pages = photoPagesReducer([], { type: 'add', pages: [page('a'), page('b'), page('c')] });
    pages = photoPagesReducer(pages, { type: 'move', id: 'a', by: -1 });
    expect(pages.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    pages = photoPagesReducer(pages, { type: 'move', id: 'c', by: -1 });
    expect(pages.map((p) => p.id)).toEqual(['a', 'c', 'b']);
    for (let i = 0; i < 5; i++) pages = photoPagesReducer(pages, { type: 'rotate', id: 'b' });
    expect(pages.find((p) => p.id === 'b')!.rotation).toBe(90);
    pages = photoPagesReducer(pages, { type: 'remove', id: 'a' });
    expect(pages.map((p) => p.id)).toEqual(['c', 'b']);
  });

  it('names the PDF after the local date and time', () => {
    expect(photoPdfName(new Date(2025, 2, 7, 9, 5))).toBe('fotos-2025-03-07-0905.pdf');
  });
});
