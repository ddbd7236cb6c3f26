import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './db/schema.ts';
import type { Db } from './db/index.ts';
import type { FileStore } from './storage.ts';

/** What a store needs of a document to find its PDF. */
export interface StoredDoc {
  id: number;
  storage_key: string;
}

/** A PDF on local disk for the engine to open; release() removes it when it was a copy. */
export interface LocalPdf {
  path: string;
  release(): Promise<void>;
}

/**
 * Where the stored PDFs live (issue 13, docs/decisions/041): DATA_DIR/files with SQLite, the
 * `document_files` table with PostgreSQL so nodes share no disk. Chosen once (pdfStoreFor).
 */
export interface PdfStore {
  readonly kind: 'disk' | 'postgres';
  /**
   * Stores a checked temp file (DATA_DIR/tmp) and inserts its document row with `insert`: both are
   * there or neither. The temp file is gone when this returns or throws.
   */
  put<T extends { id: number }>(tmpPath: string, insert: (db: Kysely<Database>, storageKey: string) => Promise<T>): Promise<T>;
  /** The stored PDF as a stream read as it is consumed (never whole in memory), or undefined when it is gone. */
  get(doc: StoredDoc): Promise<Readable | undefined>;
  /** The PDF as a local file for the engine's child process, or undefined when it is gone. */
  local(doc: StoredDoc): Promise<LocalPdf | undefined>;
  /** Deletes the document with `remove` (a transaction) and its PDF. */
  delete(doc: StoredDoc, remove: (trx: Transaction<Database>) => Promise<void>): Promise<void>;
  /** After a crash: drops temp files and stored PDFs whose row never committed. */
  sweep(): Promise<number>;
}

/** SQLite: files renamed into DATA_DIR/files before the row commits, removed again if it does not. */
export class DiskPdfStore implements PdfStore {
  readonly kind = 'disk';
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
  ) {}

  async put<T extends { id: number }>(tmpPath: string, insert: (db: Kysely<Database>, storageKey: string) => Promise<T>): Promise<T> {
    let key: string;
    try {
      key = await this.files.commit(tmpPath);
    } catch (err) {
      await this.files.discard(tmpPath);
      throw err;
    }
    try {
      return await insert(this.db, key);
    } catch (err) {
      await this.files.remove(key);
      throw err;
    }
  }

  async get(doc: StoredDoc): Promise<Readable | undefined> {
    const file = this.files.pathOf(doc.storage_key);
    return fs.existsSync(file) ? fs.createReadStream(file) : undefined;
  }

  async local(doc: StoredDoc): Promise<LocalPdf | undefined> {
    const file = this.files.pathOf(doc.storage_key);
    return fs.existsSync(file) ? { path: file, release: async () => {} } : undefined;
  }

  async delete(doc: StoredDoc, remove: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(remove);
    await this.files.remove(doc.storage_key);
  }

  async sweep(): Promise<number> {
    const keys = await this.db.selectFrom('documents').select('storage_key').execute();
    return this.files.sweep(new Set(keys.map((k) => k.storage_key)));
  }
}

/** Bytes of a stored PDF read per query when it is downloaded (PostgreSQL). */
const READ_SLICE_BYTES = 256 * 1024;

/**
 * PostgreSQL: the bytes go into `document_files` in the transaction that inserts the document, so
 * an acknowledged upload is in the database and nowhere else. A file is at most MAX_FILE_BYTES
 * (10 MB), read into memory once to insert: the upload itself stays streamed to DATA_DIR/tmp.
 */
