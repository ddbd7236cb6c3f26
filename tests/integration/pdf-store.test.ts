import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/index.ts';
import { pdfStoreFor, type PdfStore, type PostgresPdfStore } from '../../src/server/pdf-store.ts';
import { documentsRepo } from '../../src/server/repos/documents.ts';
import { FileStore } from '../../src/server/storage.ts';
import { freshDatabaseUrl, tempDir, tinyPdf } from './helpers.ts';

/** The PDF store of whichever database this run uses (DATABASE_URL: PostgreSQL, else SQLite). */
let database: Db;
let files: FileStore;
let pdfs: PdfStore;
let ownerId: number;

beforeAll(async () => {
  const dataDir = tempDir();
  database = await openDatabase({ dataDir, databaseUrl: await freshDatabaseUrl() });
  files = new FileStore(dataDir);
  pdfs = pdfStoreFor(database, files);
  const user = await database.db
    .insertInto('users')
    .values({ email: 'a@example.com', name: 'a', role: 'admin', password_hash: 'x', active: 1, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  ownerId = user.id;
});
afterAll(() => database?.close());

const temp = async (bytes: Buffer) => files.writeTemp(fs.createReadStream(await writeScratch(bytes)));
async function writeScratch(bytes: Buffer): Promise<string> {
  const file = path.join(tempDir(), 'in.pdf');
  fs.writeFileSync(file, bytes);
  return file;
}
const bytesOf = async (got: Awaited<ReturnType<PdfStore['get']>>) => (got === undefined ? undefined : Buffer.isBuffer(got) ? got : await buffer(got));
const docs = () => documentsRepo(database.db);

describe(`PdfStore (${process.env.DATABASE_URL ? 'PostgreSQL: document_files' : 'SQLite: DATA_DIR/files'})`, () => {
  it('is the database one with PostgreSQL and the disk one with SQLite', () => {
    expect(pdfs.kind).toBe(database.dialect === 'postgres' ? 'postgres' : 'disk');
  });

  it('stores a PDF with its row, reads it back (bytes and a local copy), deletes both', async () => {
    const pdf = tinyPdf('guardado');
    const t = await temp(pdf);
    const row = await pdfs.put(t.tmpPath, (db, storageKey) => docs().insert({ ownerId, originalFilename: 'a.pdf', storageKey, sha256: t.sha256, size: t.size }, db));
    expect(fs.existsSync(t.tmpPath)).toBe(false);
    expect((await bytesOf(await pdfs.get(row)))?.equals(pdf)).toBe(true);
    const local = (await pdfs.local(row))!;
    expect(fs.readFileSync(local.path).equals(pdf)).toBe(true);
    await local.release();
    // The disk store's file is the stored one (kept); a PostgreSQL copy is gone.
    expect(fs.existsSync(local.path)).toBe(pdfs.kind === 'disk');
    await pdfs.delete(row, async (trx) => {
      await trx.deleteFrom('documents').where('id', '=', row.id).execute();
    });
    expect(await docs().findById(row.id)).toBeUndefined();
    expect(await pdfs.get(row)).toBeUndefined();
    expect(await pdfs.local(row)).toBeUndefined();
  });

  it('stores nothing when the row fails: no file, no row, no temp file', async () => {
    const t = await temp(tinyPdf('fallido'));
    const before = (await database.db.selectFrom('documents').select('id').execute()).length;
    let key = '';
    // An owner that does not exist: the row's foreign key refuses it.
    await expect(
      pdfs.put(t.tmpPath, async (db, storageKey) => {
        key = storageKey;
        return docs().insert({ ownerId: 999_999, originalFilename: 'b.pdf', storageKey, sha256: t.sha256, size: t.size }, db);
      }),
    ).rejects.toThrow();
    expect(fs.existsSync(t.tmpPath)).toBe(false);
    expect(fs.existsSync(files.pathOf(key))).toBe(false);
    expect((await database.db.selectFrom('documents').select('id').execute()).length).toBe(before);
    if (database.dialect === 'postgres') expect((await database.db.selectFrom('document_files').select('document_id').execute()).length).toBe(0);
  });

  it.skipIf(!process.env.DATABASE_URL)('PostgreSQL: a PDF from before document_files, still in DATA_DIR/files, is moved into the table once', async () => {
    const pdf = tinyPdf('antiguo');
    const row = await docs().insert({ ownerId, originalFilename: 'antiguo.pdf', storageKey: 'antiguo-key', sha256: 'x', size: pdf.length });
    fs.writeFileSync(files.pathOf('antiguo-key'), pdf);
    expect(await pdfs.get(row)).toBeUndefined();
    const store = pdfs as PostgresPdfStore;
    expect(await store.adoptDiskFiles()).toBe(1);
    expect((await bytesOf(await pdfs.get(row)))?.equals(pdf)).toBe(true);
    expect(await store.adoptDiskFiles()).toBe(0);
  });

  it('sweeps leftover temp files', async () => {
    fs.writeFileSync(path.join(files.tmpDir, 'left.part'), 'x');
    expect(await pdfs.sweep()).toBeGreaterThanOrEqual(1);
    expect(fs.readdirSync(files.tmpDir)).toEqual([]);
  });
});
