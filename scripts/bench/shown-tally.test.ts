import { describe, expect, it } from 'vitest';
import { ShownTally } from './shown-tally.ts';

describe('ShownTally', () => {
  it('holds each sample until the next, and leaves out the grace after each drop', () => {
    const drops: number[] = [];
    const tally = new ShownTally(1_000, drops);
    tally.sample(0, false);
    tally.sample(500, true);
    drops.push(1_000);
    tally.sample(1_500, true); // 500–1500 shown: 500–1000 before the drop counts, 1000–1500 is grace
    tally.sample(3_000, false); // 1500–3000 shown: 1500–2000 grace, 2000–3000 counts
    tally.sample(4_000, true);
    tally.sample(4_250, true); // 4000–4250 counts
    expect(tally.total).toBe(2_750);
    expect(tally.outsideGrace).toBe(500 + 1_000 + 250);
  });
});
