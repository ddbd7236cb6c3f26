import { sql, type Kysely } from 'kysely';
import type { Database, Dialect } from '../db/schema.ts';
import type { DocumentRow } from '../repos/documents.ts';

/**
 * The job queue is the documents table itself: `pending` rows are jobs, a claim takes a lease
 * (renewed while the job runs) so a crashed server's jobs return to the queue.
 */
export function queueRepo(db: Kysely<Database>, dialect: Dialect, maxAttempts: number) {
  const iso = (ms = 0) => new Date(Date.now() + ms).toISOString();
  return {
    async claim(owner: string, leaseMs: number): Promise<DocumentRow | undefined> {
      return db.transaction().execute(async (trx) => {
        let pick = trx
          .selectFrom('documents')
          .select('id')
          .where('status', '=', 'pending')
          .where('available_at', '<=', iso())
          .orderBy('id')
          .limit(1);
        if (dialect === 'postgres') pick = pick.modifyEnd(sql`FOR UPDATE SKIP LOCKED`);
        const next = await pick.executeTakeFirst();
        if (!next) return undefined;
        return trx
          .updateTable('documents')
          .set((eb) => ({
            status: 'processing',
            progress: 0,
            attempts: eb('attempts', '+', 1),
            lease_owner: owner,
            lease_until: iso(leaseMs),
            started_at: iso(),
            finished_at: null,
            error: null,
          }))
          .where('id', '=', next.id)
          .where('status', '=', 'pending')
          .returningAll()
          .executeTakeFirst();
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
    /** A failed attempt: back to the queue with a back-off, or `error` once attempts run out. */
    async fail(job: DocumentRow, owner: string, reason: string, retryable: boolean): Promise<'retry' | 'error'> {
      const retry = retryable && job.attempts < maxAttempts;
      await db
        .updateTable('documents')
        .set(
          retry
            ? { status: 'pending', progress: 0, lease_owner: null, lease_until: null, available_at: iso(1000 * job.attempts) }
            : { status: 'error', progress: 100, lease_owner: null, lease_until: null, error: reason, finished_at: iso() },
        )
        .where('id', '=', job.id)
        .where('lease_owner', '=', owner)
        .execute();
      return retry ? 'retry' : 'error';
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
              ? { status: 'error', progress: 100, lease_owner: null, lease_until: null, error: exhaustedReason, finished_at: iso() }
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
