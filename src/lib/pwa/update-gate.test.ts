import { describe, expect, it } from 'vitest';
import { addBusySource, isBusy, whenIdle } from './update-gate.ts';

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
