import { describe, expect, it } from 'vitest';
import { isOver, processCpuMs, startClock, WALL_FACTOR, whenOver } from './task-clock.ts';

function spin(ms: number): void {
  const start = process.cpuUsage();
  for (;;) {
    const { user, system } = process.cpuUsage(start);
    if ((user + system) / 1000 >= ms) return;
  }
}

describe('task clock (time caps in CPU time)', () => {
  it("reads a process's CPU from /proc: it grows as the process computes, not as it waits", async () => {
    const before = processCpuMs(process.pid)!;
    spin(300);
    const computed = processCpuMs(process.pid)!;
    expect(computed - before).toBeGreaterThanOrEqual(250);
    await new Promise((r) => setTimeout(r, 300));
    expect(processCpuMs(process.pid)! - computed).toBeLessThan(150);
    expect(processCpuMs(undefined)).toBeUndefined();
    expect(processCpuMs(2 ** 30)).toBeUndefined();
  });

  it('a cap is passed by its CPU, or by WALL_FACTOR times it of wall time', () => {
    expect(isOver({ cpuMs: 1001, wallMs: 1001 }, 1000)).toBe(true);
    expect(isOver({ cpuMs: 200, wallMs: (WALL_FACTOR - 1) * 1000 }, 1000)).toBe(false);
    expect(isOver({ cpuMs: 200, wallMs: WALL_FACTOR * 1000 + 1 }, 1000)).toBe(true);
  });

  it('a clock whose CPU cannot be read counts wall time', async () => {
    const used = startClock(() => undefined);
    await new Promise((r) => setTimeout(r, 120));
    const { cpuMs, wallMs } = used();
    expect(cpuMs).toBe(wallMs);
    expect(wallMs).toBeGreaterThanOrEqual(100);
  });

  it('whenOver fires once the process has computed past the cap, not while it waits', async () => {
    let fired = false;
    const stop = whenOver(200, () => (fired = true), 10);
    await new Promise((r) => setTimeout(r, 400));
    expect(fired).toBe(false);
    spin(250);
    await new Promise((r) => setTimeout(r, 50));
    expect(fired).toBe(true);
    stop();
  });
});
