/** Spanish texts of the outbox, in one place. */
export const OUTBOX_TEXT = {
  title: 'Archivos en cola',
  offlineBanner: 'Sin conexión: los archivos se enviarán automáticamente cuando vuelva la conexión',
  queuedOffline: 'Sin conexión: los archivos quedaron en cola y se enviarán automáticamente cuando vuelva la conexión',
  noRoom: 'No hay espacio suficiente en el dispositivo para guardar los archivos. Libera espacio e intenta de nuevo.',
  sessionExpired: 'Tu sesión expiró. Inicia sesión de nuevo para enviar los archivos en cola.',
  pendingOnLogout: (n: number) =>
    n === 1
      ? 'Tienes 1 archivo sin enviar. Se guardará en este dispositivo y se enviará cuando vuelvas a iniciar sesión.'
      : `Tienes ${n} archivos sin enviar. Se guardarán en este dispositivo y se enviarán cuando vuelvas a iniciar sesión.`,
  missingBytes: 'El archivo ya no está disponible en este dispositivo',
  networkRetry: 'Sin conexión con el servidor; se reintentará automáticamente',
  serverRetry: 'El servidor no respondió correctamente; se reintentará automáticamente',
  rejectedFallback: 'El servidor rechazó el archivo',
  uploadedFallback: 'Archivo subido correctamente',
  retry: 'Reintentar',
  remove: 'Quitar',
  states: {
    pending: 'pendiente',
    sending: 'enviando',
    sent: 'enviado',
    error: 'error',
  },
} as const;
