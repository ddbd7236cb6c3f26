/** Spanish texts of the app shell: title, layout and the 403/404 pages (spec §2). */
export const APP_TITLE = 'Sistema de Extracción PDF';

export const layoutMessages = {
  openMenu: 'Abrir menú',
  closeMenu: 'Cerrar menú',
  navigation: 'Navegación principal',
  upload: 'Subir Documentos',
  documents: 'Documentos',
  data: 'Datos Extraídos',
  users: 'Usuarios',
  loading: 'Cargando...',
} as const;

export const errorPageMessages = {
  forbiddenTitle: '403 Acceso Denegado',
  forbiddenText:
    'No tienes permisos para acceder a esta página. Contacta al administrador si crees que esto es un error.',
  notFoundTitle: 'Página no encontrada',
  notFoundText: 'La página que buscas no existe o fue movida.',
  toDashboard: 'Ir al Panel',
  toLogin: 'Ir al Inicio de Sesión',
} as const;

/** The one connection banner of the signed-in layout (issue 11): offline, slow, or files waiting. */
export const connectionMessages = {
  offlineData: (date: string) => `Sin conexión — datos del ${date}`,
  offline: 'Sin conexión con el servidor. Lo que necesita el servidor (exportar, descargar, reintentar) se activará cuando vuelva la conexión.',
  savedData: (date: string) => `Se muestran datos guardados del ${date}.`,
  slow: 'Conexión lenta',
  slowSending: 'Los archivos se siguen enviando; puede tardar más de lo normal.',
  slowPages: 'Las páginas pueden tardar más en cargar.',
  waiting: (n: number) => (n === 1 ? '1 archivo en cola de envío.' : `${n} archivos en cola de envío.`),
  seeQueue: 'Ver la cola',
} as const;
