/**
 * Roles and permissions are decided by the server (users/me) and only mirrored by the web app.
 * The web app must never infer them from the email text.
 */
export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** `review`: correct an extracted value, with a trail (issue 12; docs/decisions/039-corrections.md). */
export const PERMISSIONS = ['read', 'upload', 'admin', 'review'] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: ['read', 'upload', 'admin', 'review'],
  user: ['read', 'upload'],
};

/** Permissions an administrator may grant one account beyond its role's. */
export const GRANTABLE_PERMISSIONS = ['review'] as const;
export type GrantablePermission = (typeof GRANTABLE_PERMISSIONS)[number];

export function isGrantable(value: string): value is GrantablePermission {
  return (GRANTABLE_PERMISSIONS as readonly string[]).includes(value);
}

/** The role's permissions plus the grantable ones granted to the account, in PERMISSIONS order. */
export function permissionsFor(role: Role, granted: readonly string[] = []): Permission[] {
  const held = new Set<string>([...ROLE_PERMISSIONS[role], ...granted.filter(isGrantable)]);
  return PERMISSIONS.filter((p) => held.has(p));
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** True when every required permission is held (the guard of spec §6). */
export function hasPermissions(held: readonly string[], required: readonly Permission[]): boolean {
  return required.every((p) => held.includes(p));
}
