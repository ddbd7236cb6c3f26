import { Type } from '@sinclair/typebox';
import type { Kysely, Selectable } from 'kysely';
import type { Database, Dialect, UsersTable } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { isGrantable, isRole, permissionsFor, type GrantablePermission, type Permission, type Role } from '../../shared/permissions.ts';
import type { AdminUser, User } from '../../shared/api/auth.ts';
import { readStoredJson } from './stored-json.ts';

export type UserRow = Selectable<UsersTable>;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The spec's display name: the part before the @, or 'Usuario'. */
export const nameFromEmail = (email: string) => email.split('@')[0] || 'Usuario';

export function roleOf(row: UserRow): Role {
  return isRole(row.role) ? row.role : 'user';
}

const Granted = Type.Array(Type.String());

/** Permissions an administrator granted the account beyond its role (unknown ones are ignored). */
export function grantedOf(row: UserRow): GrantablePermission[] {
  const stored: string[] = readStoredJson(Granted, row.granted_permissions, [], { column: 'users.granted_permissions', id: row.id });
  return stored.filter(isGrantable);
}

/** What the account may do: its role's permissions plus those granted to it (decided here, never by the client). */
export function permissionsOf(row: UserRow): Permission[] {
  return permissionsFor(roleOf(row), grantedOf(row));
}

export function toUser(row: UserRow): User {
  return { id: row.id, email: row.email, name: row.name, role: roleOf(row), permissions: permissionsOf(row) };
}

export function toAdminUser(row: UserRow): AdminUser {
  return { ...toUser(row), active: row.active === 1, created_at: row.created_at, granted_permissions: grantedOf(row) };
}

export function usersRepo(db: Kysely<Database>, dialect: Dialect = 'sqlite') {
  return {
    findByEmail: (email: string) =>
      db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst(),
    findById: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    list: () => db.selectFrom('users').selectAll().orderBy('id').execute(),
    count: async () => Number((await db.selectFrom('users').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    async create(input: { email: string; password: string; name?: string | undefined; role: Role }): Promise<UserRow> {
      const email = normalizeEmail(input.email);
      return db
        .insertInto('users')
        .values({
          email,
          name: input.name?.trim() || nameFromEmail(email),
          role: input.role,
          password_hash: await hashPassword(input.password),
          active: 1,
          created_at: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Replaces the permissions granted beyond the role. */
    setGranted: (id: number, permissions: readonly GrantablePermission[]) =>
      db
        .updateTable('users')
        .set({ granted_permissions: JSON.stringify([...new Set(permissions)]) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    /**
     * With `keepAnAdmin`, a change that demotes or disables the last active admin is refused
     * ('last-admin'), counted and written in one transaction: checked before it, two admins
     * demoting each other at once both saw two admins and left none (attacker's audit, decision 033).
     */
    async update(
      id: number,
      patch: { role?: Role | undefined; active?: boolean | undefined; password?: string | undefined; name?: string | undefined },
      options: { keepAnAdmin?: boolean } = {},
    ): Promise<UserRow | 'last-admin' | undefined> {
      const values: Partial<Omit<UserRow, 'id'>> = {};
      if (patch.role) values.role = patch.role;
      if (patch.active !== undefined) values.active = patch.active ? 1 : 0;
      if (patch.name) values.name = patch.name.trim();
      if (patch.password) values.password_hash = await hashPassword(patch.password);
      const demotes = (patch.role !== undefined && patch.role !== 'admin') || patch.active === false;
      return db.transaction().execute(async (trx) => {
        if (options.keepAnAdmin && demotes) {
          // PostgreSQL: the active admins' rows stay locked until commit, so a concurrent demotion
          // waits and then counts without the one demoted here. SQLite: one connection, one
          // transaction at a time.
          let q = trx.selectFrom('users').select('id').where('role', '=', 'admin').where('active', '=', 1).orderBy('id');
          if (dialect === 'postgres') q = q.forUpdate();
          const admins = (await q.execute()).map((r) => r.id);
          if (admins.includes(id) && admins.length <= 1) return 'last-admin' as const;
        }
        const row = await trx.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirst();
        // A disabled account or a new password ends every open session at once.
        if (row && (patch.active === false || patch.password)) await trx.deleteFrom('tokens').where('user_id', '=', id).execute();
        return row;
      });
    },
  };
}
