import type { OutboxRecord } from '../../../lib/offline-store/outbox-store';
import { backoffDelay } from './backoff';
import { OUTBOX_TEXT } from './outbox-messages';
import type { OutboxDeps, OutboxItem, OutboxSnapshot, QueueableFile } from './outbox-types';
import { REMOVED, type SendResult } from './send-upload';

export class OutboxFullError extends Error {
  constructor() {
    super(OUTBOX_TEXT.noRoom);
    this.name = 'OutboxFullError';
  }
}

/** How long recently sent files stay listed as 'enviado'. */
const SENT_VISIBLE_MS = 10 * 60_000;
/** When another tab holds the sender lock, look again after this long. */
const LOCK_BUSY_RETRY_MS = 2_000;

/**
 * The upload outbox: files are written to IndexedDB before anything is sent, then leave one at a
 * time, in order, for the signed-in owner only. The client id is the upload's idempotency key, so a
 * file re-sent after a dropped connection never becomes a second document; the transport resumes a
 * cut upload where it stopped (docs/decisions/052).
 */
export class Outbox {
  private owner: string | null = null;
  private records: OutboxRecord[] = [];
  private sent: (OutboxItem & { at: number })[] = [];
  private current: { id: string; progress: number; abort: AbortController } | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private forceHead = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private listeners = new Set<() => void>();
  private snapshot: OutboxSnapshot = { items: [], sending: false, waiting: 0 };
  private readonly now: () => number;
  private readonly stopListening: () => void;

  constructor(private readonly deps: OutboxDeps) {
    this.now = deps.now ?? Date.now;
    this.stopListening = deps.channel?.listen(() => void this.refresh()) ?? (() => {});
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): OutboxSnapshot => this.snapshot;

  /** Signs a user in or out of the outbox. Signing in starts sending that user's files. */
  async setOwner(owner: string | null): Promise<void> {
    if (owner === this.owner) return;
    this.current?.abort.abort();
    this.owner = owner;
    this.sent = [];
    clearTimeout(this.timer);
    await this.refresh();
    if (owner) {
      await this.deps.store.collectOrphans();
      void this.run();
    }
  }

  /** Files of `owner` still to be sent, e.g. to warn at logout. */
  async pendingCount(): Promise<number> {
    const all = await this.deps.store.list();
    return all.filter((r) => r.owner === this.owner && r.state === 'pending').length;
  }

  /** Stores the files (all or none), then starts sending. Throws `OutboxFullError` if they do not fit. */
  async enqueue(files: readonly QueueableFile[]): Promise<string[]> {
    const owner = this.owner;
    if (!owner) throw new Error('Outbox: nobody is signed in');
    const total = files.reduce((sum, f) => sum + f.size, 0);
    if (!(await this.deps.checkRoom(total)).fits) throw new OutboxFullError();
    const createdAt = this.now();
    const items = await Promise.all(
      files.map(async (f, seq) => ({
        record: {
          id: this.deps.newId?.() ?? crypto.randomUUID(),
          owner,
          name: f.name,
          size: f.size,
          type: f.type || 'application/pdf',
          createdAt,
          seq,
          state: 'pending' as const,
          attempts: 0,
          nextAttemptAt: 0,
        },
        file: { bytes: await f.arrayBuffer(), type: f.type || 'application/pdf' },
      })),
    );
    try {
      await this.deps.store.add(items);
    } catch (error) {
      // IndexedDB's own quota error: the estimate was optimistic. Nothing partial is kept.
      await Promise.all(items.map(({ record }) => this.deps.store.remove(record.id)));
      if (error instanceof DOMException && error.name === 'QuotaExceededError') throw new OutboxFullError();
      throw error;
    }
    this.deps.channel?.post();
    await this.refresh();
    void this.run({ force: true });
    return items.map(({ record }) => record.id);
  }

  /** 'Reintentar': a rejected file goes back to the queue; waiting files are tried right away. */
  async retry(id?: string): Promise<void> {
    if (id) {
      const record = await this.deps.store.get(id);
      if (record?.state === 'error') await this.deps.store.patch(id, { state: 'pending', reason: undefined, attempts: 0, nextAttemptAt: 0 });
      this.deps.channel?.post();
    }
    await this.refresh();
    return this.run({ force: true });
  }

  /** 'Quitar': forgets a queued or rejected file, or hides a sent one. */
  async remove(id: string): Promise<void> {
    if (this.current?.id === id) this.current.abort.abort(REMOVED);
    this.sent = this.sent.filter((s) => s.id !== id);
    await this.deps.store.remove(id);
    this.deps.channel?.post();
    await this.refresh();
  }

