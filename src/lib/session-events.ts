/**
 * Logout listeners (a session ended by a 401 included: its user's data must not stay on a shared
 * tablet either): parts of the app that keep per-user state outside React (the offline outbox,
 * service-worker caches) clean up or warn here without the auth feature knowing about them.
 * A listener returning `false` vetoes nothing; logout always proceeds (the outbox keeps its files).
 */
/** `logout`: the user chose to leave; `expired`: a 401 ended the session (expired, revoked, disabled). */
export type LogoutReason = 'logout' | 'expired';
export type LogoutListener = (userId: number | null, reason: LogoutReason) => void | Promise<void>;

const listeners = new Set<LogoutListener>();

export function onLogout(listener: LogoutListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function emitLogout(userId: number | null, reason: LogoutReason = 'logout'): Promise<void> {
  await Promise.allSettled([...listeners].map(async (listener) => listener(userId, reason)));
}
