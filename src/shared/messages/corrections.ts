import type { ColumnType } from '../catalog/index.ts';
import type { CorrectionStatus } from '../api/corrections.ts';

/** How each column type is written, named in the message of a refused value. */
const EXPECTED: Record<Exclude<ColumnType, 'text'>, string> = {
  int: 'un número entero, por ejemplo 12 o 1.500',
  decimal: 'un número, por ejemplo 1.234,5 o 1234,5',
  money: 'un valor en pesos, por ejemplo 1.234.567,89 o 1234567',
  hectares: 'un número de hectáreas, por ejemplo 2,5',
  percent: 'un porcentaje, por ejemplo 12,5 o 12,5%',
  date: 'una fecha dd/mm/aaaa, por ejemplo 15/04/2025',
};

/** Spanish texts of corrections (the server answers them; the web app may show them as they are). */
export const CORRECTION_MESSAGES = {
  invalidValue: (label: string, type: Exclude<ColumnType, 'text'>, text: string) =>
    `«${text}» no es válido para ${label}: escribe ${EXPECTED[type]}.`,
  tooLarge: (label: string, text: string) => `«${text}» es demasiado grande para ${label}: el máximo es 9.007.199.254.740.991.`,
  columnNotFound: 'Columna no encontrada',
  rowNotFound: 'Fila no encontrada',
  notCorrected: 'Esta celda no tiene una corrección vigente.',
  correctionNotFound: 'Corrección no encontrada',
  notToReview: 'Solo se puede descartar una corrección por revisar.',
  cellChanged:
    'Otra persona cambió este valor mientras lo editabas. Revisa el valor actual y vuelve a guardar si aún quieres cambiarlo; lo que escribiste se conserva.',
  badExpected: 'El valor de referencia enviado no es válido.',
  status: {
    active: 'vigente',
    replaced: 'reemplazada',
    reverted: 'revertida',
    review: 'corrección por revisar',
    dismissed: 'descartada',
    done: 'hecha',
  } satisfies Record<CorrectionStatus, string>,
  action: { correct: 'corrección', revert: 'reversión', dismiss: 'descarte' },
  exportHeader: [
    'Id',
    'Fecha',
    'Usuario',
    'Documento',
    'Archivo',
    'N° Solicitud',
    'Tabla',
    'Fila',
    'Columna',
    'Acción',
    'Valor extraído',
    'Valor anterior',
    'Valor nuevo',
    'Motivo',
    'Estado',
  ],
} as const;
