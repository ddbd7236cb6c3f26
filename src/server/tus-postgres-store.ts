import { PassThrough, type Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { Database } from './db/schema.ts';

/** Bytes committed per transaction: a PATCH of the outbox's 256 KB chunks is one, a bigger one a few. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * @tus/server's DataStore over PostgreSQL (issue 13, docs/decisions/041): the upload's state in
 * `tus_uploads`, its bytes in `tus_chunks`, so a client that resumes on another API node finds
 * what it sent. Each chunk and the offset it moves commit together: after a node dies mid-PATCH
 * the offset counts exactly the committed bytes, and the client resumes from there. A write only
 * moves the offset it started from, so two nodes never both append at one offset.
 */
export class PostgresTusStore extends DataStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly expirationMs: number,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration'];
  }

  override async create(upload: Upload): Promise<Upload> {
    await this.db
      .insertInto('tus_uploads')
      .values({
        id: upload.id,
        size: upload.size ?? null,
        offset: 0,
        metadata_json: JSON.stringify(upload.metadata ?? {}),
        creation_date: upload.creation_date ?? new Date().toISOString(),
      })
      .execute();
    upload.storage = { type: 'postgres', path: upload.id };
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.db.selectFrom('tus_uploads').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size ?? undefined,
      offset: row.offset,
      metadata: JSON.parse(row.metadata_json) as Record<string, string | null>,
      creation_date: row.creation_date,
      storage: { type: 'postgres', path: id },
    });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let at = offset;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const bytes = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      await this.db.transaction().execute(async (trx) => {
        // Only from the offset this write started at: a concurrent PATCH elsewhere loses (409 on retry).
        const moved = await trx
          .updateTable('tus_uploads')
          .set({ offset: at + bytes.length })
          .where('id', '=', id)
          .where('offset', '=', at)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 0) throw ERRORS.INVALID_OFFSET;
        await trx.insertInto('tus_chunks').values({ upload_id: id, offset: at, bytes }).execute();
      });
      at += bytes.length;
    };
    try {
      for await (const data of stream) {
        const chunk = data as Buffer;
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= CHUNK_BYTES) await flush();
      }
      await flush();
    } catch (err) {
      // The client went away: what did arrive is kept (as the file store keeps it), then the error.
      if (err !== ERRORS.INVALID_OFFSET) await flush().catch(() => undefined);
      throw err === ERRORS.INVALID_OFFSET ? err : ERRORS.FILE_WRITE_ERROR;
    }
    return at;
  }

  /**
   * The upload's bytes in order, from one statement (one snapshot: a node removing the upload
   * meanwhile cannot cut it short), checked to be contiguous and complete. At most MAX_FILE_BYTES.
   */
  read(id: string): Readable {
    const out = new PassThrough();
    void (async () => {
      const upload = await this.getUpload(id);
      const chunks = await this.db.selectFrom('tus_chunks').select(['offset', 'bytes']).where('upload_id', '=', id).orderBy('offset').execute();
      let at = 0;
      for (const chunk of chunks) {
        if (chunk.offset !== at) throw new Error(`upload ${id}: chunk at ${chunk.offset}, expected ${at}`);
        at += chunk.bytes.length;
      }
      if (at !== upload.size) throw new Error(`upload ${id}: ${at} bytes stored of ${String(upload.size)}`);
      for (const chunk of chunks) if (!out.write(chunk.bytes)) await new Promise((resolve) => out.once('drain', resolve));
      out.end();
    })().catch((err: unknown) => out.destroy(err as Error));
    return out;
  }

  override async remove(id: string): Promise<void> {
    const res = await this.db.deleteFrom('tus_uploads').where('id', '=', id).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw ERRORS.FILE_NOT_FOUND;
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    await this.db.updateTable('tus_uploads').set({ size: length }).where('id', '=', id).execute();
  }

  override getExpiration(): number {
    return this.expirationMs;
  }

  /** Incomplete uploads older than the expiry, whichever node received them. */
  override async deleteExpired(): Promise<number> {
    const before = new Date(Date.now() - this.expirationMs).toISOString();
    const res = await this.db
      .deleteFrom('tus_uploads')
      .where('creation_date', '<', before)
      .where((eb) => eb.or([eb('size', 'is', null), eb('offset', '<', sql<number>`size`)]))
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
