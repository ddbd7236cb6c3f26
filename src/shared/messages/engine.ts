/**
 * Spanish texts people see when an extraction does not end with tables (product spec), one per
 * failure reason of the engine's runtime (src/engine/runtime/run-isolated.ts).
 */
export const ENGINE_MESSAGES = {
  invalid: 'El archivo PDF está dañado o no se puede leer.',
  password: 'El PDF está protegido con contraseña.',
  no_text: 'El PDF no tiene texto seleccionable (parece un documento escaneado).',
  aborted: 'La extracción fue cancelada.',
  timeout: 'El procesamiento superó el tiempo máximo permitido.',
  memory: 'El procesamiento superó la memoria máxima permitida.',
  crash: 'El procesamiento falló de forma inesperada.',
} as const satisfies Record<'invalid' | 'password' | 'no_text' | 'aborted' | 'timeout' | 'memory' | 'crash', string>;

/** Warning added when some pages could not be read and were left out. */
export function skippedPagesWarning(pages: readonly number[]): string {
  return pages.length === 1
    ? `No se pudo leer la página ${pages[0]}; se omitió.`
    : `No se pudieron leer las páginas ${pages.join(', ')}; se omitieron.`;
}

/** Warning added when a document has more pages than the engine reads. */
export function pageLimitWarning(read: number, total: number): string {
  return `El documento tiene ${total} páginas; solo se leyeron las primeras ${read}.`;
}

/** Warning added when the tables were found but sorting them into the catalogue failed. */
export const CLASSIFICATION_FAILED_WARNING = 'No se pudieron clasificar las tablas del documento; se muestran sin clasificar.';

/** Warning added when pages without a text layer were read by OCR (docs/decisions/070-ocr.md). */
export function ocrPagesWarning(pages: readonly number[]): string {
  return pages.length === 1
    ? `La página ${pages[0]} es una imagen (escaneo o foto) y se leyó por OCR: revise los valores.`
    : `Las páginas ${pages.join(', ')} son imágenes (escaneos o fotos) y se leyeron por OCR: revise los valores.`;
}

/** Warning of a table some of whose cells OCR read with low confidence. */
export function lowConfidenceWarning(title: string, cells: number): string {
  return cells === 1
    ? `${title}: 1 celda se leyó por OCR con baja confianza; verifíquela.`
    : `${title}: ${cells} celdas se leyeron por OCR con baja confianza; verifíquelas.`;
}
