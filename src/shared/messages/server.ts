import { DOCUMENT_NOT_FOUND, INVALID_CREDENTIALS, ONLY_PDF, TOO_MANY_FILES } from './common.ts';
import { ENGINE_MESSAGES } from './engine.ts';

/** Spanish texts the server answers (the web app may show them verbatim). */
export const SERVER_MESSAGES = {
  invalidCredentials: INVALID_CREDENTIALS,
  tooManyLogins: 'Demasiados intentos de inicio de sesión. Espera unos minutos e intenta de nuevo.',
  tooManyRequests: 'Demasiadas solicitudes. Intenta de nuevo en unos momentos.',
  serverBusy: 'El servidor está ocupado. Intenta de nuevo en unos momentos.',
  unauthenticated: 'Sesión no válida o expirada. Inicia sesión de nuevo.',
  forbidden: 'No tienes permisos para realizar esta acción.',
  notFound: 'Recurso no encontrado',
  documentNotFound: DOCUMENT_NOT_FOUND,
  tableNotFound: 'Tabla no encontrada',
  userNotFound: 'Usuario no encontrado',
  emailTaken: 'Ya existe un usuario con ese correo.',
  validation: 'La solicitud no es válida.',
  onlyPdf: ONLY_PDF,
  tooLarge: 'El archivo supera el tamaño máximo de 10MB',
  bodyTooLarge: 'La solicitud es demasiado grande.',
  malformedUpload: 'El envío del archivo llegó incompleto o dañado. Intenta de nuevo.',
  tooManyFiles: TOO_MANY_FILES,
  noFiles: 'No se recibió ningún archivo PDF',
  diskFull: 'No hay espacio suficiente en el servidor para guardar el archivo.',
  /** Any other write (login, users, documents) on a full disk. */
  storageFull: 'No hay espacio suficiente en el servidor. Intenta de nuevo más tarde.',
  idempotencyConflict: 'Esta subida ya se está procesando. Intenta de nuevo en unos momentos.',
  internal: 'Error interno del servidor. Intenta de nuevo más tarde.',
  uploaded: (n: number) => (n === 1 ? 'Archivo subido correctamente. Se está procesando.' : `${n} archivos subidos correctamente. Se están procesando.`),
  uploadedDuplicate: 'Este archivo ya había sido subido; se muestra el documento existente.',
  uploadedMixed: (stored: number, dup: number) => `${stored} archivo(s) subido(s) y ${dup} ya existente(s).`,
  loggedOut: 'Sesión cerrada.',
  deleted: 'Documento eliminado.',
  reprocessQueued: 'El documento se volverá a procesar.',
  lastAdmin: 'No se puede quitar el último administrador activo.',
  // Processing failures, shown on the document.
  jobTimeout: ENGINE_MESSAGES.timeout,
  jobMemory: ENGINE_MESSAGES.memory,
  jobCrashed: ENGINE_MESSAGES.crash,
  pdfInvalid: 'El archivo PDF está dañado o no se puede leer.',
  pdfPassword: 'El archivo PDF está protegido con contraseña.',
  pdfNoText: 'El PDF no tiene texto seleccionable (parece una imagen escaneada).',
  fileMissing: 'El archivo original ya no está disponible.',
} as const;
