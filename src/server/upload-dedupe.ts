import { sql, type Kysely } from 'kysely';
import type { Database, Dialect } from './db/schema.ts';

/**
 * A byte-identical file of the same owner was stored first (decision 034). Thrown inside the PDF
 * store's write, so the store undoes its own part (the file renamed into place, or the
 * transaction holding the bytes), and the upload answers the existing document as a duplicate.
 */
export class DuplicateUpload extends Error {
  constructor(readonly existingId: number) {
    super(`byte-identical to document ${existingId}`);
  }
}

/** First key of our advisory locks on PostgreSQL (the second is the owner's file's hash). */
const DEDUPE_LOCK = 0x5e9d0c;

/**
 * Runs `insert` unless the owner already has a document with this sha256, deciding and writing in
 * one transaction. The check alone, before the write, was not enough: the content check between
 * them takes half a second (decision 031), so five identical uploads sent at once (an outbox retrying
 * after a timeout, under one Idempotency-Key or none) all found nothing and stored five documents
 * (third attacker's audit, decision 034). SQLite runs one transaction at a time on its one
 * connection; PostgreSQL takes a transaction-scoped advisory lock on (owner, sha256), so the second
 * waits for the first to commit and then sees its row. No unique index: databases written before
 * may already hold such twins, and a migration must not fail on them.
 */
export async function insertUnlessDuplicate<T>(
  db: Kysely<Database>,
  dialect: Dialect,
  file: { ownerId: number; sha256: string },
  insert: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const run = async (trx: Kysely<Database>): Promise<T> => {
    if (dialect === 'postgres') {
      await sql`SELECT pg_advisory_xact_lock(${DEDUPE_LOCK}, hashtext(${`${file.ownerId}:${file.sha256}`}))`.execute(trx);
    }
    const existing = await trx
      .selectFrom('documents')
      .select('id')
      .where('owner_id', '=', file.ownerId)
      .where('sha256', '=', file.sha256)
      .orderBy('id')
      .executeTakeFirst();
    if (existing) throw new DuplicateUpload(existing.id);
    return insert(trx);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
