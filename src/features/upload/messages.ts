import { ONLY_PDF, TOO_MANY_FILES } from '../../shared/messages/common.ts';

/** Spanish texts of the upload screen, exact as product-spec.md quotes them (§2, §4, §5, §8). */
export const uploadMessages = {
  title: 'Subir Documentos',
  pickLabel: 'Seleccionar archivos PDF',
  pickHint: 'Haz clic o arrastra tus archivos PDF aquí',
  counter: (n: number) => `${n}/3 archivos seleccionados`,
  remove: (name: string) => `Quitar ${name}`,
  process: 'Procesar Archivos',
  processing: 'Procesando...',
  tooMany: 'Solo se permiten 3 archivos como máximo',
  noneToProcess: 'No hay archivos para procesar',
  processLimit: 'No puedes procesar más de 3 archivos a la vez',
  uploadLimit: TOO_MANY_FILES,
  onlyPdf: ONLY_PDF,
  tooLarge: (name: string) => `El archivo "${name}" supera el máximo de 10MB por archivo`,
  uploadFailed: 'Error al procesar los archivos. Intenta de nuevo más tarde.',
  instructionsTitle: 'Instrucciones',
  steps: [
    'Selecciona hasta 3 archivos PDF (máximo 10MB por archivo).',
    'Revisa la lista y quita los archivos que no quieras procesar.',
    'Pulsa "Procesar Archivos" y sigue el avance en Subidas Recientes.',
  ],
  recommendationsTitle: 'Recomendaciones',
  recommendations: [
    'Usa documentos con tablas claras y legibles.',
    'Evita imágenes escaneadas de baja calidad.',
    'El procesamiento puede tardar varios minutos.',
  ],
  recentTitle: 'Subidas Recientes',
  recentEmpty: 'No hay archivos procesados recientemente',
  recentError: 'Error al cargar documentos recientes',
  recentFallback: 'Error al obtener documentos recientes',
  progressFallback: 'Error al obtener el estado del documento',
  tablesCount: (n: number) => `${n} tablas`,
  pollingStopped: (filename: string) => `Se ha detenido la actualización para "${filename}" (no encontrado)`,
} as const;