  /** Trigger: app start, `online`, Background Sync, retry timer, 'Reintentar'. Safe to call often. */
  run(options: { force?: boolean } = {}): Promise<void> {
    if (options.force) this.forceHead = true;
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const exclusive = this.deps.exclusive ?? ((task) => task().then(() => true));
    this.running = exclusive(() => this.drain())
      .then((ran) => {
        if (!ran) this.schedule(this.now() + LOCK_BUSY_RETRY_MS);
      })
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          void this.run();
        }
      });
    return this.running;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.current?.abort.abort();
    this.stopListening();
    this.listeners.clear();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const owner = this.owner;
      if (!owner) return;
      await this.refresh();
      const head = this.records.find((r) => r.state === 'pending');
      if (!head) return;
      if (head.nextAttemptAt > this.now() && !this.forceHead) return this.schedule(head.nextAttemptAt);
      this.forceHead = false;
      const token = this.deps.getToken();
      if (!token) return this.deps.events?.unauthorized?.();
      const file = await this.deps.store.file(head.id);
      if (!file) {
        await this.deps.store.patch(head.id, { state: 'error', reason: OUTBOX_TEXT.missingBytes });
        continue;
      }
      const abort = new AbortController();
      this.current = { id: head.id, progress: 0, abort };
      this.publish();
      let result: SendResult;
      try {
        result = await this.deps.transport(
          { id: head.id, name: head.name, type: file.type, bytes: file.bytes, token },
          (fraction) => {
            if (this.current?.id !== head.id) return;
            this.current.progress = fraction;
            this.publish();
          },
          abort.signal,
        );
      } finally {
        this.current = null;
      }
      if (abort.signal.aborted) continue; // signed out or 'Quitar' meanwhile: re-read the queue
      if (!(await this.apply(head, result))) return this.refresh();
    }
  }

  /** Records the outcome of one attempt; false means stop sending for now. */
  private async apply(head: OutboxRecord, result: SendResult): Promise<boolean> {
    const events = this.deps.events;
    const item = this.toItem(head);
    switch (result.kind) {
      case 'sent':
        await this.deps.store.remove(head.id);
        this.sent.push({ ...item, state: 'sent', progress: 1, documentId: result.documentId, at: this.now() });
        this.deps.channel?.post();
        events?.reachability?.(true);
        events?.sent?.(item, result.message);
        return true;
      case 'rejected':
        await this.deps.store.patch(head.id, { state: 'error', reason: result.message });
        this.deps.channel?.post();
        events?.reachability?.(true);
        events?.rejected?.(item, result.message);
        return true;
      case 'unauthorized':
        events?.reachability?.(true);
        events?.unauthorized?.();
        return false;
      case 'retry': {
        const attempts = head.attempts + 1;
        const nextAttemptAt = this.now() + backoffDelay(attempts, this.deps.random);
        await this.deps.store.patch(head.id, { attempts, nextAttemptAt, reason: result.reason });
        events?.reachability?.(result.reachable);
        this.schedule(nextAttemptAt);
        events?.retryScheduled?.(nextAttemptAt);
        return false;
      }
    }
  }

  private schedule(at: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), Math.max(0, at - this.now()));
  }

  private async refresh(): Promise<void> {
    const owner = this.owner;
    this.records = owner ? (await this.deps.store.list()).filter((r) => r.owner === owner) : [];
    this.publish();
  }

  private toItem(r: OutboxRecord): OutboxItem {
    const sending = this.current?.id === r.id;
    return {
      id: r.id,
      name: r.name,
      size: r.size,
      state: sending ? 'sending' : r.state,
      progress: sending ? (this.current?.progress ?? 0) : 0,
      reason: r.reason,
      nextAttemptAt: r.state === 'pending' && r.nextAttemptAt > 0 ? r.nextAttemptAt : undefined,
    };
  }

  private publish(): void {
    const cutoff = this.now() - SENT_VISIBLE_MS;
    this.sent = this.sent.filter((s) => s.at >= cutoff);
    const live = new Set(this.records.map((r) => r.id));
    const sentItems = this.sent.filter((s) => !live.has(s.id)).map(({ at: _at, ...rest }) => rest);
    const queued = this.records.map((r) => this.toItem(r));
    this.snapshot = {
      items: [...sentItems, ...queued],
      sending: this.current !== null,
      waiting: queued.filter((i) => i.state === 'pending' || i.state === 'sending').length,
    };
    for (const listener of this.listeners) listener();
  }
}
