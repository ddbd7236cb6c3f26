import type { ColumnType } from '../catalog/index.ts';

const TYPE_NAMES: Record<ColumnType, string> = {
  text: 'texto',
  int: 'número entero',
  decimal: 'número',
  money: 'valor en pesos',
  percent: 'porcentaje',
  date: 'fecha',
  hectares: 'número de hectáreas',
};

/** Why a cell is flagged for review, in words (the review API answers them; decision 055). */
export const REVIEW_MESSAGES = {
  typeFailure: (label: string, type: ColumnType) =>
    `${label}: no se pudo leer como ${TYPE_NAMES[type]}; se guardó el texto impreso.`,
  lowConfidence: (label: string, confidence: number) =>
    `${label}: leído por OCR con baja confianza (${Math.round(confidence * 100)} %); verifíquelo.`,
} as const;
