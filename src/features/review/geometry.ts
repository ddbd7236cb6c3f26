import type { Box, PageSize } from '../../shared/api/sources.ts';

/** A box on screen in CSS pixels, from the top-left corner of the drawn page. */
export interface ScreenBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Zoom steps and bounds (CSS pixels per PDF point). */
export const MIN_SCALE = 0.25;
export const MAX_SCALE = 4;
const ZOOM_STEP = 1.25;

/**
 * A source box (PDF points, origin at the top-left of the upright page, y down — decision 011) on
 * the page as drawn: the engine's upright page is pdf.js's viewport turned `PageSize.rotation`, so
 * only the scale differs; x and y are scaled each by its own ratio so a viewport a pixel off in
 * size still lines up at both edges.
 */
export function boxToScreen(box: Box, page: Pick<PageSize, 'width' | 'height'>, viewport: { width: number; height: number }): ScreenBox {
  const sx = page.width > 0 ? viewport.width / page.width : 0;
  const sy = page.height > 0 ? viewport.height / page.height : 0;
  const left = Math.min(box.x0, box.x1) * sx;
  const top = Math.min(box.y0, box.y1) * sy;
  return { left, top, width: Math.abs(box.x1 - box.x0) * sx, height: Math.abs(box.y1 - box.y0) * sy };
}

/** A point on the drawn page (CSS pixels from its top-left) back in PDF points of the upright page. */
export function screenToPoint(x: number, y: number, page: Pick<PageSize, 'width' | 'height'>, viewport: { width: number; height: number }): { x: number; y: number } {
  return { x: viewport.width > 0 ? (x * page.width) / viewport.width : 0, y: viewport.height > 0 ? (y * page.height) / viewport.height : 0 };
}

/**
 * A point of PDF user space (origin bottom-left, y up: what pdf.js's text items give) in the
 * top-left convention of the sources, for an unrotated page of that height.
 */
export function bottomLeftToTopLeft(x: number, y: number, pageHeight: number): { x: number; y: number } {
  return { x, y: pageHeight - y };
}

const clamp = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

/** The scale at which a page of `pageWidth` points fills `available` CSS pixels ('Ajustar al ancho'). */
export function fitWidthScale(pageWidth: number, available: number): number {
  if (pageWidth <= 0 || available <= 0) return 1;
  return clamp(available / pageWidth);
}

export function zoomIn(scale: number): number {
  return clamp(Math.round(scale * ZOOM_STEP * 100) / 100);
}

export function zoomOut(scale: number): number {
  return clamp(Math.round((scale / ZOOM_STEP) * 100) / 100);
}
