/**
 * A benchmark that starts browsers and servers must never leave them behind nor hang (issue 14:
 * bench:web waited forever with Chromium open). `guard` runs `main` with a global deadline and
 * SIGINT/SIGTERM handlers; on success, error, deadline or signal every registered closer runs
 * (each bounded in time) and the process exits non-zero unless `main` finished.
 */
type Closer = () => unknown;

const closers: Closer[] = [];

/** Registers something to close (a browser, a server process, a temp folder), closed last-in first-out. */
export function onCleanup(closer: Closer): void {
  closers.push(closer);
}

async function closeAll(): Promise<void> {
  while (closers.length > 0) {
    const close = closers.pop()!;
    if (process.env.GUARD_DEBUG) console.error(`cleanup ${closers.length}: ${close.toString().slice(0, 60)}`);
    // A closer that hangs (a browser that does not answer) must not keep the others from running.
    await Promise.race([Promise.resolve().then(close).catch((err: unknown) => console.error('cleanup:', err)), new Promise((r) => setTimeout(r, 5_000))]);
  }
}

/** Runs `main` under a deadline; exits 0 only when it resolves in time. */
export function guard(main: () => Promise<void>, deadlineMs: number): void {
  let finishing = false;
  const finish = async (code: number, why?: unknown) => {
    if (finishing) return;
    finishing = true;
    if (why !== undefined) console.error(why);
    await closeAll();
    process.exit(code);
  };
  const timer = setTimeout(() => void finish(1, new Error(`deadline of ${Math.round(deadlineMs / 1000)} s reached: stopping`)), deadlineMs);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => void finish(signal === 'SIGINT' ? 130 : 143, new Error(`${signal}: stopping`)));
  }
  main().then(
    () => {
      clearTimeout(timer);
      void finish(0);
    },
    (err: unknown) => {
      clearTimeout(timer);
      void finish(1, err);
    },
  );
}
