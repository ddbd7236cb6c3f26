/**
 * Logout listeners: parts of the app that keep per-user state outside React (the offline outbox,
 * service-worker caches) clean up or warn here without the auth feature knowing about them.
 * A listener returning `false` vetoes nothing; logout always proceeds (the outbox keeps its files).
 */
export type LogoutListener = (userId: number | null) => void | Promise<void>;

const listeners = new Set<LogoutListener>();

export function onLogout(listener: LogoutListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function emitLogout(userId: number | null): Promise<void> {
  await Promise.allSettled([...listeners].map(async (listener) => listener(userId)));
}
