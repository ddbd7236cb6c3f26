import path from 'node:path';
import '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MAX_FILES_PER_UPLOAD, UploadResponse } from '../../shared/api/documents.ts';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import { HttpError, badRequest } from '../errors.ts';
import { userOf } from '../plugins/auth.ts';
import { toDocument } from '../repos/documents.ts';
import { checkPdf } from '../pdf-check.ts';
import { looksLikePdf, type TempFile } from '../storage.ts';
import type { AppContext } from '../context.ts';

const UploadHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) });

/**
 * A display name from whatever the client sent: no folders, no control characters, no format
 * characters (Cf: bidi overrides that make `invoice\u202Efdp.exe` read `invoiceexe.pdf`,
 * zero-width characters, BOM).
 */
function cleanName(name: string | undefined): string {
  const base = path.basename((name ?? '').replace(/\\/g, '/')).replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return base.slice(0, 255) || 'documento.pdf';
}

type Stored = { temp: TempFile; name: string };

export const uploadRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/documents/upload',
    { schema: { headers: UploadHeaders, response: { 200: UploadResponse, 201: UploadResponse } }, config: { permissions: ['upload'], rateLimit: { max: ctx.config.uploadRatePerMinute, timeWindow: 60_000 } } },
    async (request, reply) => {
      const user = userOf(request);
      const key = request.headers['idempotency-key'];
      const replay = async () =>
        key
          ? ctx.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', user.id).where('key', '=', key).executeTakeFirst()
          : undefined;
      const previous = await replay();
      if (previous?.response_json) return reply.status(previous.status_code as 200 | 201).header('Idempotent-Replayed', 'true').send(JSON.parse(previous.response_json));

      // Read every part to a temp file first: limits and content are checked before anything is stored.
      const received: Stored[] = [];
      try {
        for await (const part of request.files()) {
          if (part.fieldname !== 'files') {
            part.file.resume();
            throw badRequest('UNEXPECTED_FIELD', SERVER_MESSAGES.validation, `unexpected file field "${part.fieldname}", use "files"`);
          }
          if (received.length >= MAX_FILES_PER_UPLOAD) {
            part.file.resume();
            throw badRequest('TOO_MANY_FILES', SERVER_MESSAGES.tooManyFiles, `at most ${MAX_FILES_PER_UPLOAD} files per request`);
          }
          received.push({ temp: await ctx.files.writeTemp(part.file), name: cleanName(part.filename) });
        }
        if (received.length === 0) throw badRequest('NO_FILES', SERVER_MESSAGES.noFiles, 'no file in field "files"');
        for (const r of received) {
          if (r.temp.size === 0 || !looksLikePdf(r.temp.head)) {
            throw new HttpError(415, 'NOT_PDF', SERVER_MESSAGES.onlyPdf, `${r.name} does not start with %PDF-`);
          }
        }
        // Then a bounded open out of the event loop (decision 031), the files of a request side by
        // side: only a definite failure refuses.
        const checks = await Promise.all(received.map((r) => checkPdf(r.temp.tmpPath)));
        const refused = received.find((_, i) => checks[i] === 'not_pdf');
        if (refused) throw new HttpError(415, 'NOT_PDF', SERVER_MESSAGES.onlyPdf, `${refused.name} does not open as a PDF`);
      } catch (err) {
        await Promise.all(received.map((r) => ctx.files.discard(r.temp.tmpPath)));
        throw err;
      }

      const results: { id: number; duplicate: boolean }[] = [];
      // A file renamed into place whose row then failed to commit is removed again.
      let uncommitted: string | undefined;
      try {
        for (const r of received) {
          const existing = await ctx.documents.findBySha(user.id, r.temp.sha256);
          if (existing) {
            await ctx.files.discard(r.temp.tmpPath);
            results.push({ id: existing.id, duplicate: true });
            continue;
          }
          const storageKey = await ctx.files.commit(r.temp.tmpPath);
          uncommitted = storageKey;
          const row = await ctx.documents.insert({ ownerId: user.id, originalFilename: r.name, storageKey, sha256: r.temp.sha256, size: r.temp.size });
          uncommitted = undefined;
          results.push({ id: row.id, duplicate: false });
        }
      } catch (err) {
        await Promise.all(received.map((r) => ctx.files.discard(r.temp.tmpPath)));
        if (uncommitted) await ctx.files.remove(uncommitted);
        throw err;
      }

      const docs = [];
      for (const r of results) {
        const row = await ctx.documents.findById(r.id);
        if (row) docs.push({ ...toDocument(row), duplicate: r.duplicate });
      }
      const created = results.filter((r) => !r.duplicate).length;
      const dups = results.length - created;
      const message = dups === 0 ? SERVER_MESSAGES.uploaded(created) : created === 0 ? SERVER_MESSAGES.uploadedDuplicate : SERVER_MESSAGES.uploadedMixed(created, dups);
      const status: 200 | 201 = created > 0 ? 201 : 200;
      const body = { message, documents: docs };
      if (key) {
        const saved = await ctx.db
          .insertInto('idempotency_keys')
          .values({ user_id: user.id, key, status_code: status, response_json: JSON.stringify(body), created_at: new Date().toISOString() })
          .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
          .executeTakeFirst();
        // A concurrent request with the same key won: answer its result (our files were byte-identical
        // duplicates of its own, so nothing extra was created beyond what sha matching already merged).
        if (Number(saved.numInsertedOrUpdatedRows ?? 0n) === 0) {
          const winner = await replay();
          if (winner?.response_json) return reply.status(winner.status_code as 200 | 201).header('Idempotent-Replayed', 'true').send(JSON.parse(winner.response_json));
        }
      }
      if (created > 0) ctx.wakeRunner();
      return reply.status(status).send(body);
    },
  );
};
