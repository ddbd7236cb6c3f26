/** Spanish texts people see when an extraction does not end with tables (product spec). */
export const ENGINE_MESSAGES = {
  invalid: 'El archivo PDF está dañado o no se puede leer.',
  password: 'El PDF está protegido con contraseña.',
  no_text: 'El PDF no tiene texto seleccionable (parece un documento escaneado).',
  aborted: 'La extracción fue cancelada.',
} as const satisfies Record<'invalid' | 'password' | 'no_text' | 'aborted', string>;

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
