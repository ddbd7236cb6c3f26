import { describe, expect, it, vi } from 'vitest';
import { requestsInFlight, trackRequest } from '../requests-in-flight.ts';
import { addBusySource, isBusy, whenIdle, whenSettled } from './update-gate.ts';

describe('whenIdle', () => {
  it('waits for a running upload to finish before letting the app reload', async () => {
    let busy = true;
    const listeners = new Set<() => void>();
    const remove = addBusySource({ isBusy: () => busy, subscribe: (l) => (listeners.add(l), () => listeners.delete(l)) });
    let idle = false;
    const waiting = whenIdle().then(() => (idle = true));
    await Promise.resolve();
    expect(isBusy()).toBe(true);
    expect(idle).toBe(false);

    busy = false;
    for (const l of listeners) l();
    await waiting;
    expect(idle).toBe(true);
    expect(listeners.size).toBe(0);
    remove();
  });

  it('resolves at once when nothing is uploading', async () => {
    await expect(whenIdle()).resolves.toBeUndefined();
  });
});

describe('whenSettled', () => {
  it('waits until no source has been busy for the quiet time, starting again when one wakes up', async () => {
    vi.useFakeTimers();
    try {
      let busy = false;
      const listeners = new Set<() => void>();
      const setBusy = (value: boolean) => {
        busy = value;
        for (const l of listeners) l();
      };
      const remove = addBusySource({ isBusy: () => busy, subscribe: (l) => (listeners.add(l), () => listeners.delete(l)) });
      let settled = false;
      void whenSettled(500).then(() => (settled = true));

      await vi.advanceTimersByTimeAsync(300);
      setBusy(true); // the upload's follow-up request starts inside the quiet time
      await vi.advanceTimersByTimeAsync(1_000);
      expect(settled).toBe(false);
      setBusy(false);
      await vi.advanceTimersByTimeAsync(499);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
      expect(listeners.size).toBe(0);
      remove();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('requestsInFlight', () => {
  it('is busy while an API request is on the wire, and not after it settles, failed or not', async () => {
    let finish: (ok: boolean) => void = () => undefined;
    const request = trackRequest(() => new Promise<string>((resolve, reject) => (finish = (ok) => (ok ? resolve('ok') : reject(new Error('x'))))));
    expect(requestsInFlight.isBusy()).toBe(true);
    finish(false);
    await expect(request).rejects.toThrow('x');
    expect(requestsInFlight.isBusy()).toBe(false);
  });
});
