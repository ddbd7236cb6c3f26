/**
 * How long something was on screen, from samples: each sample's state holds until the next one.
 * Time within `graceMs` after a drop is counted in `total` but not in `outsideGrace`.
 */
export class ShownTally {
  total = 0;
  outsideGrace = 0;
  private last: { at: number; shown: boolean } | undefined;

  constructor(
    private readonly graceMs: number,
    /** Drop times, ascending (the proxy's own list, which grows during the run). */
    private readonly drops: readonly number[],
  ) {}

  sample(at: number, shown: boolean): void {
    if (this.last?.shown && at > this.last.at) this.add(this.last.at, at);
    this.last = { at, shown };
  }

  private add(from: number, to: number): void {
    this.total += to - from;
    let covered = 0;
    let coveredUntil = from;
    for (const drop of this.drops) {
      const start = Math.max(drop, coveredUntil);
      const end = Math.min(drop + this.graceMs, to);
      if (end > start) {
        covered += end - start;
        coveredUntil = end;
      }
    }
    this.outsideGrace += to - from - covered;
  }
}
