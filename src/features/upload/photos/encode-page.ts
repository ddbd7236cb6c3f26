import type { Rotation } from './photo-pages.ts';

/** A page image re-encoded for the PDF: JPEG bytes and their pixel size (after rotation). */
export interface EncodedImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

export interface EncodeOptions {
  /** Longest side in pixels (the image is only ever scaled down). */
  maxSide: number;
  /** JPEG quality, 0–1. */
  quality: number;
}

/** Turns a photo into a smaller JPEG, rotated. The browser's is below; tests hand in their own. */
export type ImageEncoder = (file: Blob, rotation: Rotation, options: EncodeOptions) => Promise<EncodedImage>;

async function decode(file: Blob): Promise<{ image: CanvasImageSource; width: number; height: number; close: () => void }> {
  if (typeof createImageBitmap === 'function') {
    // 'from-image': a tablet's photo says in its EXIF which way is up.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { image: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { image: img, width: img.naturalWidth, height: img.naturalHeight, close: () => undefined };
  } finally {
    URL.revokeObjectURL(url);
  }
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob gave nothing'))), 'image/jpeg', quality);
  });
}

/** Scales (never up), rotates and re-encodes as JPEG on a canvas; white behind transparent pixels. */
export const encodeWithCanvas: ImageEncoder = async (file, rotation, { maxSide, quality }) => {
  const source = await decode(file);
  const canvas = document.createElement('canvas');
  try {
    const scale = Math.min(1, maxSide / Math.max(source.width, source.height));
    const width = Math.max(1, Math.round(source.width * scale));
    const height = Math.max(1, Math.round(source.height * scale));
    const sideways = rotation === 90 || rotation === 270;
    canvas.width = sideways ? height : width;
    canvas.height = sideways ? width : height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.translate(canvas.width / 2, canvas.height / 2);
    context.rotate((rotation * Math.PI) / 180);
    context.imageSmoothingQuality = 'high';
    context.drawImage(source.image, -width / 2, -height / 2, width, height);
    const blob = await toJpeg(canvas, quality);
    return { bytes: new Uint8Array(await blob.arrayBuffer()), width: canvas.width, height: canvas.height };
  } finally {
    source.close();
    // Tablets have little memory: let the canvas's pixels go now.
    canvas.width = 0;
    canvas.height = 0;
  }
};
