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
