import { Workbox } from 'workbox-window';
import { apiCacheName, OUTBOX_SYNC_TAG, type AppToWorker, type WorkerToApp } from '../../shared/offline/sw-protocol.ts';
import { noteServedFromCache } from './cached-data.ts';
import { reportReachability, reportSlowAnswer } from './connectivity.ts';
import { whenIdle, whenSettled } from './update-gate.ts';

/** No upload and no API request for this long before the new version takes over. */
const SETTLED_BEFORE_SWITCH_MS = 500;

let workbox: Workbox | null = null;
const syncListeners = new Set<() => void>();

function supported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

export interface RegisterOptions {
  /** A new version is installed and waiting; `apply` switches to it (after uploads finish) and reloads. */
  onUpdateReady: (apply: () => Promise<void>) => void;
  url?: string;
}

/** Registers `/sw.js` (built by vite-plugin-pwa from sw/sw.ts) and relays its messages. */
export function registerServiceWorker({ onUpdateReady, url = '/sw.js' }: RegisterOptions): void {
  if (!supported() || workbox) return;
  const wb = new Workbox(url, { scope: '/' });
  workbox = wb;

  wb.addEventListener('waiting', () => {
    onUpdateReady(async () => {
      await whenSettled(SETTLED_BEFORE_SWITCH_MS);
      // Reload only once the new worker controls the page, and never in the middle of an upload.
      wb.addEventListener('controlling', () => void whenIdle().then(() => window.location.reload()));
      wb.messageSkipWaiting();
    });
  });

  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerToApp>) => {
    const message = event.data;
    if (message?.type === 'OUTBOX_SYNC') for (const listener of syncListeners) listener();
    if (message?.type === 'SERVED_FROM_CACHE') {
      // Only a failed request means offline; a network that was merely slow to answer is a slow
      // link (the probe then tells which, for a worker that does not say why).
      if (message.reason === 'network') reportReachability(false);
      else reportSlowAnswer();
      noteServedFromCache({ url: message.url, cachedAt: message.cachedAt });
    }
  });
  navigator.serviceWorker.startMessages();

  // No worker in `vite dev` (sw.js is a build output): the app simply runs without one.
  wb.register().catch(() => undefined);
  // Tablets stay open for days: look for a new version every hour as well as at each start.
  setInterval(() => void wb.update(), 60 * 60_000);
}

/** Background Sync fired in the worker (Chromium only); the outbox runs on it. */
export function onBackgroundSync(listener: () => void): () => void {
  syncListeners.add(listener);
  return () => syncListeners.delete(listener);
}

/** Asks the browser to wake us when connectivity returns. A hint only: Safari and Firefox lack it. */
export async function requestBackgroundSync(): Promise<void> {
  if (!supported()) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await registration.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Not allowed (no permission, private mode): the retry timer and `online` still trigger.
  }
}

/**
 * Posts to the active worker once there is one: on the first visit the worker is still installing
 * when the user signs in, and a message sent then would be lost. Never awaited (without a worker,
 * `ready` never settles).
 */
function post(message: AppToWorker): void {
  if (!supported()) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

/** After sign-in: the worker files answers to requests with this token in this user's cache. */
export function announceUser(userId: string, token: string): void {
  post({ type: 'SET_USER', userId, token });
}

/** Logout: drop this user's cached API answers, here and in the worker. */
export async function forgetUserCaches(userId: string): Promise<void> {
  post({ type: 'LOGOUT', userId });
  if (typeof caches !== 'undefined') await caches.delete(apiCacheName(userId));
}
