import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessageOf, isNotFound, setUnauthorizedHandler } from './api-client.ts';

describe('errorMessageOf (spec §8 precedence)', () => {
  it('prefers the server error, then message, then fallback, then transport, then the unknown text', () => {
    expect(errorMessageOf({ error: 'E', message: 'M' }, 'T', 'F')).toBe('E');
    expect(errorMessageOf({ message: 'M' }, 'T', 'F')).toBe('M');
    expect(errorMessageOf({ error: '' }, 'T', 'F')).toBe('F');
    expect(errorMessageOf(undefined, 'T')).toBe('T');
    expect(errorMessageOf(undefined, '')).toBe('Error desconocido en la operación');
    expect(errorMessageOf('<html>', undefined)).toBe('Error desconocido en la operación');
  });
});

// A stand-in for the browser's fetch: these are unit tests of the client, not of the server.
function stubFetch(response: () => Promise<Response>) {
  const fn = vi.fn((_url: string, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fn);
  return fn;
}

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => undefined);
});

describe('apiRequest', () => {
  it('sends the bearer token, the timezone offset and JSON, under the /api base', async () => {
    store.set('authToken', 'tok');
    const fetchFn = stubFetch(async () => new Response('{"ok":true}', { status: 200 }));
    await expect(apiRequest('tables/X', { method: 'POST', json: { a: 1 }, query: { page: 1, search: '', q: 'a b' } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe('/api/tables/X?page=1&q=a+b');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['X-Timezone-Offset']).toBe(String(new Date().getTimezoneOffset()));
  });

  it('sends no bearer on anonymous calls', async () => {
    store.set('authToken', 'tok');
    const fetchFn = stubFetch(async () => new Response('{}', { status: 200 }));
    await apiRequest('auth/login', { method: 'POST', json: {}, anonymous: true });
    expect((fetchFn.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('on 401 removes the token and calls the unauthorized handler', async () => {
    store.set('authToken', 'tok');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch(async () => new Response('{"error":"Sesión expirada","code":"UNAUTHORIZED"}', { status: 401 }));
    const err = await apiRequest('users/me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Sesión expirada');
    expect((err as ApiError).status).toBe(401);
    expect(store.has('authToken')).toBe(false);
    expect(handler).toHaveBeenCalledOnce();
  });

  it('an anonymous 401 (wrong password) keeps everything and does not redirect', async () => {
    store.set('authToken', 'tok');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch(async () => new Response('{"error":"Credenciales inválidas. Intenta de nuevo."}', { status: 401 }));
    await expect(apiRequest('auth/login', { anonymous: true })).rejects.toThrow('Credenciales inválidas. Intenta de nuevo.');
    expect(handler).not.toHaveBeenCalled();
    expect(store.get('authToken')).toBe('tok');
  });

  it('uses the service fallback when the server body says nothing, and the unknown text as last resort', async () => {
    stubFetch(async () => new Response('', { status: 500, statusText: '' }));
    await expect(apiRequest('documents/upload', { fallback: 'Error al subir los archivos PDF' })).rejects.toThrow('Error al subir los archivos PDF');
    await expect(apiRequest('documents')).rejects.toThrow('Error desconocido en la operación');
  });

  it('a network failure carries the transport message', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = (await apiRequest('documents').catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('Failed to fetch');
    expect(err.status).toBe(0);
  });
});

describe('isNotFound (polling rule)', () => {
  it('accepts a 404, a message with 404, or a detail with not found', () => {
    expect(isNotFound(new ApiError('x', { status: 404, fromServer: true }))).toBe(true);
    expect(isNotFound(new ApiError('Error 404', { status: 500, fromServer: true }))).toBe(true);
    expect(isNotFound(new ApiError('x', { status: 400, detail: 'Document not found', fromServer: true }))).toBe(true);
    expect(isNotFound(new ApiError('x', { status: 500, fromServer: true }))).toBe(false);
  });
});
