import type { User } from '../../shared/api/auth.ts';
import { getToken } from '../../lib/token-store.ts';
import { getMe } from './api/get-me.ts';

let early: Promise<User> | null = null;
/** The early check's user once it has answered, until the check is taken. */
let answered: User | null = null;

/**
 * Starts the start-up session check (`users/me`) before React's first render: waiting for the
 * AuthProvider's effect put a render (and, on a phone, a few hundred ms of script) in front of the
 * request that gates every signed-in screen (issue 14). Without a stored token nothing is asked.
 * Resolves (never rejects) once the check has answered, or at once when none was started.
 */
export function startSessionCheck(): Promise<void> {
  if (!early && getToken()) {
    const check = getMe();
    early = check;
    check.then(
      (user) => {
        if (early === check) answered = user;
      },
      () => undefined,
    );
  }
  // Handled by whoever takes it; this only keeps an unhandled rejection out of the console meanwhile.
  return early ? early.then(() => undefined, () => undefined) : Promise.resolve();
}

/**
 * The user the early check has already confirmed, or null (not asked, not answered yet, failed).
 * The provider starts signed in with it: a 'loading' render first would be one more full render of
 * the screen once the answer came, a long task on a phone (issue 14).
 */
export function answeredSessionUser(): User | null {
  return early ? answered : null;
}

/** The check started early, handed out once (a remount asks the server again). */
export function takeSessionCheck(): Promise<User> {
  const check = early ?? getMe();
  early = null;
  answered = null;
  return check;
}
