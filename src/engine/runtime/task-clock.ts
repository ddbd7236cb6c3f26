import fs from 'node:fs';

/**
 * Time caps count the CPU a task used, not the wall clock (docs/decisions/001, "Caps in CPU time"):
 * a cap is there to end work without end (a loop, a hostile page), and on a busy machine (two
 * workers and the API on two cores, a benchmark beside them) the same work takes three to six
 * times its CPU in wall time — a dense scan then failed whole at the wall cap. A wall cap this many
 * times the CPU cap still ends a task that waits on something that never comes.
 */
export const WALL_FACTOR = 5;

/** Clock ticks a second in /proc's counters: USER_HZ, 100 on every Linux build Node runs on. */
const USER_HZ = 100;

/**
 * CPU time (user + system, every thread) a process has used, in ms, from /proc (Linux); undefined
 * elsewhere or once it is gone.
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces and parentheses: state is field 3,
    // utime 14 and stime 15.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(rest[11]) + Number(rest[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / USER_HZ : undefined;
  } catch {
    return undefined;
  }
}

/** What a task has used since a mark: CPU (the wall clock where CPU cannot be read) and wall time, in ms. */
export interface Used {
  cpuMs: number;
  wallMs: number;
}

/** A clock over one process's CPU and the wall, started now; `read` gives the use since the start. */
export function startClock(readCpuMs: () => number | undefined): () => Used {
  const wall0 = performance.now();
  const cpu0 = readCpuMs();
  return () => {
    const wallMs = performance.now() - wall0;
    const cpu = cpu0 === undefined ? undefined : readCpuMs();
    return { cpuMs: cpu === undefined ? wallMs : cpu - cpu0!, wallMs };
  };
}

/** Past a cap of `capMs`: that much CPU, or WALL_FACTOR times it of wall time. */
export function isOver(used: Used, capMs: number): boolean {
  return used.cpuMs > capMs || used.wallMs > WALL_FACTOR * capMs;
}

/** The process's own CPU (every thread), in ms: for caps inside the engine child. */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Calls `onOver` once this process has used `capMs` of CPU since now (or WALL_FACTOR times it of
 * wall time), checked every `everyMs`; the returned function stops the watch. For work the engine
 * child waits on (a worker thread's drawing or recognition): its thread's CPU is the process's.
 */
export function whenOver(capMs: number, onOver: () => void, everyMs = 50): () => void {
  const used = startClock(ownCpuMs);
  const timer = setInterval(() => {
    if (!isOver(used(), capMs)) return;
    clearInterval(timer);
    onOver();
  }, everyMs);
  return () => clearInterval(timer);
}
