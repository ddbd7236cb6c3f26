import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { UserRow } from './users.ts';

export function sessionsRepo(db: Kysely<Database>, ttlDays: number) {
  return {
    async create(userId: number): Promise<{ token: string; expiresAt: string }> {
      const token = newToken();
      const now = new Date();
      const expiresAt = new Date(now.getTime() + ttlDays * 86_400_000).toISOString();
      await db
        .insertInto('tokens')
        .values({ token_hash: hashToken(token), user_id: userId, created_at: now.toISOString(), expires_at: expiresAt })
        .execute();
      return { token, expiresAt };
    },
    /** The active user behind a live token, or undefined. */
    async userFor(token: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('tokens')
        .innerJoin('users', 'users.id', 'tokens.user_id')
        .selectAll('users')
        .where('tokens.token_hash', '=', hashToken(token))
        .where('tokens.expires_at', '>', new Date().toISOString())
        .where('users.active', '=', 1)
        .executeTakeFirst();
    },
    async revoke(token: string): Promise<void> {
      await db.deleteFrom('tokens').where('token_hash', '=', hashToken(token)).execute();
    },
    async purgeExpired(): Promise<void> {
      await db.deleteFrom('tokens').where('expires_at', '<=', new Date().toISOString()).execute();
    },
  };
}

/** Failed logins per account+address in a fixed window, kept in the database so restarts don't reset it. */
export function loginFailuresRepo(db: Kysely<Database>, max: number, windowMs: number) {
  const live = (row: { window_start: string } | undefined) =>
    row !== undefined && Date.parse(row.window_start) + windowMs > Date.now();
  return {
    async blocked(key: string): Promise<boolean> {
      const row = await db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
      return live(row) && row!.failures >= max;
    },
    async record(key: string): Promise<void> {
      const row = await db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
      if (live(row)) {
        await db.updateTable('login_failures').set({ failures: row!.failures + 1 }).where('key', '=', key).execute();
      } else {
        await db
          .insertInto('login_failures')
          .values({ key, failures: 1, window_start: new Date().toISOString() })
          .onConflict((oc) => oc.column('key').doUpdateSet({ failures: 1, window_start: new Date().toISOString() }))
          .execute();
      }
    },
    async clear(key: string): Promise<void> {
      await db.deleteFrom('login_failures').where('key', '=', key).execute();
    },
  };
}
