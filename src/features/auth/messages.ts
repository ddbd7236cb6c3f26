import { INVALID_CREDENTIALS } from '../../shared/messages/common.ts';

/** Spanish texts of sign-in and the session, exact as product-spec.md quotes them (§2, §3, §8). */
export const authMessages = {
  emailLabel: 'Correo electrónico',
  passwordLabel: 'Contraseña',
  showPassword: 'Mostrar contraseña',
  hidePassword: 'Ocultar contraseña',
  submit: 'Iniciar Sesión',
  submitting: 'Iniciando sesión...',
  invalidCredentials: INVALID_CREDENTIALS,
  loginError: 'Error al iniciar sesión',
  currentUserError: 'Error al obtener usuario actual',
  welcome: (name: string) => `¡Bienvenido ${name}!`,
  defaultName: 'Usuario',
  outsideProvider: 'useAuth debe ser usado dentro de un AuthProvider',
  checkingSession: 'Verificando sesión...',
  logout: 'Cerrar Sesión',
} as const;
