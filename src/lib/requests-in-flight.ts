import type { BusySource } from './pwa/update-gate.ts';

/**
 * The app's API requests on the wire. A new service worker cannot take over while the old one is
 * still answering a request (the browser keeps it as a "lame duck" until it is idle, which can take
 * minutes), so the updater waits for these as well as for uploads before it switches versions.
 */
let inFlight = 0;
const listeners = new Set<() => void>();

function changed(delta: number): void {
  inFlight += delta;
  for (const listener of listeners) listener();
}

/** Counts `request` as in flight until it settles. */
export async function trackRequest<T>(request: () => Promise<T>): Promise<T> {
  changed(1);
  try {
    return await request();
  } finally {
    changed(-1);
  }
}

export const requestsInFlight: BusySource = {
  isBusy: () => inFlight > 0,
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
