/** The words of the cell editor (`cell-editor.tsx`), the same wherever a reviewer corrects a value. */
export const CELL_EDITOR_TEXT = {
  edit: (label: string) => `Corregir ${label}`,
  newValue: (label: string) => `Nuevo valor de ${label}`,
  reason: 'Motivo (opcional)',
  save: 'Guardar',
  saving: 'Guardando...',
  cancel: 'Cancelar',
  revert: 'Restaurar valor extraído',
  correctError: 'Error al guardar la corrección',
  revertError: 'Error al restaurar el valor extraído',
  dateHint: 'dd/mm/aaaa',
  numberHint: 'Ej.: 1.234.567,89',
  /** After a 409 CELL_CHANGED: the value the cell holds now, under the server's message. */
  currentValue: (shown: string) => `Valor actual: ${shown || '(vacío)'}. Tu valor sigue en la casilla: Guardar lo reemplaza, Cancelar lo deja como está.`,
} as const;
