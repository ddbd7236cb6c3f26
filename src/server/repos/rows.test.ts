import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findTable } from '../../shared/catalog/index.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { documentsRepo } from './documents.ts';
import { rowsRepo } from './rows.ts';
import { usersRepo } from './users.ts';

describe('rows: the per-table search index (SQLite)', () => {
  let d: Db | undefined;
  afterEach(async () => {
    await d?.close();
  });

  it('is only remembered once the transaction that created it commits', async () => {
    d = await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pdfx-rows-')) });
    const db = d.db;
    const rows = rowsRepo(db, d.dialect);
    const owner = await usersRepo(db).create({ email: 'a@example.com', password: 'secret-123', role: 'admin' });
    const doc = await documentsRepo(db).insert({ ownerId: owner.id, originalFilename: 'a.pdf', storageKey: 'k', sha256: 'x', size: 1 });
    const table = findTable('CultivoProyecto')!;
    const save = () => [{ documentId: doc.id, nosolicitud: '0001', table, rows: [{ values: { cultivo: 'Mora', variedad: 'Castilla' } }] }];

    // The first save of the table creates its index, then its COMMIT fails (a full disk).
    await expect(
      db.transaction().execute(async (trx) => {
        await rows.insertRows(trx, save());
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      }),
    ).rejects.toThrow('database or disk is full');

    // No "no such table": a search answers (nothing is stored), without writing...
    expect(await rows.page('CultivoProyecto', { search: 'castilla' }, 1, 10)).toEqual({ rows: [], total: 0, meta: [] });
    // ...and the next save creates the index again and is found.
    await db.transaction().execute((trx) => rows.insertRows(trx, save()));
    const found = await rows.page('CultivoProyecto', { search: 'castilla' }, 1, 10);
    expect(found.total).toBe(1);
    expect(found.rows[0]).toMatchObject({ nosolicitud: '0001', variedad: 'Castilla' });
    // Later saves and searches keep working (the committed index is remembered).
    await db.transaction().execute((trx) => rows.replaceForDocument(trx, doc.id, '0001', [{ table, rows: [{ values: { cultivo: 'Mora', variedad: 'Castilla sin espinas' } }] }]));
    expect((await rows.page('CultivoProyecto', { search: 'espinas' }, 1, 10)).total).toBe(1);
  });
});
