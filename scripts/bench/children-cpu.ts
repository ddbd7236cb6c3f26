import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/**
 * CPU time (user + system, ms) of this process's children that have exited and been waited for:
 * the kernel's count (/proc/self/stat cutime + cstime, getrusage RUSAGE_CHILDREN), so a child's
 * whole life is counted, its start-up and exit included, whatever it reported of itself. Linux only.
 */
export function childrenCpuMs(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // The fields after the command name (which may hold spaces) in parentheses; cutime, cstime are 16 and 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / ticksPerSecond;
}
