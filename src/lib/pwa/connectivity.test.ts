import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ConnectivityMonitor,
  PROBE_TIMEOUT_MS,
  SLOW_ANSWER_MS,
  SLOW_HOLD_MS,
  type Clock,
} from './connectivity.ts';

// Vitest's fake timers drive both the clock and the fake network: a request is an answer (or a
// failure) scheduled some milliseconds ahead, which the test then lets happen.
const clock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A fetch that answers `status` after `delayMs`, or never if the caller aborts first. */
function delayedFetch(delayMs: number, status = 200): typeof fetch {
  return ((_url: string, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(() => resolve(new Response('{"status":"ok"}', { status })), delayMs);
      init?.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      });
    })) as typeof fetch;
}

/** A fetch that fails after `delayMs`, as the browser's does when the network is down. */
function failingFetch(delayMs = 5): typeof fetch {
  return (() =>
    new Promise<Response>((_resolve, reject) => setTimeout(() => reject(new TypeError('Failed to fetch')), delayMs))) as typeof fetch;
}

function monitorWith(fetcher: typeof fetch, initiallyReachable = true) {
  return new ConnectivityMonitor({ clock, fetch: fetcher, probeUrl: '/api/health', initiallyReachable });
}

async function probe(monitor: ConnectivityMonitor, advanceMs: number) {
  const result = monitor.probe();
  await vi.advanceTimersByTimeAsync(advanceMs);
  return result;
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('ConnectivityMonitor: slow is not offline (issue 11)', () => {
  it('a quick answer from /health is online', async () => {
    const monitor = monitorWith(delayedFetch(300), false);
    const reconnected = vi.fn();
    monitor.onReconnect(reconnected);
    expect(await probe(monitor, 300)).toBe('online');
    expect(reconnected).toHaveBeenCalledOnce();
  });

  it('an answer that takes longer than a healthy link would is slow, and still reachable', async () => {
    const monitor = monitorWith(delayedFetch(SLOW_ANSWER_MS + 2_000));
    expect(await probe(monitor, SLOW_ANSWER_MS + 2_000)).toBe('slow');
    expect(monitor.isReachable()).toBe(true);
  });

  it('a request that fails is offline, however quickly it fails', async () => {
    const monitor = monitorWith(failingFetch(5));
    expect(await probe(monitor, 5)).toBe('offline');
    expect(monitor.isReachable()).toBe(false);
  });

  it('something other than our server answering (proxy 502, portal 404) is offline', async () => {
    for (const status of [404, 502]) {
      const monitor = monitorWith(delayedFetch(50, status));
      expect(await probe(monitor, 50)).toBe('offline');
    }
  });

  it('a probe that times out while an upload is progressing is slow, not offline', async () => {
    const monitor = monitorWith(delayedFetch(10 * PROBE_TIMEOUT_MS));
    const result = monitor.probe();
    // 25 KB/s: the file on the wire moves forward every second while the probe waits.
    for (let s = 1; s <= PROBE_TIMEOUT_MS / 1000; s++) {
      await vi.advanceTimersByTimeAsync(1_000);
      monitor.reportUploadProgress('file-1', s * 25 * 1024);
    }
    await vi.advanceTimersByTimeAsync(10);
    expect(await result).toBe('slow');
    expect(monitor.isReachable()).toBe(true);
  });

  it('a probe that times out with nothing moving is offline', async () => {
    const monitor = monitorWith(delayedFetch(10 * PROBE_TIMEOUT_MS));
    expect(await probe(monitor, PROBE_TIMEOUT_MS + 10)).toBe('offline');
  });

  it('an upload at 25 KB/s marks the link slow; the mark fades once it stops', async () => {
    const monitor = monitorWith(delayedFetch(100));
    const seen: string[] = [];
    monitor.subscribe(() => seen.push(monitor.getConnection()));
    for (let s = 0; s <= 8; s++) {
      monitor.reportUploadProgress('file-1', s * 25 * 1024);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(monitor.getConnection()).toBe('slow');
    monitor.reportUploadEnded('file-1');
    await vi.advanceTimersByTimeAsync(SLOW_HOLD_MS);
    expect(monitor.getConnection()).toBe('online');
    expect(seen).toEqual(['slow', 'online']);
  });

  it('a fast upload is not slow', async () => {
    const monitor = monitorWith(delayedFetch(100));
    for (let s = 0; s <= 8; s++) {
      monitor.reportUploadProgress('file-1', s * 1024 * 1024);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(monitor.getConnection()).toBe('online');
  });

  it('an answer served from the cache after a timeout is a hint of slowness that the probe confirms or clears', async () => {
    const slowLink = monitorWith(delayedFetch(SLOW_ANSWER_MS + 1_000));
    slowLink.reportSlowAnswer();
    expect(slowLink.getConnection()).toBe('slow');
    await vi.advanceTimersByTimeAsync(SLOW_ANSWER_MS + 1_000);
    expect(slowLink.getConnection()).toBe('slow');

    const busyServer = monitorWith(delayedFetch(200));
    busyServer.reportSlowAnswer();
    await vi.advanceTimersByTimeAsync(200);
    expect(busyServer.getConnection()).toBe('online');
  });

  it("the outbox's own attempts count: a failed send is offline, an answer is reachable", () => {
    const monitor = monitorWith(delayedFetch(100));
    monitor.reportReachability(false);
    expect(monitor.getConnection()).toBe('offline');
    monitor.reportReachability(true);
    expect(monitor.getConnection()).toBe('online');
  });

  it('probes asked for at once share one request', async () => {
    const fetcher = vi.fn(delayedFetch(100));
    const monitor = monitorWith(fetcher as unknown as typeof fetch);
    const both = Promise.all([monitor.probe(), monitor.probe()]);
    await vi.advanceTimersByTimeAsync(100);
    expect(await both).toEqual(['online', 'online']);
    expect(fetcher).toHaveBeenCalledOnce();
  });
});
