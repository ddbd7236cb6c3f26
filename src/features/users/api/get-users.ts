import useSWR from 'swr';
import type { AdminUser, UsersResponse } from '../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const usersKey = 'users';

export async function getUsers(): Promise<AdminUser[]> {
  const response = await apiRequest<UsersResponse>('users');
  return response.data;
}

export function useUsers() {
  return useSWR(usersKey, getUsers);
}
