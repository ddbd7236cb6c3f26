import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { FileStore as TusFileStore } from '@tus/file-store';
import { EVENTS, Metadata, Server as TusServer, type ServerOptions, type Upload } from '@tus/server';
import { MAX_FILE_BYTES } from '../../shared/constants.ts';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import { acceptUpload, cleanName, previousAnswer, type UploadAnswer } from '../accept-upload.ts';
import { HttpError, badRequest, notFound } from '../errors.ts';
import { userOf } from '../plugins/auth.ts';
import { nulPath, nulRefused } from '../plugins/text-input.ts';
import { TUS_ROUTE, insufficientStorage, toErrorBody } from '../plugins/errors.ts';
import type { UserRow } from '../repos/users.ts';
import type { AppContext } from '../context.ts';
import { PostgresTusStore } from '../tus-postgres-store.ts';

/** A partial upload untouched this long after its creation is deleted (a tablet offline overnight still resumes). */
export const TUS_EXPIRY_MS = 24 * 60 * 60_000;
const CLEANUP_EVERY_MS = 60 * 60_000;
/**
 * HEAD/PATCH/DELETE calls one upload may take per minute, per address, counted against the upload
 * rate: a 10 MB file in the outbox's 256 KB chunks is 40 PATCHes, plus a HEAD per resumption.
 */
const CALLS_PER_UPLOAD = 64;
/** The client's id of the file (the outbox record id), the same key space as `Idempotency-Key`. */
const MAX_CLIENT_ID = 200;
/** Metadata key where the server keeps the upload's owner (set at creation, whatever the client sent). */
const OWNER = 'owner';

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadFinish']>>[0];
type FinishAnswer = Awaited<ReturnType<NonNullable<ServerOptions['onUploadFinish']>>>;

const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };
/** A 500 says nothing of its cause (the log does). */
const INTERNAL = JSON.stringify({ error: SERVER_MESSAGES.internal, detail: 'internal server error', code: 'INTERNAL' });

const CreateHeaders = Type.Object({
  // A declared length is required: the size limit is then known before any byte is sent.
  'upload-length': Type.String({ pattern: '^[0-9]{1,15}$' }),
  'upload-metadata': Type.Optional(Type.String({ maxLength: 4096 })),
});
const UploadParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) }, { additionalProperties: false });

function diskStore(directory: string): TusFileStore {
  fs.mkdirSync(directory, { recursive: true });
  return new TusFileStore({ directory, expirationPeriodInMilliseconds: TUS_EXPIRY_MS });
}

export interface TusRouteOptions {
  ctx: AppContext;
  /** Whether DATA_DIR is short of space now (a write that failed is then a full disk). */
  spaceShort: () => Promise<boolean>;
}

/**
 * Resumable uploads (tus 1.0, docs/decisions/052): `POST /api/uploads/tus` creates an upload
 * (`Upload-Length`, metadata `filename` and `clientId`), `PATCH /api/uploads/tus/:id` appends
 * bytes at `Upload-Offset`, `HEAD` says how many arrived, so a cut connection resumes where it
 * stopped. Partial files live in DATA_DIR/tus (SQLite) or PostgreSQL (tus-postgres-store.ts). The finishing PATCH accepts the file exactly as the
 * multipart upload does (accept-upload.ts) and answers its JSON, the client id acting as
 * `Idempotency-Key`. Access is the routes' (decision 037); an upload is visible to its owner only.
 */
