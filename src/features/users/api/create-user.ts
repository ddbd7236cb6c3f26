import type { AdminUser, RegisterBody, UserResponse } from '../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST auth/register: admins create accounts (there is no self sign-up). */
export async function createUser(body: RegisterBody): Promise<AdminUser> {
  const response = await apiRequest<UserResponse>('auth/register', { method: 'POST', json: body });
  return response.data;
}
