import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { UserRow } from './users.ts';
import type { ChangeTracker } from '../db/change-tracking.ts';
import { FreshCache } from '../db/fresh-cache.ts';

/**
 * How long a session read from the database is trusted without reading it again (decision 033).
 * A logout, a disabled user, a password reset, a role or permission change made through this
 * process count at once (they write `tokens` or `users`, which empties the cache); made on another
 * node, they count here within this long.
 */
export const SESSION_CACHE_MS = 2000;

export function sessionsRepo(db: Kysely<Database>, ttlDays: number, changes: ChangeTracker) {
  // Keyed by the token's hash, as stored. A new token (an insert) changes no session already read.
  const live = new FreshCache<string, { user: UserRow; expiresAt: string } | undefined>(changes, {
    tables: ['users'],
    changedOnly: ['tokens'],
    maxAgeMs: SESSION_CACHE_MS,
    maxEntries: 10_000,
  });
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
      const hash = hashToken(token);
      const now = new Date().toISOString();
      const found = await live.read(hash, async () => {
        const row = await db
          .selectFrom('tokens')
          .innerJoin('users', 'users.id', 'tokens.user_id')
          .selectAll('users')
          .select('tokens.expires_at as token_expires_at')
          .where('tokens.token_hash', '=', hash)
          .where('tokens.expires_at', '>', now)
          .where('users.active', '=', 1)
          .executeTakeFirst();
        if (!row) return undefined;
        const { token_expires_at: expiresAt, ...user } = row;
        return { user, expiresAt };
      }, (value) => value !== undefined);
      // A kept session still ends when its token expires.
      return found && found.expiresAt > now ? found.user : undefined;
    },
    async revoke(token: string): Promise<void> {
      await db.deleteFrom('tokens').where('token_hash', '=', hashToken(token)).execute();
    },
    async purgeExpired(): Promise<void> {
      await db.deleteFrom('tokens').where('expires_at', '<=', new Date().toISOString()).execute();
    },
  };
}

/**
 * Login attempts per key (`email|address` and `ip:address`) in a fixed window, kept in the
 * database so restarts don't reset it and servers sharing one PostgreSQL share it.
 *
 * An attempt is reserved before the password is checked, counting and deciding in one atomic
 * statement: N concurrent attempts get N distinct counts, so at most `max` are ever checked. A
 * refused reservation is handed back, so what stays counted is checked failures (and checks in
 * flight); a success clears the account's count and hands back its address reservation.
 */
export function loginFailuresRepo(db: Kysely<Database>, limits: { perAccount: number; perAddress: number; windowMs: number }) {
  const keysOf = (email: string, address: string) => ({ account: `${email}|${address}`, address: `ip:${address}` });
  // One statement per key, never one for both: a statement that locks both rows takes them in the
  // order its scan finds them, and beside a reservation locking them account-then-address it can
  // deadlock on PostgreSQL (40 concurrent wrong passwords did, answering 500). Holding one row at a
  // time it can wait, never close a cycle.
  async function release(keys: string[]): Promise<void> {
    for (const key of keys) {
      await db
        .updateTable('login_failures')
        .set((eb) => ({ failures: eb('failures', '-', 1) }))
        .where('key', '=', key)
        .where('failures', '>', 0)
        .execute();
    }
  }
  return {
    /** Counts one attempt on both keys; `blocked` names the limit that refuses it (then nothing stays counted). */
    async reserve(email: string, address: string): Promise<{ blocked: 'account' | 'address' | null }> {
      const keys = keysOf(email, address);
      const now = new Date();
      const nowIso = now.toISOString();
      // ISO timestamps of one format compare as text; a window older than this starts over.
      const expired = new Date(now.getTime() - limits.windowMs).toISOString();
      const rows = await db
        .insertInto('login_failures')
        .values([
          { key: keys.account, failures: 1, window_start: nowIso },
          { key: keys.address, failures: 1, window_start: nowIso },
        ])
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            failures: eb
              .case()
              .when('login_failures.window_start', '<=', expired)
              .then(1)
              .else(eb('login_failures.failures', '+', 1))
              .end(),
            window_start: eb
              .case()
              .when('login_failures.window_start', '<=', expired)
              .then(eb.ref('excluded.window_start'))
              .else(eb.ref('login_failures.window_start'))
              .end(),
          })),
        )
        .returning(['key', 'failures'])
        .execute();
      const count = (key: string) => Number(rows.find((r) => r.key === key)?.failures ?? 0);
      const blocked = count(keys.account) > limits.perAccount ? 'account' : count(keys.address) > limits.perAddress ? 'address' : null;
      if (blocked) await release([keys.account, keys.address]);
      return { blocked };
    },
    /** The attempt was never checked (e.g. the server was too busy): hand both reservations back. */
    async cancel(email: string, address: string): Promise<void> {
      const keys = keysOf(email, address);
      await release([keys.account, keys.address]);
    },
    /**
     * Deletes the keys whose window is over (at most 1000 a call). Every attempt with a new email
     * writes a key, refused ones too, so without this the table grew by one row per guess, forever
     * (attacker's audit, decision 036). One row per statement, re-checked, as `release` does: a
     * reservation waiting on a row here can never close a lock cycle, and one that just restarted
     * its window keeps it.
     */
    async purgeExpired(): Promise<number> {
      const expired = new Date(Date.now() - limits.windowMs).toISOString();
      const rows = await db.selectFrom('login_failures').select('key').where('window_start', '<=', expired).limit(1000).execute();
      for (const { key } of rows) {
        await db.deleteFrom('login_failures').where('key', '=', key).where('window_start', '<=', expired).execute();
      }
      return rows.length;
    },
    /** The password was right: the account starts over, the address gets its reservation back. */
    async succeeded(email: string, address: string): Promise<void> {
      const keys = keysOf(email, address);
      await db.deleteFrom('login_failures').where('key', '=', keys.account).execute();
      await release([keys.address]);
    },
  };
}
