/**
 * Whether the app may reload now. An upload on the wire must not be cut by a new version: the
 * outbox registers itself as a busy source, and the updater waits for it to clear.
 */
export interface BusySource {
  isBusy(): boolean;
  subscribe(listener: () => void): () => void;
}

const sources = new Set<BusySource>();

export function addBusySource(source: BusySource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

export function isBusy(): boolean {
  return [...sources].some((s) => s.isBusy());
}

/** Resolves once no source is busy (at once if none is). */
export function whenIdle(): Promise<void> {
  if (!isBusy()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribers: (() => void)[] = [];
    const check = () => {
      if (isBusy()) return;
      for (const unsubscribe of unsubscribers) unsubscribe();
      resolve();
    };
    for (const source of sources) unsubscribers.push(source.subscribe(check));
  });
}
