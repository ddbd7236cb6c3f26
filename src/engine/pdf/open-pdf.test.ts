import { PDFDocument, PDFName, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { gridSpec, makePdf } from '../../../tests/fixtures/engine/make-pdf.ts';
import { loadPages } from './load-pages.ts';
import { openPdf } from './open-pdf.ts';

/** A ruled table with a 600×600 grey image painted beside it (a logo, a photo). */
async function tableWithImage(): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(await makePdf([gridSpec([50, 150, 250], [100, 120, 140], [['a', 'b'], ['c', 'd']])]));
  const image = pdf.context.stream(new Uint8Array(600 * 600).fill(90), { Type: 'XObject', Subtype: 'Image', Width: 600, Height: 600, ColorSpace: 'DeviceGray', BitsPerComponent: 8 });
  const page = pdf.getPage(0);
  page.node.setXObject(PDFName.of('Im1'), pdf.context.register(image));
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(200, 0, 0, 200, 300, 300), drawObject('Im1'), popGraphicsState());
  return pdf.save({ useObjectStreams: false });
}

async function paintsImage(bytes: Uint8Array, drawing: boolean): Promise<boolean> {
  const doc = await openPdf(bytes, { drawing });
  try {
    const ops = await (await doc.getPage(1)).getOperatorList();
    return ops.fnArray.includes(OPS.paintImageXObject);
  } finally {
    await doc.destroy();
  }
}

describe('openPdf', () => {
  it('leaves images out of a document opened to be read, and decodes them for one opened to be drawn', async () => {
    const bytes = await tableWithImage();
    expect(await paintsImage(bytes, false)).toBe(false);
    expect(await paintsImage(bytes, true)).toBe(true);
    // What the engine reads of the page does not change: its words and its rules.
    const { pages } = await loadPages(bytes);
    expect(pages[0]?.chunks.map((c) => c.text)).toEqual(['a', 'b', 'c', 'd']);
    expect(pages[0]?.segments).toHaveLength(6);
  });
});
