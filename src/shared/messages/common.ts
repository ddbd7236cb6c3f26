/**
 * Spanish texts the server answers and the web app also says by itself (a check before sending,
 * a fallback): one wording for both. Separate constants, so the browser bundle takes only the ones
 * it uses.
 */
export const INVALID_CREDENTIALS = 'Credenciales inválidas. Intenta de nuevo.';
export const ONLY_PDF = 'Solo se permiten archivos PDF';
export const TOO_MANY_FILES = 'No se pueden subir más de 3 archivos a la vez';
export const DOCUMENT_NOT_FOUND = 'Documento no encontrado';
