/** The bearer token lives in localStorage under the spec's key (§9), so a reload keeps the session. */
export const TOKEN_KEY = 'authToken';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage disabled: nothing to clear.
  }
}

/**
 * Calls `listener` when another tab or window of this origin writes the stored token (signs in or
 * out; `key === null` is a `localStorage.clear()`). The browser reports only other tabs' writes.
 */
export function onTokenChangedElsewhere(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const handler = (event: StorageEvent) => {
    if (event.storageArea === localStorage && (event.key === TOKEN_KEY || event.key === null)) listener();
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
