import type { OutboxStore } from '../../../lib/offline-store/outbox-store';
import type { RoomCheck } from '../../../lib/offline-store/storage-room';
import type { Transport } from './send-upload';

export type OutboxItemState = 'pending' | 'sending' | 'sent' | 'error';

/** What the outbox UI shows for one file. */
export interface OutboxItem {
  id: string;
  name: string;
  size: number;
  state: OutboxItemState;
  /** 0–1 while sending. */
  progress: number;
  reason?: string;
  nextAttemptAt?: number;
  /** The stored document, once sent (when the server named it). */
  documentId?: number;
}

export interface OutboxSnapshot {
  items: readonly OutboxItem[];
  /** A file is on the wire right now (the update prompt waits for this to clear). */
  sending: boolean;
  /** Files of the current owner still to be sent (pending or sending). */
  waiting: number;
}

/** Files as the upload screen hands them over (a DOM File fits). */
export interface QueueableFile {
  name: string;
  size: number;
  type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface OutboxEvents {
  sent?: (item: OutboxItem, message: string) => void;
  rejected?: (item: OutboxItem, message: string) => void;
  /** A 401: the files stay queued; the app asks the user to sign in again. */
  unauthorized?: () => void;
  /** Whether the last attempt reached the server (connectivity is judged by this). */
  reachability?: (reachable: boolean) => void;
  /** A send failed for a transient reason: a good moment to ask for Background Sync. */
  retryScheduled?: (at: number) => void;
}

export interface OutboxDeps {
  store: OutboxStore;
  transport: Transport;
  getToken: () => string | null;
  checkRoom: (bytes: number) => Promise<RoomCheck>;
  events?: OutboxEvents;
  now?: () => number;
  random?: () => number;
  newId?: () => string;
  /** Runs `task` only if no other tab is sending (Web Locks); resolves false when it did not run. */
  exclusive?: (task: () => Promise<void>) => Promise<boolean>;
  /** Tells other tabs the queue changed, and listens for their news. */
  channel?: { post: () => void; listen: (onChange: () => void) => () => void };
}
