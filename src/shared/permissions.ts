/**
 * Roles and permissions are decided by the server (users/me) and only mirrored by the web app.
 * The web app must never infer them from the email text.
 */
export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = ['read', 'upload', 'admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: ['read', 'upload', 'admin'],
  user: ['read', 'upload'],
};

export function permissionsFor(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** True when every required permission is held (the guard of spec §6). */
export function hasPermissions(held: readonly string[], required: readonly Permission[]): boolean {
  return required.every((p) => held.includes(p));
}
