import { sql, type Kysely } from 'kysely';
import type { Database, Dialect } from '../db/schema.ts';
import type { DocumentRow } from '../repos/documents.ts';
import type { DocumentErrorCode } from '../../shared/api/documents.ts';

// A literal, so both databases can use the partial index of pending rows (migration 005).
const PENDING = sql.lit('pending');
/** Uploaders tried per claim on PostgreSQL before falling back to first-in first-out. */
const FAIR_CANDIDATES = 8;

/**
 * The job queue is the documents table itself: `pending` rows are jobs, a claim takes a lease
 * (renewed while the job runs) so a crashed server's jobs return to the queue.
 */
export function queueRepo(db: Kysely<Database>, dialect: Dialect, maxAttempts: number) {
  const iso = (ms = 0) => new Date(Date.now() + ms).toISOString();
  return {
    /**
     * Takes the next job, fairly between uploaders: the uploader whose turn came least recently
     * (never: by its oldest job) goes next, and within one uploader the oldest job. PostgreSQL
     * keeps FOR UPDATE SKIP LOCKED, so concurrent claimers never take the same job.
     */
    async claim(owner: string, leaseMs: number): Promise<DocumentRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const now = iso();
        // Uploaders with a ready job, from the partial index of pending rows (one entry per job
        // waiting, none for the rest of the table), then their turns.
        const ready = trx
          .selectFrom('documents')
          .select(['owner_id'])
          .select((eb) => eb.fn.min('id').as('first_id'))
          .where('status', '=', PENDING)
          .where('available_at', '<=', now)
          .groupBy('owner_id')
          .as('ready');
        const uploaders = await trx
          .selectFrom(ready)
          .leftJoin('queue_turns', 'queue_turns.owner_id', 'ready.owner_id')
          .select(['ready.owner_id', 'ready.first_id'])
          .orderBy(sql`coalesce(queue_turns.turn, 0)`)
          .orderBy('ready.first_id')
          .limit(FAIR_CANDIDATES)
          .execute();
        if (uploaders.length === 0) return undefined;
        let next: { id: number; owner_id: number } | undefined;
        if (dialect === 'sqlite') {
          // One writer at a time: the first candidate's oldest job is still there.
          next = { id: uploaders[0]!.first_id, owner_id: uploaders[0]!.owner_id };
        } else {
          // Another claimer may hold (or have taken) an uploader's jobs: its next unlocked one, or
          // the next uploader's; past the candidates, any ready job first-in first-out.
          const pick = (uploader?: number) =>
            trx
              .selectFrom('documents')
              .select(['id', 'owner_id'])
              .where('status', '=', PENDING)
              .where('available_at', '<=', now)
              .$if(uploader !== undefined, (q) => q.where('owner_id', '=', uploader!))
              .orderBy('id')
              .limit(1)
              .modifyEnd(sql`FOR UPDATE SKIP LOCKED`)
              .executeTakeFirst();
          for (const u of uploaders) if ((next = await pick(u.owner_id))) break;
          next ??= await pick();
        }
        if (!next) return undefined;
        const job = await trx
          .updateTable('documents')
          .set((eb) => ({
            status: 'processing',
            progress: 0,
            attempts: eb('attempts', '+', 1),
            lease_owner: owner,
            lease_until: iso(leaseMs),
            started_at: now,
            finished_at: null,
            error: null,
            error_code: null,
          }))
          .where('id', '=', next.id)
          .where('status', '=', 'pending')
          .returningAll()
          .executeTakeFirst();
        if (!job) return undefined;
        const last = await trx.selectFrom('queue_turns').select((eb) => eb.fn.max('turn').as('turn')).executeTakeFirst();
        const turn = Number(last?.turn ?? 0) + 1;
        await trx
          .insertInto('queue_turns')
          .values({ owner_id: job.owner_id, turn })
          .onConflict((oc) => oc.column('owner_id').doUpdateSet({ turn }))
          .execute();
        return job;
      });
    },
    /** Extends the lease and records progress; false when the job is no longer ours (deleted, requeued). */
    async heartbeat(id: number, owner: string, leaseMs: number, progress?: number): Promise<boolean> {
      const res = await db
        .updateTable('documents')
        .set(progress === undefined ? { lease_until: iso(leaseMs) } : { lease_until: iso(leaseMs), progress })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    /** A failed attempt: back to the queue with a back-off, or `error` (with its Spanish reason and its code) once attempts run out. */
    async fail(job: DocumentRow, owner: string, reason: string, code: DocumentErrorCode, retryable: boolean): Promise<'retry' | 'error'> {
      const retry = retryable && job.attempts < maxAttempts;
      await db
        .updateTable('documents')
        .set(
          retry
            ? { status: 'pending', progress: 0, lease_owner: null, lease_until: null, available_at: iso(1000 * job.attempts) }
            : { status: 'error', progress: 100, lease_owner: null, lease_until: null, error: reason, error_code: code, finished_at: iso() },
        )
        .where('id', '=', job.id)
        .where('lease_owner', '=', owner)
        .execute();
      return retry ? 'retry' : 'error';
    },
    /**
     * Back to the queue without using an attempt: the job did not fail, the server could not store
     * its result (a full disk, docs/decisions/035). False when the job is no longer ours.
     */
    async release(job: DocumentRow, owner: string, delayMs: number): Promise<boolean> {
      const res = await db
        .updateTable('documents')
        .set({
          status: 'pending',
          progress: 0,
          attempts: Math.max(0, job.attempts - 1),
          lease_owner: null,
          lease_until: null,
          available_at: iso(delayMs),
        })
        .where('id', '=', job.id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    /**
     * Jobs whose lease ran out (their server died) go back to the queue, or end in error when they
     * already used every attempt. `all` also takes live-looking leases: with SQLite the data-folder
     * lock proves no other server holds them.
     */
    async recover(all: boolean, exhaustedReason: string): Promise<number> {
      let q = db.selectFrom('documents').selectAll().where('status', '=', 'processing');
      if (!all) q = q.where('lease_until', '<', iso());
      const stale = await q.execute();
      for (const job of stale) {
        const exhausted = job.attempts >= maxAttempts;
        await db
          .updateTable('documents')
          .set(
            exhausted
              ? { status: 'error', progress: 100, lease_owner: null, lease_until: null, error: exhaustedReason, error_code: 'crash', finished_at: iso() }
              : { status: 'pending', progress: 0, lease_owner: null, lease_until: null, available_at: iso() },
          )
          .where('id', '=', job.id)
          .where('status', '=', 'processing')
          .execute();
      }
      return stale.length;
    },
  };
}
