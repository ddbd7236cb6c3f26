import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './index.ts';

// About a second of SQLite work for one statement (a million-step recursive count).
const SLOW = 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) SELECT count(*) FROM n';

describe('SQLite readers (decision 032)', () => {
  let d: Db | undefined;
  afterEach(async () => {
    await d?.close();
    d = undefined;
  });
  const open = async () => (d = await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pdfx-readers-')) }));

  it('reads what was committed, as arrays of columns, and reports SQL errors', async () => {
    const { db, readers } = await open();
    await sql`CREATE TABLE t (a INTEGER, b TEXT)`.execute(db);
    await sql`INSERT INTO t VALUES (1, 'uno'), (2, 'dos')`.execute(db);
    expect(await readers!.all('SELECT a, b FROM t WHERE a >= ? ORDER BY a', [1])).toEqual([
      [1, 'uno'],
      [2, 'dos'],
    ]);
    await sql`INSERT INTO t VALUES (3, 'tres')`.execute(db);
    expect(await readers!.all('SELECT count(*) FROM t', [])).toEqual([[3]]);
    await expect(readers!.all('SELECT * FROM missing', [])).rejects.toThrow('no such table');
    // Read only: a reader cannot write.
    await expect(readers!.all('DELETE FROM t', [])).rejects.toThrow();
    expect(await readers!.all('SELECT count(*) FROM t', [])).toEqual([[3]]);
  });

  it('keeps the server thread free while slow reads run, and answers each', async () => {
    const { readers } = await open();
    await readers!.all('SELECT 1', []); // started
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    const [a, b] = await Promise.all([readers!.all(SLOW, [1_000_000]), readers!.all(SLOW, [1_000_000])]);
    const took = performance.now() - started;
    clearInterval(timer);
    expect(a).toEqual([[1_000_000]]);
    expect(b).toEqual([[1_000_000]]);
    // On the server's thread the timer could not have fired while the statements ran.
    expect(ticks).toBeGreaterThan(took / 5 / 4);
  });

  it('fails the reads in flight when closed, and refuses new ones', async () => {
    const { readers } = await open();
    const slow = readers!.all(SLOW, [3_000_000]);
    await new Promise((r) => setTimeout(r, 50));
    await readers!.close();
    await expect(slow).rejects.toThrow();
    await expect(readers!.all('SELECT 1', [])).rejects.toThrow('closed');
  });
});
