import Fastify, { LogController, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '../shared/constants.ts';
import { SERVER_MESSAGES } from '../shared/messages/server.ts';
import type { Config } from './config.ts';
import { HttpError, badRequest } from './errors.ts';
import type { AppContext } from './context.ts';
import { nodeRunner, openNode } from './open-node.ts';
import { ensureAdmin } from './bootstrap.ts';
import type { JobRunner } from './jobs/runner.ts';
import { registerAuth, type RouteAccess } from './plugins/auth.ts';
import { canonicalUrl, isApiPath } from './plugins/canonical-url.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { badUrlAnswer, clientErrorAnswer, registerNodeRefusals } from './plugins/client-errors.ts';
import { closeSilentConnections } from './plugins/silent-connections.ts';
import { registerDiskGuard } from './plugins/disk-guard.ts';
import { DiskSpace } from './disk-space.ts';
import { clientKey } from './client-address.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerTextInputGuard } from './plugins/text-input.ts';
import { healthRoutes } from './routes/health.ts';
import { authRoutes } from './routes/auth.ts';
import { documentRoutes } from './routes/documents.ts';
import { tableRoutes } from './routes/tables.ts';
import { uploadRoutes } from './routes/upload.ts';
import { tusUploadRoutes } from './routes/tus-upload.ts';
import { userRoutes } from './routes/users.ts';
import { correctionRoutes } from './routes/corrections.ts';
import { reviewRoutes } from './routes/review.ts';

export interface BuildOptions {
  /** Start the extraction pool (default true); tests of pure API behaviour may leave it off. */
  runJobs?: boolean;
  /** Where first-start notices go (default stdout). */
  print?: (line: string) => void;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  runner: JobRunner | undefined;
  /** Every registered route with the access it declares (filled by the time the app is ready). */
  routes: RouteAccess[];
}

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React and react-toastify set inline style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // Plain HTTP on a LAN must keep working; TLS is a reverse proxy's job.
  upgradeInsecureRequests: null,
};

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole server: data folder lock, database, admin bootstrap, routes, job pool. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const { database, ctx, release } = await openNode(config);
  await ensureAdmin(ctx, options.print ?? ((line) => console.log(line)));
  await ctx.sessions.purgeExpired();

  const app = Fastify({
    logger: { level: config.logLevel },
    // Per-request lines only when LOG_REQUESTS asks for them.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    // allowUnionTypes: a `type` list (a correction's `expected`) is checked as it is, where a union
    // (anyOf) would let coercion rewrite a number into its first branch's text.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false, allowUnionTypes: true } },
    bodyLimit: 1024 * 1024,
    // A request that stops arriving is dropped (idle) or answered 408 (too long overall): Fastify's
    // defaults kept it open forever, so anyone, without a token, could hold every connection.
    connectionTimeout: config.requestIdleTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      // How often Node looks for requests over their time (its 30 s default would let a short limit run long).
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(config.requestTimeoutMs / 4))),
      // Refused below in our Spanish JSON (Node's own refusal was an empty 400).
      requireHostHeader: false,
    },
    // X-Forwarded-For/-Proto only from the proxies TRUST_PROXY names: request.ip and
    // request.protocol, hence the login and rate limits and HSTS, see the real client.
    // A hop count trusts the n nearest proxies (Fastify's own number form trusts none).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Every spelling of a path meets the same route, and so the same permission check (plugins/auth.ts).
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/'),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // What is refused before any route (bad escapes, a request Node cannot parse): Spanish JSON too.
    frameworkErrors: badUrlAnswer,
    clientErrorHandler: clientErrorAnswer,
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerNodeRefusals(app.server);
  closeSilentConnections(app);

  let runner: JobRunner | undefined;
  app.addHook('onClose', async () => {
    await runner?.stop();
    await database.close();
    release();
  });

  // Free space in DATA_DIR: below DISK_MIN_FREE_MB writes there answer 507 and no job starts; a
  // reserve file lets the queue's bookkeeping commit on a full disk (SQLite only: PostgreSQL's
  // database is elsewhere). docs/decisions/035.
  const space = new DiskSpace(config.dataDir, {
    minFreeBytes: config.diskMinFreeMb * 1024 * 1024,
    reserveBytes: database.dialect === 'sqlite' ? config.diskReserveMb * 1024 * 1024 : 0,
    log: app.log,
  });
  await space.start().catch((err: unknown) => app.log.warn({ err }, 'cannot check the free space of DATA_DIR'));
  registerErrorHandler(app, { spaceShort: async () => !(await space.roomForWrites()) });
  registerDiskGuard(app, space, database.dialect === 'sqlite');
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: CSP },
    crossOriginEmbedderPolicy: false,
    // As CSP frame-ancestors 'none' says (helmet's default SAMEORIGIN contradicted it for old browsers).
    frameguard: { action: 'deny' },
    // Sent below, only over HTTPS: on plain HTTP it is meaningless and wrongly claims TLS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      throw badRequest('MISSING_HOST', SERVER_MESSAGES.validation, 'an HTTP/1.1 request needs a Host header');
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // API answers hold applicants' data: a shared tablet's browser must not keep them in its HTTP
    // cache (the service worker's own cache is purged at logout, decision 050; this one cannot be).
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
  });
  // Per-route request rates (login, upload: their config.rateLimit), per client address.
  await app.register(rateLimit, {
    global: false,
    // An IPv6 client by its /64, as the login limits count it.
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, 'TOO_MANY_REQUESTS', SERVER_MESSAGES.tooManyRequests, `rate limit exceeded, retry in ${context.after}`),
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES_PER_UPLOAD + 1, fields: 5, parts: MAX_FILES_PER_UPLOAD + 6 },
  });
  const routes = registerAuth(app, ctx);
  // No NUL character in any query, parameter or JSON body (PostgreSQL refuses it: a 500).
  registerTextInputGuard(app);
  // Before the routes it describes: /api/openapi.json and /api/docs (public).
  await registerOpenApi(app);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { ctx });
      await api.register(userRoutes, { ctx });
      await api.register(uploadRoutes, { ctx });
      await api.register(tusUploadRoutes, { ctx, spaceShort: async () => !(await space.roomForWrites()) });
      await api.register(documentRoutes, { ctx });
      await api.register(tableRoutes, { ctx });
      await api.register(correctionRoutes, { ctx });
      await api.register(reviewRoutes, { ctx });
    },
    { prefix: '/api' },
  );
  const hasWebApp = await registerWebApp(app, config.distDir);
  app.setNotFoundHandler((request, reply) => {
    const isApi = isApiPath(request.url);
    // SPA fallback: a browser navigation to /dashboard/... gets the app shell.
    if (!isApi && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ error: SERVER_MESSAGES.notFound, detail: `route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' });
  });

  // ROLE=api: the web app and the API; the workers (ROLE=worker) extract.
  if (options.runJobs !== false && config.role !== 'api') {
    runner = nodeRunner(config, ctx, { log: app.log, space: database.dialect === 'sqlite' ? space : undefined });
    ctx.wakeRunner = () => runner?.wake();
    ctx.documentGone = (id) => runner?.abandon(id);
    app.addHook('onReady', async () => runner?.start());
  }
  return { app, ctx, runner, routes };
}
