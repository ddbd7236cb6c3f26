import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './index.ts';

describe('SQLite transactions', () => {
  let d: Db | undefined;
  afterEach(async () => {
    await d?.close();
  });

  it('keep the real error when SQLite already rolled back by itself (as it does on SQLITE_FULL)', async () => {
    d = await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pdfx-db-')) });
    await sql`CREATE TABLE probe (v integer)`.execute(d.db);
    const failing = d.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO probe (v) VALUES (1)`.execute(trx);
      // What SQLite does on its own after a full disk: the transaction is gone.
      await sql`ROLLBACK`.execute(trx);
      throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    });
    // Not "cannot rollback - no transaction is active".
    await expect(failing).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    // The connection works afterwards, and an ordinary failure still rolls back.
    await expect(
      d.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO probe (v) VALUES (2)`.execute(trx);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM probe`.execute(d.db);
    expect(rows[0]?.n).toBe(0);
  });
});
