import type { User } from '../../shared/api/auth.ts';
import { hasPermissions, type Permission, type Role } from '../../shared/permissions.ts';
import type { AuthStatus } from '../../features/auth/auth-state.ts';

export interface AccessRequirement {
  /** One role, matched exactly (spec §6). */
  role?: Role;
  /** Every one of these is required. */
  permissions?: readonly Permission[];
}

export type AccessDecision = 'wait' | 'login' | 'forbidden' | 'allow';

/**
 * The guard's rule (spec §6). A session kept through a network failure with no user known yet is
 * let through: the server still refuses what the user may not do, and the next answer fills it in.
 */
export function decideAccess(status: AuthStatus, user: User | null, requirement: AccessRequirement = {}): AccessDecision {
  if (status === 'loading') return 'wait';
  if (status === 'unauthenticated') return 'login';
  if (!user) return 'allow';
  if (requirement.role && user.role !== requirement.role) return 'forbidden';
  if (requirement.permissions && !hasPermissions(user.permissions, requirement.permissions)) return 'forbidden';
  return 'allow';
}
