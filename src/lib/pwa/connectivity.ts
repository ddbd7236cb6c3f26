import { useSyncExternalStore } from 'react';
import { buildUrl } from '../api-client.ts';

/**
 * Whether the server can be reached. `navigator.onLine` only says a network interface is up (a
 * tablet on a dead Wi-Fi reports true), so it can only make us pessimistic; being online is proven
 * by an answer from the server — any status, even 401 or 404.
 */
let reachable = typeof navigator === 'undefined' ? true : navigator.onLine;
const listeners = new Set<() => void>();
const onlineListeners = new Set<() => void>();

function setReachable(value: boolean): void {
  if (value === reachable) return;
  reachable = value;
  for (const listener of listeners) listener();
  if (value) for (const listener of onlineListeners) listener();
}

/** Records what a request just learnt: `true` when the server answered, `false` when it did not. */
export function reportReachability(value: boolean): void {
  setReachable(value);
}

export function isReachable(): boolean {
  return reachable;
}

/** Runs `listener` each time the server becomes reachable again (an outbox trigger). */
export function onReconnect(listener: () => void): () => void {
  onlineListeners.add(listener);
  return () => onlineListeners.delete(listener);
}

/** Asks the server directly (bypassing every cache) whether it is there. */
export async function probeServer(fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    // GET /api/health answers 200 {status:'ok'}; anything else (a proxy's 502/503, a service
    // worker's offline answer, a captive portal's 404) means our server is not reachable.
    const res = await fetcher(buildUrl('health'), { method: 'GET', cache: 'no-store', credentials: 'omit' });
    setReachable(res.ok);
  } catch {
    setReachable(false);
  }
  return reachable;
}

let started = false;
/** While the server is out of reach, ask again this often (the `online` event may never come). */
const PROBE_INTERVAL_MS = 15_000;

/** Listens to the browser's `online`/`offline` hints; `online` is confirmed with a probe. */
export function startConnectivityWatch(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('offline', () => setReachable(false));
  window.addEventListener('online', () => void probeServer());
  if (navigator.onLine) void probeServer();
  setInterval(() => {
    if (!reachable && navigator.onLine) void probeServer();
  }, PROBE_INTERVAL_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React view of connectivity: true while the server is believed reachable. */
export function useReachable(): boolean {
  return useSyncExternalStore(subscribe, isReachable, () => true);
}
