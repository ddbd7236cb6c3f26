import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';

/** An image of at least this many pixels (about 500 × 500) can be a scanned or photographed page. */
export const MIN_PAGE_IMAGE_PIXELS = 250_000;
/** Form XObjects are looked into this deep for images (a scanner may wrap the page image in one). */
const MAX_FORM_DEPTH = 3;

const XOBJECT = PDFName.of('XObject');
const SUBTYPE = PDFName.of('Subtype');
const IMAGE = PDFName.of('Image');
const FORM = PDFName.of('Form');
const RESOURCES = PDFName.of('Resources');

function hasLargeImage(pdf: PDFDocument, resources: PDFObject | undefined, depth: number, seen: Set<string>): boolean {
  const res = resources instanceof PDFRef ? pdf.context.lookup(resources) : resources;
  if (!(res instanceof PDFDict)) return false;
  const xobjects = res.lookup(XOBJECT);
  if (!(xobjects instanceof PDFDict)) return false;
  for (const [, value] of xobjects.entries()) {
    if (value instanceof PDFRef) {
      if (seen.has(value.toString())) continue;
      seen.add(value.toString());
    }
    const stream = value instanceof PDFRef ? pdf.context.lookup(value) : value;
    if (!(stream instanceof PDFStream)) continue;
    const subtype = stream.dict.lookup(SUBTYPE);
    if (subtype === IMAGE) {
      const w = stream.dict.lookup(PDFName.of('Width'));
      const h = stream.dict.lookup(PDFName.of('Height'));
      if (w instanceof PDFNumber && h instanceof PDFNumber && w.asNumber() * h.asNumber() >= MIN_PAGE_IMAGE_PIXELS) return true;
    } else if (subtype === FORM && depth < MAX_FORM_DEPTH && hasLargeImage(pdf, stream.dict.get(RESOURCES), depth + 1, seen)) {
      return true;
    }
  }
  return false;
}

/**
 * The pages (1-based) that paint a large image, read from the document's structure with pdf-lib, no
 * content stream evaluated: only those pages are worth OCR, and pdf.js is spared drawing the others
 * (a form/pattern cycle makes an operator list grow without end; drawing-thread.ts bounds it).
 * Undefined when pdf-lib cannot read the file: the caller then trusts pdf.js, which did open it.
 */
export async function pagesWithLargeImages(bytes: Uint8Array): Promise<Set<number> | undefined> {
  try {
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    const out = new Set<number>();
    pdf.getPages().forEach((page, i) => {
      if (hasLargeImage(pdf, page.node.Resources(), 0, new Set())) out.add(i + 1);
    });
    return out;
  } catch {
    return undefined;
  }
}
