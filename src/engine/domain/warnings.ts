import type { CatalogTable } from '../../shared/catalog/index.ts';
import type { CheckSum } from '../types.ts';

/** Spanish quality warnings people read in the document detail. */
export const NO_REQUEST_NUMBER = 'No se encontró el número de solicitud en el documento.';

export function unparsedWarning(table: CatalogTable, cells: number): string {
  return cells === 1
    ? `${table.title}: 1 celda no se pudo leer como número o fecha; se guardó el texto original.`
    : `${table.title}: ${cells} celdas no se pudieron leer como número o fecha; se guardó el texto original.`;
}

const figure = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

/** A number as people in Colombia write it: 53.630.750, 9,6. */
export function formatFigure(n: number): string {
  return figure.format(n);
}

/** The Spanish warning people see when a printed total does not match the rows read. */
export function checkSumWarning(table: CatalogTable, sum: CheckSum): string {
  const column = sum.header ?? table.columns.find((c) => c.key === sum.column)?.label ?? sum.column;
  const parts = sum.kind === 'row' ? 'sus periodos suman' : 'las filas leídas suman';
  return (
    `${table.title}, página ${sum.page}: la fila «${sum.label}» imprime ${formatFigure(sum.printed)} en ${column}, ` +
    `pero ${parts} ${formatFigure(sum.computed)}.`
  );
}
