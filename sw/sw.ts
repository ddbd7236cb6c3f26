/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { createStore, delMany, entries, get, set, setMany } from 'idb-keyval';
import {
  apiCacheName,
  CACHED_AT_HEADER,
  type CacheServeReason,
  isOfflineCachedApiPath,
  OUTBOX_SYNC_TAG,
  type AppToWorker,
  type WorkerToApp,
} from '../src/shared/offline/sw-protocol';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Same-origin API prefix (the app's default base address). */
const API_PREFIX = '/api/';
/** Network-first waits this long before answering from the cache. */
const NETWORK_TIMEOUT_SECONDS = 4;
/** Bounds of each user's API cache: last pages viewed, for two weeks of field work. */
const MAX_ENTRIES = 200;
const MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

// The app shell: JS, CSS, index.html, icons, manifest. Any navigation offline opens the app.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));
clientsClaim();

// ---- Whose request is this: caches are per user. ----
// A request's user is found from its bearer token (hashed, never stored in clear), learnt from the
// app's SET_USER message or from a `users/me` answer. An unknown token is neither cached nor served
// from a cache, so one user's answers can never be filed under, or shown to, another.
// Kept in IndexedDB as well: the browser restarts a worker whenever it likes.
const state = createStore('sep-sw', 'state');
const TOKEN_KEY = 'token:';
const tokenUsers = new Map<string, string>();

async function tokenHash(authorization: string | null): Promise<string | null> {
  if (!authorization) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function userOf(request: Request): Promise<string | null> {
  const hash = await tokenHash(request.headers.get('Authorization'));
  if (!hash) return null;
  let userId = tokenUsers.get(hash);
  if (userId === undefined) {
    userId = await get<string>(TOKEN_KEY + hash, state);
    if (userId !== undefined) tokenUsers.set(hash, userId);
  }
  return userId ?? null;
}

// A token forgotten at logout (or when a 401 ended its session) is never learnt again: a `users/me`
// answer still on a slow link when its user signed out taught the worker that token anew and
// re-created the deleted cache, and the other answers then in flight were filed there too — the
// documents list stayed on a shared tablet after logout (fifth attacker's audit, decision 037).
// Such a token is dead on the server, so nothing is lost. Kept in IndexedDB (the worker restarts at
// will) for a token's lifetime at most.
const FORGOTTEN_KEY = 'forgotten:';
const FORGOTTEN_DAYS = 31;
const forgottenTokens = new Set<string>();

async function isForgotten(hash: string): Promise<boolean> {
  if (forgottenTokens.has(hash)) return true;
  if ((await get<number>(FORGOTTEN_KEY + hash, state)) === undefined) return false;
  forgottenTokens.add(hash);
  return true;
}

/** Learns whose token this is; false (nothing learnt) for a token forgotten at logout. */
async function learnToken(authorization: string, userId: string): Promise<boolean> {
  const hash = await tokenHash(authorization);
  if (!hash || (await isForgotten(hash))) return false;
  if (tokenUsers.get(hash) === userId) return true;
  tokenUsers.set(hash, userId);
  await set(TOKEN_KEY + hash, userId, state);
  return true;
}

// ---- Network-first API caches, one per user. ----

/**
 * Stamps what goes into the cache with its time, and tells the page when it is given a cached
 * answer, so it can say 'Sin conexión — datos del {fecha}'.
 */
const stampPlugin = {
  cacheWillUpdate: async ({ response }: { response: Response }) => stamp(response),
  // Workbox hands each plugin a state object per request: a failed fetch is noted before the
  // cache is consulted, so a cached answer after a failure is 'network' and one before is 'timeout'.
  fetchDidFail: async ({ state }: { state?: PluginState }) => {
    if (state) state.failed = true;
  },
  cachedResponseWillBeUsed: async ({
    cachedResponse,
    event,
    request,
    state,
  }: {
    cachedResponse?: Response;
    event: ExtendableEvent;
    request: Request;
    state?: PluginState;
  }) => {
    if (cachedResponse) await tellServedFromCache(event, request, cachedResponse, state?.failed ? 'network' : 'timeout');
    return cachedResponse ?? null;
  },
};

interface PluginState {
  failed?: boolean;
}

async function tellServedFromCache(event: ExtendableEvent, request: Request, response: Response, reason: CacheServeReason): Promise<void> {
  const clientId = event instanceof FetchEvent ? event.clientId : '';
  const client = clientId ? await self.clients.get(clientId) : undefined;
  const message: WorkerToApp = { type: 'SERVED_FROM_CACHE', url: request.url, cachedAt: response.headers.get(CACHED_AT_HEADER), reason };
  client?.postMessage(message);
}

async function stamp(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT_HEADER, new Date().toISOString());
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

const strategies = new Map<string, NetworkFirst>();

function strategyFor(userId: string): NetworkFirst {
  let strategy = strategies.get(userId);
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName: apiCacheName(userId),
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [
        // Kept only while its token still belongs to this user: an answer still in flight at
        // logout must not bring the deleted cache back.
        { cacheWillUpdate: async ({ request, response }) => ((await userOf(request)) === userId ? response : null) },
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: MAX_ENTRIES, maxAgeSeconds: MAX_AGE_SECONDS, purgeOnQuotaError: true }),
        stampPlugin,
      ],
    });
    strategies.set(userId, strategy);
  }
  return strategy;
}

