import { useSyncExternalStore } from 'react';
import { buildUrl } from '../api-client.ts';

/**
 * Whether the server can be reached, and how well. `navigator.onLine` only says a network interface
 * is up (a tablet on a dead Wi-Fi reports true), so it can only make us pessimistic; being online is
 * proven by an answer from the server — any status, even 401 or 404.
 *
 * A slow link is not offline (issue 11: at 25 KB/s and 300 ms latency the app used to say 'Sin
 * conexión' while it was still sending). Only a request that FAILED means offline; a request that
 * is merely slow, or a probe that runs out of time while an upload is making progress, means
 * 'slow', and sending goes on.
 */
export type Connection = 'online' | 'slow' | 'offline';

/** A probe answered later than this: the link is slow (a healthy link answers /health in well under a second). */
export const SLOW_ANSWER_MS = 3_000;
/**
 * The probe gives up after this long. /api/health is a few hundred bytes: even at 25 KB/s with
 * 300 ms latency, behind an upload that fills the link, it answers in a few seconds.
 */
export const PROBE_TIMEOUT_MS = 20_000;
/** While offline or slow, ask again this often (the `online` event may never come). */
export const PROBE_INTERVAL_MS = 15_000;
/** An upload that moved forward this recently shows the link is alive. */
export const ACTIVITY_WINDOW_MS = 20_000;
/** Upload throughput below this (bytes/s), measured over a few seconds, is a slow link. */
export const SLOW_UPLOAD_BYTES_PER_S = 64 * 1024;
/** Throughput is judged over at least this long (a socket buffer fills fast at first). */
export const SPEED_WINDOW_MS = 5_000;
/** A slow upload keeps the link 'slow' this long after its last slow measurement. */
export const SLOW_HOLD_MS = 30_000;

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Sample {
  at: number;
  bytes: number;
}

/** The connectivity state machine; one per app (below), others in tests with a fake clock and fetch. */
export class ConnectivityMonitor {
  private reachable: boolean;
  /** The last probe answered slowly, or a request was served from the cache after a timeout. */
  private slowHint = false;
  /** When an upload last measured slow. */
  private slowUploadAt = Number.NEGATIVE_INFINITY;
  /** When an upload last moved forward. */
  private activityAt = Number.NEGATIVE_INFINITY;
  private uploads = new Map<string, Sample[]>();
  private connection: Connection;
  private probing: Promise<Connection> | null = null;
  private holdTimer: unknown = null;
  private readonly listeners = new Set<() => void>();
  private readonly reconnectListeners = new Set<() => void>();

  constructor(
    private readonly deps: { clock?: Clock; fetch?: typeof fetch; probeUrl?: string; initiallyReachable?: boolean } = {},
  ) {
    this.reachable = deps.initiallyReachable ?? true;
    this.connection = this.reachable ? 'online' : 'offline';
  }

  private get clock(): Clock {
    return this.deps.clock ?? realClock;
  }

  getConnection = (): Connection => this.connection;

  isReachable = (): boolean => this.connection !== 'offline';

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Runs `listener` each time the server becomes reachable again (an outbox trigger). */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** What a request just learnt: `true` when the server answered, `false` when the request failed. */
  reportReachability(value: boolean): void {
    this.reachable = value;
    this.update();
  }

  /** The browser says the network interface went down. */
  reportOffline(): void {
    this.reportReachability(false);
  }

  /**
   * A request answered from the cache because the network took too long (the service worker's
   * timeout): a hint of a slow link, not of an offline one. A probe confirms either way.
   */
  reportSlowAnswer(): void {
    this.slowHint = true;
    this.update();
    void this.probe();
  }

  /** An upload (by id) has sent `loadedBytes` so far: proof of life, and a throughput sample. */
  reportUploadProgress(id: string, loadedBytes: number): void {
    const now = this.clock.now();
    const samples = this.uploads.get(id) ?? [];
    const last = samples.at(-1);
    if (last ? loadedBytes <= last.bytes : loadedBytes <= 0) return;
    this.activityAt = now;
    samples.push({ at: now, bytes: loadedBytes });
    // Keep about two windows of samples: enough to measure, little memory.
    while (samples.length > 2 && now - samples[1]!.at >= SPEED_WINDOW_MS) samples.shift();
    this.uploads.set(id, samples);
    const first = samples[0]!;
    const span = now - first.at;
    if (span >= SPEED_WINDOW_MS) {
      const speed = ((loadedBytes - first.bytes) * 1000) / span;
      if (speed < SLOW_UPLOAD_BYTES_PER_S) this.slowUploadAt = now;
    }
    this.update();
  }

  /** The upload ended (sent, refused or given up): its samples go. */
  reportUploadEnded(id: string): void {
    this.uploads.delete(id);
  }

