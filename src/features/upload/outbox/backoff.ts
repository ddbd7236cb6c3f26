/** First retry delay after a failed send. */
export const BACKOFF_BASE_MS = 2_000;
/** Issue 5: the retry delay grows, capped at 5 minutes. */
export const BACKOFF_CAP_MS = 5 * 60_000;

/**
 * Delay before attempt `attempts + 1`: exponential, with jitter in [50 %, 100 %] so that many
 * tablets coming back online at once do not hit the server in step. Never above the cap.
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 20);
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** exponent);
  return Math.round(ceiling * (0.5 + 0.5 * random()));
}
