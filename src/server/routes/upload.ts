import '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { UploadResponse } from '../../shared/api/documents.ts';
import { MAX_FILES_PER_UPLOAD } from '../../shared/constants.ts';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import { badRequest } from '../errors.ts';
import { userOf } from '../plugins/auth.ts';
import { acceptUpload, cleanName, previousAnswer, type ReceivedFile } from '../accept-upload.ts';
import type { AppContext } from '../context.ts';

const UploadHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) });

export const uploadRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/documents/upload',
    { schema: { headers: UploadHeaders, response: { 200: UploadResponse, 201: UploadResponse } }, config: { permissions: ['upload'], rateLimit: { max: ctx.config.uploadRatePerMinute, timeWindow: 60_000 } } },
    async (request, reply) => {
      const user = userOf(request);
      const key = request.headers['idempotency-key'];
      const previous = key ? await previousAnswer(ctx, user.id, key) : undefined;
      if (previous) return reply.status(previous.status).header('Idempotent-Replayed', 'true').send(previous.body);

      // Read every part to a temp file first: limits and content are checked before anything is stored.
      const received: ReceivedFile[] = [];
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
      } catch (err) {
        await Promise.all(received.map((r) => ctx.files.discard(r.temp.tmpPath)));
        throw err;
      }

      const { answer, replayed } = await acceptUpload(ctx, user.id, request.token ?? '', received, key);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.status(answer.status).send(answer.body);
    },
  );
};