  /**
   * Asks the server directly (bypassing every cache) whether it is there, and how fast. A failure
   * means offline; an answer after SLOW_ANSWER_MS means slow; running out of PROBE_TIMEOUT_MS means
   * offline unless an upload made progress meanwhile (then the link is busy and slow, not gone).
   */
  probe(): Promise<Connection> {
    this.probing ??= this.runProbe().finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  private async runProbe(): Promise<Connection> {
    const clock = this.clock;
    const fetcher = this.deps.fetch ?? fetch;
    const started = clock.now();
    const controller = new AbortController();
    let timedOut = false;
    const timer = clock.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, PROBE_TIMEOUT_MS);
    try {
      // GET /api/health answers 200 {status:'ok'}; anything else (a proxy's 502/503, a captive
      // portal's 404) means our server is not reachable.
      const res = await fetcher(this.deps.probeUrl ?? buildUrl('health'), {
        method: 'GET',
        cache: 'no-store',
        credentials: 'omit',
        signal: controller.signal,
      });
      const elapsed = clock.now() - started;
      this.reachable = res.ok;
      if (res.ok) this.slowHint = elapsed > SLOW_ANSWER_MS;
    } catch {
      if (timedOut && this.activityAt >= started) {
        this.reachable = true;
        this.slowHint = true;
      } else {
        this.reachable = false;
      }
    } finally {
      clock.clearTimeout(timer);
    }
    this.update();
    return this.connection;
  }

  private uploadSlow(now: number): boolean {
    return now - this.slowUploadAt < SLOW_HOLD_MS;
  }

  private update(): void {
    const now = this.clock.now();
    const next: Connection = !this.reachable ? 'offline' : this.slowHint || this.uploadSlow(now) ? 'slow' : 'online';
    // A slow upload holds 'slow' for a while; look again when that runs out.
    if (this.holdTimer !== null) this.clock.clearTimeout(this.holdTimer);
    this.holdTimer = null;
    if (next === 'slow' && !this.slowHint) {
      this.holdTimer = this.clock.setTimeout(() => {
        this.holdTimer = null;
        this.update();
      }, this.slowUploadAt + SLOW_HOLD_MS - now + 1);
    }
    if (next === this.connection) return;
    const wasOffline = this.connection === 'offline';
    this.connection = next;
    for (const listener of this.listeners) listener();
    if (wasOffline) for (const listener of this.reconnectListeners) listener();
  }
}

const monitor = new ConnectivityMonitor({ initiallyReachable: typeof navigator === 'undefined' ? true : navigator.onLine });

/** Records what a request just learnt: `true` when the server answered, `false` when it failed. */
export function reportReachability(value: boolean): void {
  monitor.reportReachability(value);
}

/** A request was answered from the cache after the network took too long: maybe slow, not offline. */
export function reportSlowAnswer(): void {
  monitor.reportSlowAnswer();
}

/** Upload progress (bytes sent so far) of the file `id`: the link is alive, and this fast. */
export function reportUploadProgress(id: string, loadedBytes: number): void {
  monitor.reportUploadProgress(id, loadedBytes);
}

export function reportUploadEnded(id: string): void {
  monitor.reportUploadEnded(id);
}

/** False only while the server is believed out of reach (a slow link is reachable). */
export function isReachable(): boolean {
  return monitor.isReachable();
}

export function getConnection(): Connection {
  return monitor.getConnection();
}

/** Runs `listener` each time the server becomes reachable again (an outbox trigger). */
export function onReconnect(listener: () => void): () => void {
  return monitor.onReconnect(listener);
}

/** Asks the server now; resolves true when it is reachable (online or slow). */
export async function probeServer(): Promise<boolean> {
  return (await monitor.probe()) !== 'offline';
}

let started = false;

/** Listens to the browser's `online`/`offline` hints; `online` is confirmed with a probe. */
export function startConnectivityWatch(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('offline', () => monitor.reportOffline());
  window.addEventListener('online', () => void monitor.probe());
  if (navigator.onLine) void monitor.probe();
  setInterval(() => {
    if (monitor.getConnection() !== 'online' && navigator.onLine) void monitor.probe();
  }, PROBE_INTERVAL_MS);
}

/** Runs `listener` whenever the connection changes between online, slow and offline. */
export function subscribeConnection(listener: () => void): () => void {
  return monitor.subscribe(listener);
}

/** React view of connectivity: 'online', 'slow' or 'offline'. */
export function useConnection(): Connection {
  return useSyncExternalStore(monitor.subscribe, monitor.getConnection, () => 'online' as const);
}

/** React view of connectivity: true while the server is believed reachable (online or slow). */
export function useReachable(): boolean {
  return useConnection() !== 'offline';
}
