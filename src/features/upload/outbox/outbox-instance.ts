import { mutate } from 'swr';
import { toast } from 'react-toastify';
import { apiRequest, buildUrl } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/token-store.ts';
import { onLogout } from '../../../lib/session-events.ts';
import { createOutboxStore } from '../../../lib/offline-store/outbox-store.ts';
import { ensureRoomFor } from '../../../lib/offline-store/storage-room.ts';
import { onReconnect, reportReachability, reportUploadEnded, reportUploadProgress } from '../../../lib/pwa/connectivity.ts';
import { forgetUserCaches, onBackgroundSync, requestBackgroundSync } from '../../../lib/pwa/sw-client.ts';
import { addBusySource } from '../../../lib/pwa/update-gate.ts';
import { Outbox } from './outbox.ts';
import type { OutboxDeps } from './outbox-types.ts';
import { OUTBOX_TEXT } from './outbox-messages.ts';
import { createTusTransport } from './tus-transport.ts';

const LOCK_NAME = 'sep-outbox-sender';
const CHANNEL_NAME = 'sep-outbox';

/** One sender across tabs: a second tab defers to the one holding the lock (Web Locks). */
function exclusiveAcrossTabs(): OutboxDeps['exclusive'] {
  if (typeof navigator === 'undefined' || !navigator.locks) return undefined;
  return (task) =>
    navigator.locks
      .request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
        if (!lock) return false;
        await task();
        return true;
      })
      .then((ran) => ran);
}

/** Other tabs' changes to the queue show up here too. */
function tabChannel(): OutboxDeps['channel'] {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  return {
    post: () => channel.postMessage('changed'),
    listen: (onChange) => {
      channel.onmessage = onChange;
      return () => channel.close();
    },
  };
}

function refreshDocumentLists(): void {
  void mutate((key) => Array.isArray(key) && key[0] === 'documents');
}

/**
 * Feeds the connectivity monitor with the file on the wire: its progress proves the link alive
 * (a slow probe is then 'slow', not 'offline') and its throughput tells a slow link.
 */
function watchUploadProgress(outbox: Outbox): void {
  let current: string | null = null;
  outbox.subscribe(() => {
    const sending = outbox.getSnapshot().items.find((item) => item.state === 'sending');
    if (current && current !== sending?.id) reportUploadEnded(current);
    current = sending?.id ?? null;
    if (sending) reportUploadProgress(sending.id, Math.round(sending.progress * sending.size));
  });
}

function createAppOutbox(): Outbox {
  let warnedExpired = false;
  const outbox = new Outbox({
    store: createOutboxStore(),
    // Resumable (tus): a file cut mid-send goes on from where it stopped (docs/decisions/052).
    transport: createTusTransport(new URL(buildUrl('uploads/tus'), window.location.href).href),
    getToken,
    checkRoom: (bytes) => ensureRoomFor(bytes),
    exclusive: exclusiveAcrossTabs(),
    channel: tabChannel(),
    events: {
      sent: (_item, message) => {
        warnedExpired = false;
        toast.success(message);
        refreshDocumentLists();
      },
      rejected: (item, message) => toast.error(`${item.name}: ${message}`),
      unauthorized: () => {
        if (warnedExpired) return;
        warnedExpired = true;
        toast.warning(OUTBOX_TEXT.sessionExpired);
        // Lets the api client apply the app-wide 401 rule (token removed, back to /login).
        if (getToken()) void apiRequest('users/me').catch(() => undefined);
      },
      reachability: reportReachability,
      retryScheduled: () => void requestBackgroundSync(),
    },
  });

  addBusySource({ isBusy: () => outbox.getSnapshot().sending, subscribe: outbox.subscribe });
  watchUploadProgress(outbox);
  onReconnect(() => void outbox.run({ force: true }));
  onBackgroundSync(() => void outbox.run({ force: true }));
  if (typeof window !== 'undefined') window.addEventListener('online', () => void outbox.run({ force: true }));
  onLogout(async (userId, reason) => {
    const pending = await outbox.pendingCount();
    // An expired session was already told (sessionExpired); the files stay for their owner's next sign-in.
    if (pending > 0 && reason === 'logout') toast.warning(OUTBOX_TEXT.pendingOnLogout(pending));
    await outbox.setOwner(null);
    if (userId !== null) await forgetUserCaches(String(userId));
  });
  return outbox;
}

let instance: Outbox | null = null;

/** The app's outbox, created on first use (it opens IndexedDB and listens to the browser). */
export function getAppOutbox(): Outbox {
  instance ??= createAppOutbox();
  return instance;
}