function apiPath(url: URL): string | null {
  return url.origin === self.location.origin && url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : null;
}

/**
 * `users/me` tells who the token belongs to, so the worker learns the user from the answer itself
 * (the app's SET_USER message may come later) and files it in that user's cache only.
 */
async function handleMe({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  const network = fetch(request).then(async (response) => {
    if (response.status !== 200) return response;
    const userId = await userIdOf(response.clone());
    const authorization = request.headers.get('Authorization');
    if (userId && authorization && (await learnToken(authorization, userId))) {
      const cache = await caches.open(apiCacheName(userId));
      await cache.put(request, await stamp(response.clone()));
      // Signed out while it was being stored: the cache goes again.
      if ((await userOf(request)) !== userId) await caches.delete(apiCacheName(userId));
    }
    return response;
  });
  const user = await userOf(request);
  const fromCache = async (reason: CacheServeReason) => {
    const cached = user ? await caches.match(request, { cacheName: apiCacheName(user) }) : undefined;
    if (cached) await tellServedFromCache(event as ExtendableEvent, request, cached, reason);
    return cached;
  };
  const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_SECONDS * 1000));
  const first = await Promise.race([network.catch(() => undefined), timeout.then(() => fromCache('timeout'))]);
  if (first) {
    if ('waitUntil' in event) (event as ExtendableEvent).waitUntil(network.catch(() => undefined));
    return first;
  }
  try {
    return await network;
  } catch (error) {
    const cached = await fromCache('network');
    if (cached) return cached;
    throw error;
  }
}

async function userIdOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { data?: { id?: unknown } };
    const id = body.data?.id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  } catch {
    return null;
  }
}

registerRoute(
  ({ url, request }) => {
    const path = apiPath(url);
    return request.method === 'GET' && path !== null && isOfflineCachedApiPath(path);
  },
  async (options) => {
    if (apiPath(options.url) === 'users/me') return handleMe(options);
    const user = await userOf(options.request);
    return user ? strategyFor(user).handle(options) : fetch(options.request);
  },
);

// ---- Messages from the app. ----
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as AppToWorker | undefined;
  if (!message || typeof message !== 'object') return;
  switch (message.type) {
    case 'SKIP_WAITING':
      void self.skipWaiting();
      break;
    case 'SET_USER':
      event.waitUntil(learnToken(`Bearer ${message.token}`, message.userId));
      break;
    case 'LOGOUT':
      event.waitUntil(forgetUser(message.userId));
      break;
  }
});

async function forgetUser(userId: string): Promise<void> {
  strategies.delete(userId);
  const hashes = new Set<string>();
  for (const [hash, owner] of tokenUsers) {
    if (owner !== userId) continue;
    hashes.add(hash);
    tokenUsers.delete(hash);
  }
  const stored = await entries<string, string | number>(state);
  for (const [key, owner] of stored) if (key.startsWith(TOKEN_KEY) && owner === userId) hashes.add(key.slice(TOKEN_KEY.length));
  for (const hash of hashes) forgottenTokens.add(hash);
  const now = Date.now();
  const expired = stored.filter(([key, at]) => key.startsWith(FORGOTTEN_KEY) && typeof at === 'number' && now - at > FORGOTTEN_DAYS * 86_400_000);
  await setMany([...hashes].map((hash) => [FORGOTTEN_KEY + hash, now]), state);
  await delMany(
    [...[...hashes].map((hash) => TOKEN_KEY + hash), ...expired.map(([key]) => key)],
    state,
  );
  await caches.delete(apiCacheName(userId));
}

// ---- Background Sync: only a hint; the pages' outbox does the sending with the user's token. ----
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const message: WorkerToApp = { type: 'OUTBOX_SYNC' };
      for (const client of windows) client.postMessage(message);
    }),
  );
}) as EventListener);
