import type { CatalogTable } from '../../shared/catalog/index.ts';

/** Spanish quality warnings people read in the document detail. */
export const NO_REQUEST_NUMBER = 'No se encontró el número de solicitud en el documento.';

export function unparsedWarning(table: CatalogTable, cells: number): string {
  return cells === 1
    ? `${table.title}: 1 celda no se pudo leer como número o fecha; se guardó el texto original.`
    : `${table.title}: ${cells} celdas no se pudieron leer como número o fecha; se guardó el texto original.`;
}
