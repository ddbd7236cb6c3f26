import type { AdminUser, UserPermissionsBody, UserResponse } from '../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersMessages } from '../messages.ts';

/** PUT users/{id}/permissions: what a plain user holds beyond the role (`review`); [] takes it back. */
export async function setPermissions(id: number, permissions: UserPermissionsBody['permissions']): Promise<AdminUser> {
  const response = await apiRequest<UserResponse>(`users/${id}/permissions`, { method: 'PUT', json: { permissions }, fallback: usersMessages.permissionsError });
  return response.data;
}
