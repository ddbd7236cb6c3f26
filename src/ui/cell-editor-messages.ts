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
} as const;
