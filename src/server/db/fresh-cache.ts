import type { ChangeTracker } from './change-tracking.ts';

export interface FreshCacheOptions {
  /** Tables whose every committed write makes an answer stale. */
  tables: readonly string[];
  /** Tables where a plain insert leaves the answers true (only updates and deletes make them stale). */
  changedOnly?: readonly string[];
  /** The longest an answer is kept: bounds how long another node's write (unseen here) can go unnoticed. */
  maxAgeMs: number;
  maxEntries: number;
}

interface Entry<V> {
  value: V;
  stamp: number;
  at: number;
}

/**
 * Answers read from the database, kept while no write of this process touched their tables and
 * for at most `maxAgeMs` (decision 032): an answer is stored under the change stamp taken before
 * it was read, so a write committed while it was being read leaves it stale, never kept as fresh.
 */
export class FreshCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  /** Reads under way, by key: a request arriving meanwhile shares one while no write came in since it began. */
  private readonly pending = new Map<K, { stamp: number; value: Promise<V> }>();

  constructor(
    private readonly changes: ChangeTracker,
    private readonly options: FreshCacheOptions,
  ) {}

  private stamp(): number {
    return this.changes.stamp(this.options.tables, this.options.changedOnly);
  }

  /** The kept answer for `key` if still fresh. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.stamp === this.stamp() && performance.now() - entry.at < this.options.maxAgeMs) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /**
   * The kept answer, or `load()`'s, kept when no write came in between (and `keep` allows it).
   * Requests for a key being read share that read while no write of these tables has committed
   * since it began: it answers what a read started now would (when an entry expires under load,
   * ten requests at once would otherwise run the same query ten times in a row).
   */
  async read(key: K, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const stamp = this.stamp();
    const under = this.pending.get(key);
    if (under && under.stamp === stamp) return under.value;
    const at = performance.now();
    const value = load();
    const reading = { stamp, value };
    this.pending.set(key, reading);
    try {
      const answer = await value;
      if (keep(answer) && stamp === this.stamp()) {
        // Oldest first in a Map: the first key is the one to drop.
        if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, { value: answer, stamp, at });
      }
      return answer;
    } finally {
      if (this.pending.get(key) === reading) this.pending.delete(key);
    }
  }

  /** Forgets every kept answer (e.g. after a write this process made elsewhere). */
  clear(): void {
    this.entries.clear();
    this.pending.clear();
  }
}
