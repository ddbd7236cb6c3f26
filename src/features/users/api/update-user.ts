import type { AdminUser, UserPatchBody, UserResponse } from '../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** PATCH users/{id}: role, active flag or a new password. */
export async function updateUser(id: number, patch: UserPatchBody): Promise<AdminUser> {
  const response = await apiRequest<UserResponse>(`users/${id}`, { method: 'PATCH', json: patch });
  return response.data;
}
