import path from 'node:path';
import type { UploadResponse } from '../shared/api/documents.ts';
import { SERVER_MESSAGES } from '../shared/messages/server.ts';
import { hasPermissions } from '../shared/permissions.ts';
import { HttpError, unauthenticated } from './errors.ts';
import { checkPdf } from './pdf-check.ts';
import { toDocument } from './repos/documents.ts';
import { permissionsOf } from './repos/users.ts';
import { looksLikePdf, type TempFile } from './storage.ts';
import type { AppContext } from './context.ts';
import { DuplicateUpload, insertUnlessDuplicate } from './upload-dedupe.ts';

/**
 * What happens to a received file, whichever way it came in (the multipart upload, the resumable
 * tus upload; docs/decisions/052): the content check, the store, the document and its job, the
 * answer and its idempotency record. One place, so both doors accept and refuse alike.
 */

/**
 * A display name from whatever the client sent: no folders, no control characters, no format
 * characters (Cf: bidi overrides that make `invoice\u202Efdp.exe` read `invoiceexe.pdf`,
 * zero-width characters, BOM).
 */
export function cleanName(name: string | null | undefined): string {
  // Cs: a lone surrogate (half of an emoji sent broken) is no character either.
  const base = path.basename((name ?? '').replace(/\\/g, '/')).replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, '').trim();
  // Cut by characters, not UTF-16 units: slicing units halved an emoji at the limit, stored as mojibake.
  return Array.from(base).slice(0, 255).join('') || 'documento.pdf';
}

/** A file read to DATA_DIR/tmp with the name it is shown under. */
export interface ReceivedFile {
  temp: TempFile;
  name: string;
}

/** The answer of an upload: what is sent, and what a replay with the same key sends again. */
export interface UploadAnswer {
  status: 200 | 201;
  body: UploadResponse;
}

/**
 * 415 unless every file is a PDF by its content (decision 031): `%PDF-` in the first bytes, then a
 * bounded open out of the event loop, the files side by side. Only a definite failure refuses.
 */
export async function assertPdfs(received: readonly ReceivedFile[], ownerId: number): Promise<void> {
  for (const r of received) {
    if (r.temp.size === 0 || !looksLikePdf(r.temp.head)) {
      throw new HttpError(415, 'NOT_PDF', SERVER_MESSAGES.onlyPdf, `${r.name} does not start with %PDF-`);
    }
  }
  const checks = await Promise.all(received.map((r) => checkPdf(r.temp.tmpPath, ownerId)));
  const refused = received.find((_, i) => checks[i] === 'not_pdf');
  if (refused) throw new HttpError(415, 'NOT_PDF', SERVER_MESSAGES.onlyPdf, `${refused.name} does not open as a PDF`);
}

/** The stored answer of an earlier upload with this key (decision 034), if any. */
export async function previousAnswer(ctx: AppContext, userId: number, key: string): Promise<UploadAnswer | undefined> {
  const row = await ctx.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
  if (!row?.response_json) return undefined;
  return { status: row.status_code as 200 | 201, body: JSON.parse(row.response_json) as UploadResponse };
}

/**
 * The session is checked when a request starts, but a multipart upload (or tus's finishing PATCH)
 * may take minutes to arrive on a slow link (REQUEST_TIMEOUT_MS). An account disabled, its password
 * reset or its session ended meanwhile still had its files stored and extracted (sixth attacker's
 * audit, decision 037): asked again, right before anything is stored.
 */
async function assertStillUploader(ctx: AppContext, ownerId: number, token: string): Promise<void> {
  const user = await ctx.sessions.userFor(token);
  if (!user || user.id !== ownerId || !hasPermissions(permissionsOf(user), ['upload'])) {
    throw unauthenticated('the session ended while the upload arrived');
  }
}

/**
 * Checks, stores and queues the received files for `ownerId` and builds the answer; with a key,
 * the answer is kept for replays. `replayed` is true when a concurrent upload with the same key
 * stored its answer first: that answer is returned instead (our files were byte-identical
 * duplicates of its own, so nothing extra was created beyond what sha matching already merged).
 * The temp files are gone when this returns or throws.
 */
export async function acceptUpload(
  ctx: AppContext,
  ownerId: number,
  /** The bearer token the upload came with: still live, or nothing is stored. */
  token: string,
  received: readonly ReceivedFile[],
  key?: string,
): Promise<{ answer: UploadAnswer; replayed: boolean }> {
  try {
    await assertPdfs(received, ownerId);
    await assertStillUploader(ctx, ownerId, token);
  } catch (err) {
    await Promise.all(received.map((r) => ctx.files.discard(r.temp.tmpPath)));
    throw err;
  }

  const results: { id: number; duplicate: boolean }[] = [];
  try {
    for (const r of received) {
      const existing = await ctx.documents.findBySha(ownerId, r.temp.sha256);
      if (existing) {
        await ctx.files.discard(r.temp.tmpPath);
        results.push({ id: existing.id, duplicate: true });
        continue;
      }
      // The PDF and its row together: both stored or neither (pdf-store.ts). Checked again where it
      // is written: a concurrent upload of the same file may have stored it since (upload-dedupe.ts).
      const file = { ownerId, sha256: r.temp.sha256 };
      try {
        const row = await ctx.pdfs.put(r.temp.tmpPath, (db, storageKey) =>
          insertUnlessDuplicate(db, ctx.dialect, file, (trx) =>
            ctx.documents.insert({ ownerId, originalFilename: r.name, storageKey, sha256: r.temp.sha256, size: r.temp.size }, trx),
          ),
        );
        results.push({ id: row.id, duplicate: false });
      } catch (err) {
        // The store removed its copy; the temp file went with it.
        if (!(err instanceof DuplicateUpload)) throw err;
        results.push({ id: err.existingId, duplicate: true });
      }
    }
  } catch (err) {
    await Promise.all(received.map((r) => ctx.files.discard(r.temp.tmpPath)));
    throw err;
  }

  const documents = [];
  for (const r of results) {
    const row = await ctx.documents.findById(r.id);
    if (row) documents.push({ ...toDocument(row), duplicate: r.duplicate });
  }
  const created = results.filter((r) => !r.duplicate).length;
  const dups = results.length - created;
  const message = dups === 0 ? SERVER_MESSAGES.uploaded(created) : created === 0 ? SERVER_MESSAGES.uploadedDuplicate : SERVER_MESSAGES.uploadedMixed(created, dups);
  const answer: UploadAnswer = { status: created > 0 ? 201 : 200, body: { message, documents } };
  if (key) {
    const saved = await ctx.db
      .insertInto('idempotency_keys')
      .values({ user_id: ownerId, key, status_code: answer.status, response_json: JSON.stringify(answer.body), created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(saved.numInsertedOrUpdatedRows ?? 0n) === 0) {
      const winner = await previousAnswer(ctx, ownerId, key);
      if (winner) return { answer: winner, replayed: true };
    }
  }
  if (created > 0) ctx.wakeRunner();
  return { answer, replayed: false };
}
