import { apiRequest } from '../../../lib/api-client.ts';

/** POST auth/logout revokes the token on the server; failing to reach it must not block leaving. */
export async function logoutRequest(): Promise<void> {
  try {
    await apiRequest('auth/logout', { method: 'POST' });
  } catch {
    // Offline or already expired: the local token is removed anyway.
  }
}
