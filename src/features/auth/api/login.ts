import type { LoginResponse } from '../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { authMessages } from '../messages.ts';

/** POST auth/login: anonymous, so a 401 here means wrong credentials, not an expired session. */
export function login(email: string, password: string): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('auth/login', {
    method: 'POST',
    json: { email, password },
    anonymous: true,
    fallback: authMessages.loginError,
  });
}

/** The token of either reading of the login response (spec §3). */
export function tokenOf(response: Partial<LoginResponse>): string | undefined {
  return response.access_token ?? response.accessToken;
}
