import { PDFDocument } from 'pdf-lib';
import type { EncodedImage } from './encode-page.ts';

/** A4 in PDF points: a page's width follows the photo's orientation, its height the photo's shape. */
const A4_SHORT = 595.28;
const A4_LONG = 841.89;

/**
 * Writes one PDF page per JPEG, each image filling its page. Loaded on demand (its own chunk:
 * pdf-lib is several times the size of the rest of the upload screen).
 */
export async function writePhotoPdf(images: readonly EncodedImage[], title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator('Sistema de Extracción PDF');
  pdf.setProducer('Sistema de Extracción PDF');
  pdf.setCreationDate(new Date());
  for (const image of images) {
    const jpg = await pdf.embedJpg(image.bytes);
    const width = image.width >= image.height ? A4_LONG : A4_SHORT;
    const height = (width * image.height) / image.width;
    const page = pdf.addPage([width, height]);
    page.drawImage(jpg, { x: 0, y: 0, width, height });
  }
  return pdf.save({ useObjectStreams: true });
}
