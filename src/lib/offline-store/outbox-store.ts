import { createStore, del, delMany, entries, get, keys, promisifyRequest, setMany, type UseStore } from 'idb-keyval';

/**
 * Persistent state of one queued upload. The file bytes live in a separate store so that listing
 * the queue never loads megabytes of PDF into memory.
 */
export interface OutboxRecord {
  /** Client id, sent as `Idempotency-Key`: a replay never creates a second document. */
  id: string;
  /** User id (from `users/me`) that queued the file; only that user's session sends it. */
  owner: string;
  name: string;
  size: number;
  type: string;
  /** Epoch ms when queued; with `seq` it fixes the sending order. */
  createdAt: number;
  seq: number;
  /** `error` is a permanent rejection by the server; everything else waits to be sent. */
  state: 'pending' | 'error';
  /** Server's Spanish message for a permanent rejection, or the last transient failure. */
  reason?: string;
  attempts: number;
  /** Epoch ms before which the sender leaves this file alone (backoff). */
  nextAttemptAt: number;
}

/** Stored bytes of one file. ArrayBuffer rather than Blob: older Safari loses Blobs in IndexedDB. */
export interface OutboxFile {
  bytes: ArrayBuffer;
  type: string;
}

export interface OutboxStore {
  /** Adds records and their bytes; bytes are written first so a record never points at nothing. */
  add(items: { record: OutboxRecord; file: OutboxFile }[]): Promise<void>;
  list(): Promise<OutboxRecord[]>;
  get(id: string): Promise<OutboxRecord | undefined>;
  patch(id: string, change: Partial<Omit<OutboxRecord, 'id' | 'owner'>>): Promise<void>;
  file(id: string): Promise<OutboxFile | undefined>;
  remove(id: string): Promise<void>;
  /** Deletes bytes whose record is gone (a crash between the two writes of `add`/`remove`). */
  collectOrphans(): Promise<number>;
}

/** Compares records by queue order. */
export function byQueueOrder(a: OutboxRecord, b: OutboxRecord): number {
  return a.createdAt - b.createdAt || a.seq - b.seq || a.id.localeCompare(b.id);
}

/**
 * The outbox on idb-keyval. Two databases because idb-keyval opens one object store per database.
 * `prefix` lets tests and the benchmark use separate databases.
 */
export function createOutboxStore(prefix = 'sep-outbox'): OutboxStore {
  // Opened on first use, not at creation: merely building the app's outbox (or rendering its
  // panel in a test without IndexedDB) must not touch the database.
  let recordStore: UseStore | undefined;
  let fileStore: UseStore | undefined;
  const records: UseStore = (mode, callback) => (recordStore ??= createStore(`${prefix}-records`, 'records'))(mode, callback);
  const files: UseStore = (mode, callback) => (fileStore ??= createStore(`${prefix}-files`, 'files'))(mode, callback);

  return {
    async add(items) {
      await setMany(items.map(({ record, file }) => [record.id, file]), files);
      await setMany(items.map(({ record }) => [record.id, record]), records);
    },
    async list() {
      const all = await entries<string, OutboxRecord>(records);
      return all.map(([, r]) => r).sort(byQueueOrder);
    },
    get(id) {
      return get<OutboxRecord>(id, records);
    },
    patch(id, change) {
      // Read and write in one transaction; a patch on a removed record must not resurrect it
      // (the user may press 'Quitar' while the sender is still reporting on that file).
      return records('readwrite', (store) => {
        const request = store.get(id);
        request.onsuccess = () => {
          const old = request.result as OutboxRecord | undefined;
          if (old) store.put({ ...old, ...change }, id);
        };
        return promisifyRequest(store.transaction);
      });
    },
    file(id) {
      return get<OutboxFile>(id, files);
    },
    async remove(id) {
      await del(id, records);
      await del(id, files);
    },
    async collectOrphans() {
      const [recordKeys, fileEntries] = await Promise.all([keys<string>(records), keys<string>(files)]);
      const live = new Set(recordKeys);
      const orphans = fileEntries.filter((k) => !live.has(k));
      if (orphans.length > 0) await delMany(orphans, files);
      return orphans.length;
    },
  };
}
