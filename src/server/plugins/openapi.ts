import fs from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../shared/api/common.ts';
import { ERRORS, type ErrorDoc } from '../openapi/errors.ts';
import { API_DESCRIPTION, OPERATIONS, TAGS, type OperationDoc } from '../openapi/operations.ts';
import { PACKAGE_ROOT } from '../package-root.ts';
import { isApiPath } from './canonical-url.ts';

/** Where the reference lives; both are public (decision 037: marked by this plugin's onRoute hook). */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const SECURITY_SCHEME = 'bearerAuth';
const VERSION = (JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

// Vendor extensions the route transform leaves on an operation for `finish` to read.
const X_PERMISSIONS = 'x-permissions';
const X_RATE_LIMIT = 'x-rate-limit';

type Json = Record<string, unknown>;

/** A TypeBox schema as plain JSON (its symbol keys dropped). */
const plain = (schema: unknown): Json => JSON.parse(JSON.stringify(schema)) as Json;

/**
 * Publishes the routes' TypeBox schemas as OpenAPI 3.1 at /api/openapi.json and renders them with
 * Swagger UI at /api/docs, its files served from the package (swagger-ui-dist, bundled by
 * @fastify/swagger-ui): same origin, nothing fetched elsewhere, inside the app's CSP as it is
 * (external scripts only; inline styles, which the CSP already allows; data: images).
 *
 * Register before the routes: @fastify/swagger sees only the routes added after it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Sistema de Extracción PDF — API', version: VERSION, description: API_DESCRIPTION },
      tags: TAGS.map((t) => ({ ...t })),
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'The `access_token` of `POST /api/auth/login`.',
          },
        },
        schemas: { ErrorBody: plain(ErrorBody) },
      },
    },
    // Who may call a route is in its config (plugins/auth.ts), read when the document is built.
    transform: ({ schema, url, route }) => {
      if (!isApiPath(url)) return { schema: { ...schema, hide: true }, url };
      const config = route.config ?? {};
      const extra: Json = {};
      if (config.public !== true) {
        extra.security = [{ [SECURITY_SCHEME]: [] }];
        extra[X_PERMISSIONS] = config.permissions ?? [];
      }
      // @fastify/rate-limit's per-route options (`config.rateLimit`): a 429 past `max` calls per `timeWindow`.
      const limit = (config as { rateLimit?: { max?: unknown; timeWindow?: unknown } }).rateLimit;
      if (limit) extra[X_RATE_LIMIT] = { max: limit.max, timeWindow: limit.timeWindow };
      return { schema: { ...schema, ...extra }, url };
    },
    transformObject: (document) => {
      if (!('openapiObject' in document)) throw new Error('@fastify/swagger built a Swagger 2 document, OpenAPI 3.1 expected');
      return finish(document.openapiObject as Json) as typeof document.openapiObject;
    },
  });

  await app.register(async (docs) => {
    // The reference is for anyone, like the login page; what it describes still needs a session.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    docs.get(OPENAPI_PATH, (_request, reply) => reply.header('Cache-Control', 'no-cache').send(app.swagger()));
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      theme: { title: 'API · Sistema de Extracción PDF' },
      // BaseLayout: no top bar (its box loads any URL typed in; this page shows our document only).
      uiConfig: { layout: 'BaseLayout', docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0, showExtensions: true, persistAuthorization: false },
      // No badge from validator.swagger.io: nothing leaves our origin.
      validatorUrl: false,
    });
  });
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Adds what the routes' schemas cannot say: words, error answers, non-JSON bodies (openapi/operations.ts). */
function finish(document: Json): Json {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [pathName, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const doc = OPERATIONS[`${method.toUpperCase()} ${pathName}`];
      if (doc) describe(operation, doc);
      operation.responses = { ...(operation.responses as Json), ...errorResponses(operation, doc) };
    }
  }
  return document;
}

function describe(operation: Json, doc: OperationDoc): void {
  operation.tags = [doc.tag];
  operation.operationId = doc.operationId;
  operation.summary = doc.summary;
  if (doc.description) operation.description = doc.description;
  if (doc.requestBody) operation.requestBody = doc.requestBody;
  for (const parameter of (operation.parameters ?? []) as Json[]) {
    const text = doc.parameters?.[String(parameter.name)];
    if (text) parameter.description = text;
  }
  const before = (operation.responses ?? {}) as Record<string, Json>;
  const responses: Record<string, Json> = {};
  // Drops @fastify/swagger's placeholder (a 200 "Default Response" without content) of a route with no response schema.
  for (const [status, response] of Object.entries(before)) if (response.content || status in doc.ok) responses[status] = response;
  for (const [status, ok] of Object.entries(doc.ok)) {
    const existing = responses[status] ?? {};
    responses[status] = typeof ok === 'string' ? { ...existing, description: ok } : { ...existing, ...ok };
  }
  operation.responses = responses;
}

/** The error answers of one operation, grouped by status, each example with its Spanish text. */
function errorResponses(operation: Json, doc: OperationDoc | undefined): Record<string, Json> {
  const parameters = (operation.parameters ?? []) as Json[];
  const content = (operation.requestBody as { content?: Json } | undefined)?.content ?? {};
  const jsonBody = 'application/json' in content;
  const permissions = operation[X_PERMISSIONS] as string[] | undefined;
  const rate = operation[X_RATE_LIMIT] as { max?: unknown; timeWindow?: unknown } | undefined;

  const found: { key: string; error: ErrorDoc; when?: string }[] = [];
  const add = (key: keyof typeof ERRORS, when?: string) => found.push({ key, error: ERRORS[key], when });
  if (parameters.length > 0 || jsonBody) add('validation');
  if (jsonBody) add('invalidJson');
  add('timezone');
  if (operation.security) add('unauthenticated');
  if (permissions && permissions.length > 0) add('forbidden', `The account lacks the permission ${permissions.map((p) => `\`${p}\``).join(', ')}.`);
  if (jsonBody) {
    add('bodyTooLarge');
    add('unsupportedMediaType');
  }
  if (rate) {
    const exact = typeof rate.max === 'number' && typeof rate.timeWindow === 'number';
    add('tooManyRequests', exact ? `More than ${String(rate.max)} calls in ${Number(rate.timeWindow) / 1000} s from this address; \`Retry-After\` says when to try again.` : undefined);
  }
  for (const key of doc?.errors ?? []) add(key);

  const byStatus = new Map<number, typeof found>();
  for (const f of found) byStatus.set(f.error.status, [...(byStatus.get(f.error.status) ?? []), f]);
  const responses: Record<string, Json> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: list.map((f) => `\`${f.error.example.code}\`: ${f.when ?? f.error.when}`).join('\n\n'),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ErrorBody' },
          examples: Object.fromEntries(list.map((f) => [f.key, { summary: f.error.example.code, value: f.error.example }])),
        },
      },
    };
  }
  return responses;
}
