import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './index.ts';
import { writtenTables } from './change-tracking.ts';

let d: Db;
beforeAll(async () => {
  d = await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pdfx-changes-')) });
});
afterAll(() => d.close());

describe('writtenTables', () => {
  it('reads the written table from the statement, and counts unknown writes as every table', () => {
    const { db } = d;
    expect(writtenTables(db.selectFrom('tokens').selectAll().compile())).toEqual({ tables: [], insertOnly: false });
    expect(writtenTables(db.insertInto('tokens').values({ token_hash: 'h', user_id: 1, created_at: '', expires_at: '' }).compile())).toEqual({ tables: ['tokens'], insertOnly: true });
    expect(writtenTables(db.insertInto('table_counts').values({ table_name: 't', row_count: 1 }).onConflict((oc) => oc.column('table_name').doNothing()).compile())).toEqual({ tables: ['table_counts'], insertOnly: false });
    expect(writtenTables(db.updateTable('users').set({ active: 0 }).compile())).toEqual({ tables: ['users'], insertOnly: false });
    expect(writtenTables(db.deleteFrom('tokens').where('user_id', '=', 1).compile())).toEqual({ tables: ['tokens'], insertOnly: false });
    expect(writtenTables(sql`SELECT 1`.compile(db))).toEqual({ tables: [], insertOnly: false });
    expect(writtenTables(sql`INSERT INTO table_rows_fts_x(rowid, search_text) VALUES (1, 'a')`.compile(db))).toEqual({ tables: ['*'], insertOnly: false });
    expect(writtenTables(db.schema.createIndex('i').on('users').column('email').compile())).toEqual({ tables: ['*'], insertOnly: false });
  });
});

describe('ChangeTracker through the database handle', () => {
  it('moves a stamp on a committed write to its tables, after COMMIT inside a transaction', async () => {
    const { db, changes } = d;
    const users = () => changes.stamp(['users']);
    const tokens = () => changes.stamp([], ['tokens']);
    const before = { users: users(), tokens: tokens() };
    await db.selectFrom('users').selectAll().execute();
    expect(users()).toBe(before.users);
    const user = await db.insertInto('users').values({ email: 'a@b.co', name: 'a', role: 'user', password_hash: 'x', active: 1, created_at: '' }).returning('id').executeTakeFirstOrThrow();
    expect(users()).not.toBe(before.users);
    // A plain insert into tokens leaves a "changed only" stamp as it was; a delete moves it.
    await db.insertInto('tokens').values({ token_hash: 'h', user_id: user.id, created_at: '', expires_at: '' }).execute();
    expect(tokens()).toBe(before.tokens);
    let inside = 0;
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('tokens').where('token_hash', '=', 'h').execute();
      inside = tokens();
    });
    expect(inside).toBe(before.tokens);
    expect(tokens()).not.toBe(before.tokens);
  });
});
