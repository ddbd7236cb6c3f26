import { useSyncExternalStore } from 'react';
import { getConnection, onReconnect, subscribeConnection } from './connectivity.ts';

/**
 * Answers the service worker served from its cache while the server was out of reach. The
 * offline label ('Sin conexión — datos del {fecha}') shows the date of the data on screen: the
 * answer served last.
 */
export interface CachedServe {
  url: string;
  /** When the answer was stored (ISO), null if unknown. */
  cachedAt: string | null;
}

let latest: CachedServe | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function noteServedFromCache(serve: CachedServe): void {
  latest = serve;
  emit();
}

/** Back online (or no longer slow): what is on screen is about to be revalidated from the network. */
onReconnect(() => {
  latest = null;
  emit();
});
subscribeConnection(() => {
  if (getConnection() !== 'online' || latest === null) return;
  latest = null;
  emit();
});

export function useLatestCachedServe(): CachedServe | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => latest,
    () => null,
  );
}
