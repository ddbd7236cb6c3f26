/**
 * A valid PDF of about `bytes` that no link can compress: a few pages of text, each also painting
 * an uncompressed image of random pixels. Every page has text, so the server's job reads it as a
 * text document (no OCR of noise), and each image stays under the OCR's "page image" size.
 */
import { randomBytes } from 'node:crypto';
import { PDFDocument, PDFName, StandardFonts, drawObject, popGraphicsState, pushGraphicsState, concatTransformationMatrix } from 'pdf-lib';

/** 480 × 480 RGB: 691,200 bytes, below the 250,000-pixel mark where a page image may be OCR'd. */
const SIDE = 480;
const IMAGE_BYTES = SIDE * SIDE * 3;

export async function makeFieldPdf(bytes: number, label: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = Math.max(1, Math.ceil(bytes / IMAGE_BYTES));
  let left = bytes;
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595, 842]);
    const lines = [
      `Solicitud de crédito — ${label}`,
      `Página ${n} de ${pages}. Documento de prueba de npm run bench:field.`,
      'Nombre del solicitante: Agente de campo',
      'Monto solicitado: 1.000.000',
    ];
    lines.forEach((text, i) => page.drawText(text, { x: 50, y: 790 - i * 18, size: 12, font }));
    // The last image is cut to what is left (at least one row), so the file lands near `bytes`.
    const rows = Math.max(1, Math.min(SIDE, Math.round(left / (SIDE * 3))));
    left -= rows * SIDE * 3;
    const image = doc.context.stream(randomBytes(rows * SIDE * 3), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: SIDE,
      Height: rows,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
    });
    const name = page.node.newXObject('Ruido', doc.context.register(image));
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(SIDE * 0.9, 0, 0, rows * 0.9, 50, 80),
      drawObject(name as PDFName),
      popGraphicsState(),
    );
  }
  return doc.save({ useObjectStreams: false });
}
