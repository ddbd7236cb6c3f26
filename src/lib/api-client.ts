import { trackRequest } from './requests-in-flight.ts';
import { clearToken, getToken } from './token-store.ts';

/** Spec §8: the message when neither the server, the call nor the transport says anything. */
const UNKNOWN_ERROR = 'Error desconocido en la operación';

/** Base address of the API, fixed at build time (spec §7); `/api` when the server serves the app. */
export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api';

/** An API failure carrying the message people should read and what the server said. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  /** True when the message came from the server's body, not from the transport or a fallback. */
  readonly fromServer: boolean;

  constructor(message: string, opts: { status: number; code?: string; detail?: string; fromServer: boolean }) {
    super(message);
    this.name = 'ApiError';
    this.status = opts.status;
    this.code = opts.code;
    this.detail = opts.detail;
    this.fromServer = opts.fromServer;
  }
}

function stringField(body: unknown, key: string): string | undefined {
  if (body && typeof body === 'object' && key in body) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/**
 * The message of spec §8: the server's `error`, else its `message`, else the transport's message,
 * else 'Error desconocido en la operación'. A service that names its own fallback ('Error al subir
 * los archivos PDF'…) puts it before the transport text, which is English and means nothing to people.
 */
export function errorMessageOf(body: unknown, transportMessage?: string, fallback?: string): string {
  return (
    stringField(body, 'error') ??
    stringField(body, 'message') ??
    fallback ??
    (transportMessage && transportMessage.trim() !== '' ? transportMessage : undefined) ??
    UNKNOWN_ERROR
  );
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;

/** The app registers what a 401 does (go to /login remembering the page); the client stays router-free. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  json?: unknown;
  body?: FormData;
  headers?: Record<string, string>;
  /** Login and register carry no bearer (spec §7) and their 401 is an answer, not an expired session. */
  anonymous?: boolean;
  /** Message used when neither the server nor the transport gives one (the service fallbacks of §8). */
  fallback?: string;
  signal?: AbortSignal;
  /** Return the raw Response (downloads). */
  raw?: boolean;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const base = API_BASE_URL.replace(/\/+$/, '');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return `${base}/${path.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}

export function authHeaders(anonymous = false): Record<string, string> {
  const headers: Record<string, string> = { 'X-Timezone-Offset': String(new Date().getTimezoneOffset()) };
  const token = anonymous ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function apiRequest(path: string, options: RequestOptions & { raw: true }): Promise<Response>;
export async function apiRequest<T>(path: string, options?: RequestOptions): Promise<T>;
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T | Response> {
  return trackRequest(() => send<T>(path, options));
}

async function send<T>(path: string, options: RequestOptions): Promise<T | Response> {
  const headers = { ...authHeaders(options.anonymous), ...options.headers };
  let body: BodyInit | undefined;
  if (options.body) body = options.body; // multipart: the browser sets the boundary header
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      credentials: 'omit',
    });
  } catch (err) {
    const transport = err instanceof Error ? err.message : undefined;
    throw new ApiError(errorMessageOf(undefined, transport, options.fallback), { status: 0, fromServer: false });
  }
  if (response.ok) {
    if (options.raw) return response;
    return (await readBody(response)) as T;
  }
  const errorBody = await readBody(response);
  if (response.status === 401 && !options.anonymous) {
    clearToken();
    onUnauthorized();
  }
  const serverMessage = stringField(errorBody, 'error') ?? stringField(errorBody, 'message');
  throw new ApiError(errorMessageOf(errorBody, response.statusText, options.fallback), {
    status: response.status,
    code: stringField(errorBody, 'code'),
    detail: stringField(errorBody, 'detail'),
    fromServer: serverMessage !== undefined,
  });
}

/** The spec's not-found test for polling (§4): a 404, a message with '404', or a detail with 'not found'. */
export function isNotFound(err: unknown): boolean {
  if (err instanceof ApiError) {
    return err.status === 404 || err.message.includes('404') || /not found/i.test(err.detail ?? '');
  }
  return err instanceof Error && err.message.includes('404');
}
