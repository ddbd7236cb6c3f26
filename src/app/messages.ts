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
