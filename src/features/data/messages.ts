import { CELL_EDITOR_TEXT } from '../../ui/cell-editor-messages.ts';
/** Spanish texts of the data screen, exact as product-spec.md quotes them (§2, §5, §8). */
export const dataMessages = {
  title: 'Datos Extraídos',
  subtitle: (table: string) => `Visualización de la tabla ${table}`,
  requestPlaceholder: 'N° solicitud',
  searchPlaceholder: 'Buscar...',
  searchButton: 'Buscar',
  clearRequest: 'Limpiar N° solicitud',
  clearSearch: 'Limpiar búsqueda',
  sortToggleOn: 'Quitar agrupación por N° solicitud',
  sortToggleOff: 'Agrupar y ordenar por N° solicitud',
  loading: 'Cargando datos...',
  empty: 'No hay datos disponibles',
  error: (message: string) => `Error: ${message}`,
  exportCsv: 'Exportar CSV',
  exportExcel: 'Exportar Excel',
  exportError: 'Error al exportar la tabla',
  tableTypeRequired: 'tableType es requerido',
  tableError: (name: string) => `Error al obtener datos de la tabla ${name}`,
  // Issue 12: tables people can read. Not in the spec.
  rowsPerPage: 'Filas por página',
  total: 'Total',
  totalHint: 'Suma de todas las filas filtradas, no solo de esta página',
  scrollHint: 'Hay más columnas a la derecha: desplace la tabla hacia los lados.',
  viewLabel: 'Vista',
  viewLong: 'Vista detallada',
  viewPeriod: 'Vista por periodo',
  concept: 'Concepto',
  noPeriod: 'Sin periodo',
  pivotTruncated: (shown: string, total: string) =>
    `Se muestran las primeras ${shown} de ${total} filas: filtre por N° solicitud para ver un flujo completo. Los totales son de las filas mostradas.`,
  // Issue 12: corrections (docs/decisions/039-corrections.md).
  corrected: 'Corregido',
  correctedHint: (extracted: string) => `Corregido; valor extraído: ${extracted === '' ? '(vacío)' : extracted}`,
  ...CELL_EDITOR_TEXT,
  saved: 'Corrección guardada',
  reverted: 'Valor extraído restaurado',
  viewInPdf: 'Ver en el PDF',
  viewInPdfRow: (n: number) => `Ver en el PDF (fila ${n})`,
  pdfColumn: 'PDF',
  // Issue 12: how far to trust a table (decision 014), in words.
  confidenceTitle: 'Confianza de la extracción',
  confidenceLevels: { high: 'alta', medium: 'media', low: 'baja', unknown: 'sin dato' },
  confidenceOf: (document: string, level: string, confidence: number | null) =>
    confidence === null ? `${document}: confianza ${level}` : `${document}: confianza ${level} (${Math.round(confidence * 100)} %)`,
} as const;
