import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILES_PER_UPLOAD } from '../../src/shared/constants.ts';
import { isApiPath } from '../../src/server/plugins/canonical-url.ts';
import { startServer, type TestServer } from './helpers.ts';

/** The API reference (issue 9): the document is valid OpenAPI 3.1, complete, and the page loads from our origin. */
let s: TestServer;
type Json = Record<string, unknown>;
type Operation = {
  summary?: string;
  tags?: string[];
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; description?: string }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Json; examples?: Record<string, { value: Json }> }> }>;
  'x-permissions'?: string[];
};
let doc: { openapi: string; info: Json; tags: { name: string }[]; paths: Record<string, Record<string, Operation>>; components: Json };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
/** The reference page's own routes (Swagger UI: the page, its files, its copies of the document) are hidden from the document. */
const isDocsPage = (url: string) => url.toLowerCase() === '/api/docs' || url.toLowerCase().startsWith('/api/docs/');
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const operations = () => Object.entries(doc.paths).flatMap(([p, item]) => METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${p}`, op: item[m]! })));

beforeAll(async () => {
  s = await startServer({}, { runJobs: false });
  const res = await s.api('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = (await res.json()) as typeof doc;
});
afterAll(() => s.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, fetched without a token', async () => {
    expect(doc.openapi.startsWith('3.1')).toBe(true);
    const validator = new Validator();
    // A copy: resolveRefs() dereferences the document it was given in place.
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // Every $ref resolves.
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('has every /api route with its method, and nothing else', () => {
    const apiRoutes = s.routes.filter((r) => isApiPath(r.url) && !isDocsPage(r.url));
    expect(apiRoutes.length).toBeGreaterThanOrEqual(18);
    for (const route of apiRoutes) {
      const item = doc.paths[openapiPath(route.url)];
      expect(item, route.url).toBeDefined();
      // HEAD is Fastify's automatic twin of a GET, documented by the GET, unless it is an operation of its own (tus).
      const method = route.method === 'HEAD' && !item?.head ? 'get' : route.method.toLowerCase();
      expect(item![method], `${route.method} ${route.url}`).toBeDefined();
    }
    const registered = new Set(apiRoutes.map((r) => `${r.method} ${openapiPath(r.url)}`));
    for (const { key } of operations()) expect(registered.has(key), key).toBe(true);
  });

  it('puts the bearer scheme on every protected operation and none on the public ones', () => {
    const schemes = (doc.components.securitySchemes ?? {}) as Record<string, Json>;
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const publicOps: string[] = [];
    for (const route of s.routes.filter((r) => isApiPath(r.url) && !isDocsPage(r.url) && r.method !== 'HEAD')) {
      const op = doc.paths[openapiPath(route.url)]![route.method.toLowerCase()]!;
      const label = `${route.method} ${route.url}`;
      if (route.public) {
        publicOps.push(label);
        expect(op.security ?? [], label).toEqual([]);
        expect(op.responses['401']?.content?.['application/json']?.examples?.unauthenticated, label).toBeUndefined();
      } else {
        expect(op.security, label).toEqual([{ bearerAuth: [] }]);
        expect(op.responses['401'], label).toBeDefined();
        expect(op['x-permissions'], label).toEqual(route.permissions);
        if (route.permissions!.length > 0) expect(op.responses['403'], label).toBeDefined();
        else expect(op.responses['403'], label).toBeUndefined();
      }
    }
    expect(publicOps.sort()).toEqual(['GET /api/health', 'GET /api/openapi.json', 'POST /api/auth/login']);
  });

  it('describes every operation in English with one declared tag, and every error with ErrorBody', () => {
    const tags = new Set(doc.tags.map((t) => t.name));
    const ids = new Set<string>();
    for (const { key, op } of operations()) {
      expect(op.summary, key).toMatch(/^[A-Z]/);
      expect(op.tags, key).toHaveLength(1);
      expect(tags.has(op.tags![0]!), key).toBe(true);
      expect(ids.has(op.operationId!), key).toBe(false);
      ids.add(op.operationId!);
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.description, `${key} ${status}`).not.toBe('Default Response');
        if (Number(status) < 400) continue;
        const json = response.content?.['application/json'];
        expect(json?.schema, `${key} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorBody' });
        for (const example of Object.values(json!.examples!)) {
          expect(Object.keys(example.value).sort(), `${key} ${status}`).toEqual(['code', 'detail', 'error']);
        }
      }
    }
    expect(doc.components.schemas).toHaveProperty('ErrorBody');
    // Spanish texts for people in the examples, as the API answers them.
    const login = doc.paths['/api/auth/login']!.post!;
    expect(login.responses['401']!.content!['application/json']!.examples!.invalidCredentials!.value).toMatchObject({ code: 'INVALID_CREDENTIALS', error: 'Credenciales inválidas. Intenta de nuevo.' });
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(doc.paths['/api/documents/{id}']!.get!.responses['404']).toBeDefined();
    expect(doc.paths['/api/tables/{tableType}']!.get!.responses['404']).toBeDefined();
  });

  it('documents the multipart upload: field files, up to 3 PDFs, Idempotency-Key, its errors', () => {
    const upload = doc.paths['/api/documents/upload']!.post!;
    const form = upload.requestBody!.content['multipart/form-data']!.schema as { required: string[]; properties: { files: Json } };
    expect(form.required).toEqual(['files']);
    expect(form.properties.files).toMatchObject({ type: 'array', maxItems: MAX_FILES_PER_UPLOAD, items: { type: 'string', contentMediaType: 'application/pdf' } });
    expect(upload.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'idempotency-key', in: 'header' })]));
    expect(Object.keys(upload.responses).sort()).toEqual(expect.arrayContaining(['200', '201', '400', '401', '403', '413', '415', '507']));
    expect(Object.keys(upload.responses['415']!.content!['application/json']!.examples!)).toContain('notPdf');
    expect(doc.paths['/api/documents/{id}/file']!.get!.responses['200']!.content).toHaveProperty(['application/pdf']);
  });
});

describe('GET /api/docs', () => {
  for (const page of ['/api/docs', '/api/docs/']) {
    it(`answers ${page} with HTML whose scripts and styles all load from our origin`, async () => {
      const res = await s.api(page);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      // The app's CSP, unrelaxed: no inline script, no other origin.
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toMatch(/default-src 'self'(;|$)/);
      const html = await res.text();
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
      const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/gi)].map((m) => m[1]!);
      expect(refs.filter((r) => r.endsWith('.js')).length).toBeGreaterThanOrEqual(3);
      expect(refs.filter((r) => r.endsWith('.css')).length).toBeGreaterThanOrEqual(1);
      const base = new URL(page, s.url);
      for (const ref of refs) {
        const url = new URL(ref, base);
        expect(url.origin, ref).toBe(base.origin);
        const asset = await fetch(url);
        expect(asset.status, url.pathname).toBe(200);
        if (ref.endsWith('.js')) expect(asset.headers.get('content-type'), url.pathname).toMatch(/javascript/);
        if (ref.endsWith('.css')) expect(asset.headers.get('content-type'), url.pathname).toMatch(/text\/css/);
        await asset.arrayBuffer();
      }
    });
  }

  it('points the page at the same document, and at no validator elsewhere', async () => {
    const init = await (await s.api('/api/docs/static/swagger-initializer.js')).text();
    expect(init).toContain("url: resolveUrl('./json')");
    // No validity badge from validator.swagger.io.
    expect(init).toMatch(/validatorUrl: null/);
    const copy = await s.api('/api/docs/json');
    expect(copy.status).toBe(200);
    expect(await copy.json()).toEqual(doc);
  });
});