export const tusUploadRoutes: FastifyPluginAsyncTypebox<TusRouteOptions> = async (app, { ctx, spaceShort }) => {
  const directory = path.join(ctx.config.dataDir, 'tus');
  // PostgreSQL: partial uploads in the database, so a client may resume on any API node (issue 13).
  const store = ctx.dialect === 'postgres' ? new PostgresTusStore(ctx.db, TUS_EXPIRY_MS) : diskStore(directory);
  /** The signed-in user of each request handed to tus (its hooks see only the raw request). */
  const users = new WeakMap<object, UserRow>();
  /** And its bearer token, asked again before a finished upload is stored (accept-upload.ts). */
  const tokens = new WeakMap<object, string>();
  /** Uploads whose last byte arrived and that are being accepted or refused now, until their partial file is gone. */
  const finishing = new Set<string>();
  const userOfTus = (req: TusRequest): UserRow => {
    const user = users.get(req.runtime?.node?.req ?? {});
    if (!user) throw new Error('tus request without a signed-in user');
    return user;
  };
  const json = (status: number, body: unknown, headers: Record<string, string> = {}): Required<FinishAnswer> => ({
    status_code: status,
    headers: { ...JSON_TYPE, ...headers },
    body: JSON.stringify(body),
  });
  const answerOf = ({ status, body }: UploadAnswer, replayed: boolean) =>
    json(status, body, { 'Upload-Document-Id': String(body.documents[0]?.id ?? ''), ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}) });

  const tus = new TusServer({
    path: TUS_ROUTE,
    datastore: store,
    maxSize: MAX_FILE_BYTES,
    // `/api/uploads/tus/<id>`: right behind any proxy, whatever host it was reached on.
    relativeLocation: true,
    // The web app calls from its own origin; tus's default answered `Access-Control-Allow-Origin: *`
    // on every upload call (no other route of ours allows another origin).
    allowedOrigins: [],
    exposedHeaders: ['Upload-Document-Id', 'Idempotent-Replayed'],
    // The id is the last segment of the canonical path (plugins/canonical-url.ts), query aside.
    getFileIdFromRequest: (req) => new URL(req.url).pathname.split('/').pop() || undefined,
    async onUploadCreate(req, upload) {
      return { metadata: { ...upload.metadata, [OWNER]: String(userOfTus(req).id) } };
    },
    async onUploadFinish(req, upload) {
      finishing.add(upload.id);
      try {
        return await finish(userOfTus(req), tokens.get(req.runtime?.node?.req ?? {}) ?? '', upload);
      } catch (err) {
        // Answered here, in JSON (tus would answer its own text): the refusal of a file (415),
        // a full disk (507), or a 500 that says nothing of its cause.
        const short = await spaceShort().catch(() => false);
        const { status, body, internal } = toErrorBody(err as Error, { storingFile: true, spaceShort: short });
        if (internal) app.log.error({ err, upload: upload.id }, 'resumable upload could not be stored');
        return json(status, body);
      }
    },
    async onResponseError(req, err) {
      // The client went away mid-PATCH: what arrived is kept, nobody reads this answer.
      if (req.runtime?.node?.req.destroyed) return undefined;
      // More bytes than the upload declared: tus refuses them before a write (a known
      // Content-Length, a plain object) or while streaming (chunked: its MaxFileExceededError, an
      // Error that became a logged 500). Either way the file is too large, said in Spanish.
      const refusal = err as Partial<{ status_code: number; body: string }>;
      if (refusal.status_code === 413) {
        const detail = refusal.body?.trim() || 'more bytes than Upload-Length';
        return { status_code: 413, body: JSON.stringify({ error: SERVER_MESSAGES.tooLarge, detail, code: 'FILE_TOO_LARGE' }) };
      }
      if (err instanceof Error) {
        const { status, body, internal } = toErrorBody(err, { storingFile: true, spaceShort: await spaceShort().catch(() => false) });
        if (internal) app.log.error({ err }, 'resumable upload failed');
        return { status_code: status, body: JSON.stringify(body) };
      }
      // tus's own protocol answers (404, 409, 412, …) stay as tus words them; its 5xx (a failed
      // write, say) become ours, without internals.
      if (err.status_code < 500) return undefined;
      if (await spaceShort().catch(() => false)) {
        const e = insufficientStorage(true, err.body.trim());
        return { status_code: 507, body: JSON.stringify({ error: e.spanish, detail: e.detail, code: e.code }) };
      }
      app.log.error({ detail: err.body }, 'resumable upload failed');
      return { status_code: 500, body: INTERNAL };
    },
  });
  // A finished upload is accepted or refused once; its partial file goes either way (after the
  // answer is built, so tus's own bookkeeping of it is done).
  tus.on(EVENTS.POST_FINISH, (_req, _res, upload) => {
    void store
      .remove(upload.id)
      .catch((err: unknown) => app.log.warn({ err, upload: upload.id }, 'cannot remove a finished upload'))
      .finally(() => finishing.delete(upload.id));
  });

  async function finish(user: UserRow, token: string, upload: Upload): Promise<FinishAnswer> {
    const key = upload.metadata?.clientId ?? undefined;
    const previous = key ? await previousAnswer(ctx, user.id, key) : undefined;
    if (previous) return answerOf(previous, true);
    // A copy into DATA_DIR/tmp hashed on the way, then the multipart upload's own path.
    const partial = store instanceof PostgresTusStore ? store.read(upload.id) : fs.createReadStream(upload.storage?.path ?? path.join(directory, upload.id));
    const temp = await ctx.files.writeTemp(partial);
    const { answer, replayed } = await acceptUpload(ctx, user.id, token, [{ temp, name: cleanName(upload.metadata?.filename) }], key);
    return answerOf(answer, replayed);
  }

  const cleanup = () =>
    tus.cleanUpExpiredUploads().then(
      (n) => n > 0 && app.log.info({ removed: n }, 'expired partial uploads removed'),
      (err: unknown) => app.log.warn({ err }, 'cannot remove expired partial uploads'),
    );
  const timer = setInterval(() => void cleanup(), CLEANUP_EVERY_MS).unref();
  app.addHook('onReady', async () => void cleanup());
  app.addHook('onClose', async () => clearInterval(timer));

  // The bytes of a PATCH stay unread for tus to stream to disk (no body limit here: maxSize is tus's).
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  async function handOver(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    users.set(request.raw, userOf(request));
    tokens.set(request.raw, request.token ?? '');
    reply.hijack();
    try {
      await tus.handle(request.raw, reply.raw);
    } catch (err) {
      request.log.error({ err }, 'resumable upload failed');
      if (reply.raw.headersSent) reply.raw.destroy();
      else reply.raw.writeHead(500, JSON_TYPE).end(INTERNAL);
    }
  }

  const perFile = { max: ctx.config.uploadRatePerMinute, timeWindow: 60_000 };
  app.post(
    '/uploads/tus',
    { schema: { headers: CreateHeaders }, config: { permissions: ['upload'], rateLimit: perFile } },
    async (request, reply) => {
      // tus's concatenation extension (parallel parts) is not offered: tus itself answered 501,
      // which became a logged 500; a client that sends it is told so, in Spanish.
      if (request.headers['upload-concat'] !== undefined) {
        throw badRequest('TUS_CONCAT_UNSUPPORTED', SERVER_MESSAGES.tusConcatUnsupported, 'the tus concatenation extension is not supported');
      }
      const length = Number(request.headers['upload-length']);
      if (length > MAX_FILE_BYTES) throw new HttpError(413, 'FILE_TOO_LARGE', SERVER_MESSAGES.tooLarge, `Upload-Length ${length} is over ${MAX_FILE_BYTES}`);
      const header = request.headers['upload-metadata'];
      let metadata: Record<string, string | null> = {};
      try {
        if (header?.trim()) metadata = Metadata.parse(header);
      } catch {
        throw badRequest('INVALID_METADATA', SERVER_MESSAGES.validation, 'Upload-Metadata is not tus metadata');
      }
      // Decoded from base64, so the text guard of plugins/text-input.ts never saw them.
      const nul = nulPath(metadata, 'Upload-Metadata');
      if (nul) throw nulRefused(nul);
      const clientId = metadata.clientId;
      if (clientId !== undefined && (!clientId || clientId.length > MAX_CLIENT_ID)) {
        throw badRequest('INVALID_CLIENT_ID', SERVER_MESSAGES.validation, `metadata clientId must be 1 to ${MAX_CLIENT_ID} characters`);
      }
      return handOver(request, reply);
    },
  );
  app.options('/uploads/tus', { config: { permissions: ['upload'] } }, handOver);
  // Another user's upload (or none) is not found: an id tells nothing about anyone else's files.
  const ownUpload = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const { id } = request.params;
    const upload = await store.getUpload(id).catch(() => undefined);
    if (!upload || upload.metadata?.[OWNER] !== String(userOf(request).id)) throw notFound('upload', SERVER_MESSAGES.notFound);
    // Its last byte arrived and the file is being checked and stored: ask again shortly (the client
    // then finds it gone and sends it again under the same client id, which answers the document).
    if (finishing.has(id)) throw new HttpError(423, 'UPLOAD_FINISHING', SERVER_MESSAGES.idempotencyConflict, 'the upload is complete and being stored');
    // Complete but never accepted (the server stopped in between): tus would call it done and the
    // client would never learn of a document. Dropped, so the client sends it again under its client id.
    if (request.method !== 'DELETE' && upload.size !== undefined && upload.offset >= upload.size) {
      await store.remove(id).catch(() => undefined);
      throw notFound('upload', SERVER_MESSAGES.notFound);
    }
    return handOver(request, reply);
  };
  const perCall = { max: ctx.config.uploadRatePerMinute * CALLS_PER_UPLOAD, timeWindow: 60_000 };
  const byId = { schema: { params: UploadParams }, config: { permissions: ['upload' as const], rateLimit: perCall } };
  // Documented in the reference as its own operation (not a GET's twin).
  app.head('/uploads/tus/:id', { ...byId, config: { ...byId.config, swagger: { exposeHeadRoute: true } } }, ownUpload);
  app.patch('/uploads/tus/:id', byId, ownUpload);
  app.delete('/uploads/tus/:id', byId, ownUpload);
};
