import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Outbox } from './outbox.ts';
import type { OutboxSnapshot } from './outbox-types.ts';
import { getAppOutbox } from './outbox-instance.ts';

/** Lets tests hand a component an outbox on fake transport; the app uses its single instance. */
export const OutboxContext = createContext<Outbox | null>(null);

export function useOutboxInstance(): Outbox {
  return useContext(OutboxContext) ?? getAppOutbox();
}

export function useOutbox(): { outbox: Outbox; snapshot: OutboxSnapshot } {
  const outbox = useOutboxInstance();
  const snapshot = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot);
  return { outbox, snapshot };
}
