import { lazy, type ComponentType } from 'react';

/**
 * A lazy route whose chunk can be fetched ahead (`preload`) and which, once fetched, renders in
 * the same pass instead of suspending. React.lazy suspends on any promise, even a settled one, and
 * React 19 then shows the Suspense fallback and holds the content back up to 300 ms after it
 * (FALLBACK_THROTTLE_MS): with the layout and the page nested, a signed-in reload painted its
 * screen about half a second after its chunks and its session check had arrived (issue 14).
 */
export function lazyRoute<T extends ComponentType>(load: () => Promise<{ default: T }>) {
  let loaded: { default: T } | null = null;
  let loading: Promise<{ default: T }> | null = null;
  function preload(): Promise<{ default: T }> {
    loading ??= load().then(
      (module) => (loaded = module),
      (err: unknown) => {
        loading = null; // A failed fetch (offline) is tried again by the next render.
        throw err;
      },
    );
    return loading;
  }
  // React.lazy calls `then` and reads the module when the callback has already run: a thenable that
  // calls back at once is how a loaded chunk skips the fallback.
  const Component = lazy(() => (loaded ? settled(loaded) : preload()));
  return { Component, preload };
}

function settled<V>(value: V): Promise<V> {
  const thenable = { then: (onFulfilled: (v: V) => unknown) => void onFulfilled(value) };
  return thenable as unknown as Promise<V>;
}
