import type { User } from '../../shared/api/auth.ts';
import { authMessages } from './messages.ts';

/** The last user the server confirmed, so a start-up without network still knows the permissions. */
const USER_KEY = 'authUser';

export function saveSessionUser(user: User): void {
  try {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // Storage full or disabled: the session still works online.
  }
}

export function loadSessionUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<User>;
    if (typeof parsed.role !== 'string' || !Array.isArray(parsed.permissions)) return null;
    return parsed as User;
  } catch {
    return null;
  }
}

export function clearSessionUser(): void {
  try {
    localStorage.removeItem(USER_KEY);
  } catch {
    // nothing stored
  }
}

/** The greeting name of spec §3: the part of the email before the @, or 'Usuario' if empty. */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0]?.trim() ?? '';
  return local === '' ? authMessages.defaultName : local;
}
