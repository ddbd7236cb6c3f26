/**
 * What the web app and the service worker tell each other. Shared so that both sides agree on
 * names; imports nothing.
 */

/** Prefix of the per-user runtime caches of API answers. */
export const API_CACHE_PREFIX = 'sep-api-';

/** Name of the runtime cache holding `userId`'s API answers. */
export function apiCacheName(userId: string): string {
  return `${API_CACHE_PREFIX}${encodeURIComponent(userId)}`;
}

/** Header the service worker adds to an answer it served from its cache: when it was stored (ISO). */
export const CACHED_AT_HEADER = 'x-sw-cached-at';

/** Background Sync tag the outbox registers; the worker relays it to open pages. */
export const OUTBOX_SYNC_TAG = 'sep-outbox';

export type AppToWorker =
  /** After sign-in: API answers carrying this bearer token belong to this user's cache. */
  | { type: 'SET_USER'; userId: string; token: string }
  /** Logout: forget the user and delete their caches. */
  | { type: 'LOGOUT'; userId: string }
  /** The 'Actualizar' button (workbox-window's messageSkipWaiting sends exactly this). */
  | { type: 'SKIP_WAITING' };

export type WorkerToApp =
  /** Background Sync fired: open pages should run their outbox. */
  | { type: 'OUTBOX_SYNC' }
  /**
   * An API answer came from the cache; `cachedAt` is ISO or null. `reason`: the network request
   * failed ('network': offline), or was still running when the worker stopped waiting ('timeout':
   * a slow link, which is not offline). Absent from workers built before it existed.
   */
  | { type: 'SERVED_FROM_CACHE'; url: string; cachedAt: string | null; reason?: CacheServeReason };

export type CacheServeReason = 'network' | 'timeout';

/** API paths (below the API base) whose GET answers are kept for offline use. */
export function isOfflineCachedApiPath(path: string): boolean {
  if (path === 'users/me' || path === 'tables' || path === 'documents') return true;
  if (/^tables\/[^/]+(\/totals)?$/.test(path)) return true; // a table page and its totals; not its export
  return /^documents\/[^/]+(\/progress)?$/.test(path) && path !== 'documents/upload';
}
