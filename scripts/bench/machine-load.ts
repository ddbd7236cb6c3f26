import { readFileSync } from 'node:fs';

/** The 1-, 5- and 15-minute load averages, as the kernel reports them. */
export function loadAverages(): [number, number, number] {
  const [one, five, fifteen] = readFileSync('/proc/loadavg', 'utf8').split(' ').map(Number);
  return [one ?? 0, five ?? 0, fifteen ?? 0];
}

/**
 * Printed before a benchmark starts: a figure taken on a busy machine is not comparable, so it
 * says so (issue 14). Ratios to a baseline measured in the same run hold better than absolutes.
 */
export function printMachineLoad(label = 'before start'): void {
  const load = loadAverages();
  console.log(`load average ${load.map((value) => value.toFixed(2)).join(' ')} (${label})`);
  if (load[0] > 1) {
    console.warn(`WARNING: load ${load[0].toFixed(2)} is above 1: absolute figures are not comparable, read the ratios.`);
  }
}
