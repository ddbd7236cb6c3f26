// pdf.js in Node runs its "worker" on the calling thread (the fake worker) and passes every
// message through a LoopbackPort that structuredClone()s it: each page's text items and operator
// list were serialised and rebuilt once more, about a tenth of the extraction's CPU time plus the
// garbage it left. Both ends live on one thread here, so a port that hands messages over with a
// cheap copy is enough. The copy still matters: the worker side reuses some containers after
// sending them (OperatorList.flush empties fnArray/argsArray right after enqueueing them).

type Listener = (event: { data: unknown }) => void;

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Containers deeper than this are shared. A message is {…, data|chunk: {…, fnArray, argsArray,
 * items}}: the sender reuses those arrays (depth 2), while what they hold (each operator's
 * arguments, each text item) is built fresh per operator and never touched again once sent.
 */
export const COPY_DEPTH = 3;

/**
 * Copies arrays and plain objects of the message's envelope (see COPY_DEPTH); typed arrays,
 * buffers and class instances are shared, as a real worker's transfer list would move them
 * without the sender touching them again.
 */
export function copyMessage(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth >= COPY_DEPTH) return value;
  if (Array.isArray(value)) {
    const n = value.length;
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) out[i] = copyMessage(value[i], depth + 1);
    return out;
  }
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copyMessage((value as Record<string, unknown>)[key], depth + 1);
  return out;
}

/** A same-thread message port for pdf.js (the shape of its LoopbackPort, without the clone). */
export class DirectPort {
  #listeners = new Map<Listener, (() => void) | null>();

  postMessage(message: unknown): void {
    const event = { data: copyMessage(message) };
    // Delivered on a later microtask, as pdf.js's own LoopbackPort does.
    void Promise.resolve().then(() => {
      // forEach, not for…of with a destructured entry: no entry array nor iterator result per
      // listener and message (issue 14); the same listeners in the same order.
      this.#listeners.forEach((_options, listener) => listener.call(this, event));
    });
  }

  addEventListener(_name: string, listener: Listener, options?: { signal?: AbortSignal } | null): void {
    let rmAbort: (() => void) | null = null;
    const signal = options?.signal;
    if (signal) {
      if (signal.aborted) return;
      const onAbort = () => this.removeEventListener(_name, listener);
      rmAbort = () => signal.removeEventListener('abort', onAbort);
      signal.addEventListener('abort', onAbort);
    }
    this.#listeners.set(listener, rmAbort);
  }

  removeEventListener(_name: string, listener: Listener): void {
    this.#listeners.get(listener)?.();
    this.#listeners.delete(listener);
  }

  terminate(): void {
    for (const [, rmAbort] of this.#listeners) rmAbort?.();
    this.#listeners.clear();
  }
}
