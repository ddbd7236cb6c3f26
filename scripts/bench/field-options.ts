/** Flags of `npm run bench:field`, read once; a bad value stops the run naming it. */
export interface FieldOptions {
  /** Client→server rate, bytes per second (flag in KB/s, 1 KB = 1024 B). */
  upBytesPerSecond: number;
  /** Server→client rate, bytes per second; 0 = latency only. */
  downBytesPerSecond: number;
  latencyMs: number;
  /** 0 = never. */
  dropEveryMs: number;
  sizeBytes: number;
  maxMs: number;
  /** 'Sin conexión' within this long after a drop is the app learning of it, not a false alarm. */
  graceMs: number;
  /** Serve the web build left by the last run instead of building the current sources. */
  reuseBuild: boolean;
}

export const USAGE = `npm run bench:field -- [--rate-kbps 25] [--down-kbps 0] [--latency-ms 300] [--drop-every-s 60]
                       [--size-mb 5] [--max-minutes 20] [--grace-s <2 + 4 × latency>] [--reuse-build]`;

export function parseFieldOptions(args: readonly string[]): FieldOptions {
  const known = new Set(['--rate-kbps', '--down-kbps', '--latency-ms', '--drop-every-s', '--size-mb', '--max-minutes', '--grace-s']);
  const values = new Map<string, number>();
  let reuseBuild = false;
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    if (flag === '--reuse-build') {
      reuseBuild = true;
      continue;
    }
    const value = Number(args[i + 1]);
    if (!known.has(flag) || args[i + 1] === undefined || !Number.isFinite(value) || value < 0) {
      throw new Error(`bad flag or value: ${flag} ${args[i + 1] ?? ''}\n${USAGE}`);
    }
    values.set(flag, value);
    i += 1;
  }
  const get = (flag: string, fallback: number) => values.get(flag) ?? fallback;
  const latencyMs = get('--latency-ms', 300);
  const upBytesPerSecond = get('--rate-kbps', 25) * 1024;
  if (upBytesPerSecond <= 0) throw new Error(`--rate-kbps must be above 0\n${USAGE}`);
  return {
    upBytesPerSecond,
    downBytesPerSecond: get('--down-kbps', 0) * 1024,
    latencyMs,
    dropEveryMs: get('--drop-every-s', 60) * 1000,
    sizeBytes: Math.round(get('--size-mb', 5) * 1024 * 1024),
    maxMs: get('--max-minutes', 20) * 60_000,
    // The outbox's first retry comes within 2 s (backoff 2 s × 50–100 %), and an answer needs a
    // connection, a request and a response across the link: about four one-way latencies.
    graceMs: values.has('--grace-s') ? get('--grace-s', 0) * 1000 : 2_000 + 4 * latencyMs,
    reuseBuild,
  };
}
