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

/**
 * Resolves once no source has been busy for `quietMs`: a finished upload is followed at once by the
 * requests it triggers (the documents list refreshes), and the switch must not land among them.
 */
export async function whenSettled(quietMs: number): Promise<void> {
  for (;;) {
    await whenIdle();
    const stayedIdle = await new Promise<boolean>((resolve) => {
      const unsubscribers: (() => void)[] = [];
      const done = (idle: boolean) => {
        clearTimeout(timer);
        for (const unsubscribe of unsubscribers) unsubscribe();
        resolve(idle);
      };
      const timer = setTimeout(() => done(true), quietMs);
      for (const source of sources) unsubscribers.push(source.subscribe(() => isBusy() && done(false)));
    });
    if (stayedIdle) return;
  }
}
