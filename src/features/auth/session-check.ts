import type { User } from '../../shared/api/auth.ts';
import { getToken } from '../../lib/token-store.ts';
import { getMe } from './api/get-me.ts';

let early: Promise<User> | null = null;

/**
 * Starts the start-up session check (`users/me`) before React's first render: waiting for the
 * AuthProvider's effect put a render (and, on a phone, a few hundred ms of script) in front of the
 * request that gates every signed-in screen (issue 14). Without a stored token nothing is asked.
 */
export function startSessionCheck(): void {
  if (early || !getToken()) return;
  early = getMe();
  // Handled by whoever takes it; this only keeps an unhandled rejection out of the console meanwhile.
  early.catch(() => undefined);
}

/** The check started early, handed out once (a remount asks the server again). */
export function takeSessionCheck(): Promise<User> {
  const check = early ?? getMe();
  early = null;
  return check;
}
