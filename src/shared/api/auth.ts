import { Type, type Static } from '@sinclair/typebox';
import type { GrantablePermission, Permission, Role } from '../permissions.ts';

// Spelled out (not mapped) so the inferred types stay literal unions; the checks keep them in step.
export const RoleSchema = Type.Union([Type.Literal('admin'), Type.Literal('user')]);
export const PermissionSchema = Type.Union([Type.Literal('read'), Type.Literal('upload'), Type.Literal('admin'), Type.Literal('review')]);
export const GrantablePermissionSchema = Type.Union([Type.Literal('review')]);
const _rolesMatch: Static<typeof RoleSchema> extends Role ? (Role extends Static<typeof RoleSchema> ? true : never) : never = true;
const _permsMatch: Static<typeof PermissionSchema> extends Permission
  ? Permission extends Static<typeof PermissionSchema>
    ? true
    : never
  : never = true;
const _grantMatch: Static<typeof GrantablePermissionSchema> extends GrantablePermission
  ? GrantablePermission extends Static<typeof GrantablePermissionSchema>
    ? true
    : never
  : never = true;
void _rolesMatch;
void _permsMatch;
void _grantMatch;

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const User = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: RoleSchema,
  permissions: Type.Array(PermissionSchema),
});
export type User = Static<typeof User>;

/** Both readings of the spec: `access_token`/`token_type` and `accessToken`. */
export const LoginResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  accessToken: Type.String(),
  expires_at: Type.String(),
  user: User,
});
export type LoginResponse = Static<typeof LoginResponse>;

export const MeResponse = Type.Object({ data: User });
export type MeResponse = Static<typeof MeResponse>;

export const LogoutResponse = Type.Object({ message: Type.String() });
export type LogoutResponse = Static<typeof LogoutResponse>;

/** Admin view of an account; `permissions` are the effective ones (role plus `granted_permissions`). */
export const AdminUser = Type.Composite([
  User,
  Type.Object({ active: Type.Boolean(), created_at: Type.String(), granted_permissions: Type.Array(GrantablePermissionSchema) }),
]);
export type AdminUser = Static<typeof AdminUser>;

export const RegisterBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: Type.String({ minLength: 8, maxLength: 1024 }),
    // Some visible character, as for a change of name below.
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })),
    role: Type.Optional(RoleSchema),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const UserPatchBody = Type.Object(
  {
    role: Type.Optional(RoleSchema),
    active: Type.Optional(Type.Boolean()),
    password: Type.Optional(Type.String({ minLength: 8, maxLength: 1024 })),
    // Some visible character: a name of spaces was stored as '' (third attacker's audit, decision 033).
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UserPatchBody = Static<typeof UserPatchBody>;

/** PUT users/{id}/permissions: the permissions granted beyond the role, replacing the previous grant ([] revokes). */
export const UserPermissionsBody = Type.Object(
  {
    permissions: Type.Array(GrantablePermissionSchema, {
      maxItems: 10,
      uniqueItems: true,
      description: 'Granted beyond the role: `review` (correct extracted values). An administrator holds it already.',
    }),
  },
  { additionalProperties: false },
);
export type UserPermissionsBody = Static<typeof UserPermissionsBody>;

export const UserResponse = Type.Object({ data: AdminUser });
export type UserResponse = Static<typeof UserResponse>;

export const UsersResponse = Type.Object({ data: Type.Array(AdminUser) });
export type UsersResponse = Static<typeof UsersResponse>;