export class PostgresPdfStore implements PdfStore {
  readonly kind = 'postgres';
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
  ) {}

  async put<T extends { id: number }>(tmpPath: string, insert: (db: Kysely<Database>, storageKey: string) => Promise<T>): Promise<T> {
    try {
      const bytes = await fsp.readFile(tmpPath);
      return await this.db.transaction().execute(async (trx) => {
        const row = await insert(trx, crypto.randomUUID());
        await trx.insertInto('document_files').values({ document_id: row.id, bytes }).execute();
        return row;
      });
    } finally {
      await this.files.discard(tmpPath);
    }
  }

  /**
   * The PDF as a stream of slices read one at a time, as the client takes them. Read whole, each
   * download held the file (and its hex text on the way) until the socket took it: a signed-in
   * reader who asked on many connections and never read pinned ~7 MB per connection (attacker's
   * audit, 2026-12-02, decision 037). `STORAGE EXTERNAL` (migration) makes a slice a read of its
   * own TOAST chunks only. A document deleted mid-download ends the stream with an error.
   */
  async get(doc: StoredDoc): Promise<Readable | undefined> {
    const head = await this.db
      .selectFrom('document_files')
      .select(sql<number>`octet_length(bytes)`.as('size'))
      .where('document_id', '=', doc.id)
      .executeTakeFirst();
    if (!head) return undefined;
    const size = Number(head.size);
    const db = this.db;
    async function* slices(): AsyncGenerator<Buffer> {
      for (let at = 0; at < size; ) {
        const row = await db
          .selectFrom('document_files')
          // substring counts from 1.
          .select(sql<Buffer>`substring(bytes from ${at + 1} for ${READ_SLICE_BYTES})`.as('slice'))
          .where('document_id', '=', doc.id)
          .executeTakeFirst();
        if (!row || row.slice.length === 0) throw new Error(`document ${doc.id}: its PDF is gone or shorter than ${size} bytes`);
        at += row.slice.length;
        yield row.slice;
      }
    }
    return Readable.from(slices(), { objectMode: false, highWaterMark: READ_SLICE_BYTES });
  }

  /** The whole PDF in memory: only for the engine's local copy (one per running job). */
  private async bytes(doc: StoredDoc): Promise<Buffer | undefined> {
    const row = await this.db.selectFrom('document_files').select('bytes').where('document_id', '=', doc.id).executeTakeFirst();
    return row?.bytes;
  }

  async local(doc: StoredDoc): Promise<LocalPdf | undefined> {
    const bytes = await this.bytes(doc);
    if (!bytes) return undefined;
    const file = path.join(this.files.tmpDir, `job-${doc.id}-${crypto.randomUUID()}.pdf`);
    try {
      await fsp.writeFile(file, bytes);
    } catch (err) {
      // A full disk leaves a part of the copy behind: never keep it (the job goes back to pending).
      await this.files.discard(file);
      throw err;
    }
    return { path: file, release: () => this.files.discard(file) };
  }

  async delete(_doc: StoredDoc, remove: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
    // document_files goes with its row (ON DELETE CASCADE), in the same transaction.
    await this.db.transaction().execute(remove);
  }

  async sweep(): Promise<number> {
    // DATA_DIR holds only temp files here (half-read uploads, job copies).
    return this.files.sweep(new Set(), { storedFiles: false });
  }

  /**
   * A database from before issue 13 kept its PDFs in DATA_DIR/files: those found there are moved
   * into the table once (idempotent; a file already moved is skipped).
   */
  async adoptDiskFiles(): Promise<number> {
    const missing = await this.db
      .selectFrom('documents')
      .leftJoin('document_files', 'document_files.document_id', 'documents.id')
      .select(['documents.id', 'documents.storage_key'])
      .where('document_files.document_id', 'is', null)
      .execute();
    let adopted = 0;
    for (const doc of missing) {
      const file = this.files.pathOf(doc.storage_key);
      if (!fs.existsSync(file)) continue;
      const bytes = await fsp.readFile(file);
      await this.db.insertInto('document_files').values({ document_id: doc.id, bytes }).onConflict((oc) => oc.column('document_id').doNothing()).execute();
      adopted++;
    }
    return adopted;
  }
}

/** The store for this database, chosen once. */
export function pdfStoreFor(database: Db, files: FileStore): PdfStore {
  return database.dialect === 'postgres' ? new PostgresPdfStore(database.db, files) : new DiskPdfStore(database.db, files);
}
