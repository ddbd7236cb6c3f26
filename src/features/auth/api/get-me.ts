import type { MeResponse, User } from '../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { authMessages } from '../messages.ts';

export const meKey = 'users/me';

export async function getMe(): Promise<User> {
  const response = await apiRequest<MeResponse>(meKey, { fallback: authMessages.currentUserError });
  return response.data;
}
