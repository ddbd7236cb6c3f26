/**
 * Warm engine children kept between tasks (docs/decisions/001, "Warm children"): a child's start-up
 * (~0.1 CPU-s: Node, pdf.js, the engine) and its JIT warm-up are paid once for several documents
 * instead of once per document. Reuse is limited on purpose:
 * - a child serves at most `maxTasks` tasks, then is retired (exits normally);
 * - it is reused only after a task that ended well (`ok`) and left nothing running (the child says
 *   so: no page given up past its timeout); after any failure — a verdict on the file, a cap, a
 *   crash, an abort — it is retired or was already killed;
 * - only by a task with the same key: the caller's `poolKey` (jobs: the document's owner, so one
 *   person's file never shares a process with another's), the child's flags (the memory cap) and
 *   its environment;
 * - not once its resident memory passes `recycleRssMb` after a task (a task starts with headroom
 *   under its memory cap, and an idle child holds little);
 * - at most `maxIdle` idle children, each retired after `idleMs` without work.
 */
import crypto from 'node:crypto';
import { WarmChild } from './warm-child.ts';

export interface PoolLimits {
  maxTasks: number;
  maxIdle: number;
  idleMs: number;
  recycleRssMb: number;
}

/** The defaults (decision 001 gives the figures behind them). */
export const DEFAULT_POOL_LIMITS: Readonly<PoolLimits> = Object.freeze({ maxTasks: 50, maxIdle: 2, idleMs: 30_000, recycleRssMb: 200 });

let limits: PoolLimits = { ...DEFAULT_POOL_LIMITS };
const idle: WarmChild[] = [];
const idleTimers = new Map<WarmChild, NodeJS.Timeout>();
/** Retired children not yet gone, so closeEnginePool can wait for them. */
const retiring = new Set<WarmChild>();

/** Changes the pool's limits (the server: as many idle children as job workers; tests: small limits). */
export function configureEnginePool(next: Partial<PoolLimits>): void {
  limits = { ...limits, ...next };
  while (idle.length > limits.maxIdle) retire(idle.shift()!);
}

export function poolLimits(): Readonly<PoolLimits> {
  return limits;
}

/** Which tasks may share a child: the caller's key, the memory cap (a flag of the child), the environment. */
export function poolKey(callerKey: string, memoryMb: number, env: NodeJS.ProcessEnv): string {
  const envHash = crypto.createHash('sha256').update(JSON.stringify(Object.entries(env).sort())).digest('hex').slice(0, 16);
  return `${callerKey}\u0000${memoryMb}\u0000${envHash}`;
}

function unlist(child: WarmChild): void {
  const at = idle.indexOf(child);
  if (at >= 0) idle.splice(at, 1);
  clearTimeout(idleTimers.get(child));
  idleTimers.delete(child);
}

/** An idle child for `key`, or a fresh one. */
export function takeChild(entry: string, key: string, env: NodeJS.ProcessEnv, memoryMb: number): WarmChild {
  const at = idle.findIndex((c) => c.key === key && !c.exited);
  const child = at >= 0 ? idle[at]! : new WarmChild(entry, key, env, memoryMb);
  unlist(child);
  child.setIdle(false);
  child.tasks++;
  return child;
}

/** Asks an idle child to exit (it writes its code caches first); killed if it has not within 5 s. */
function retire(child: WarmChild): void {
  unlist(child);
  if (child.exited) return;
  retiring.add(child);
  const force = setTimeout(() => child.kill(), 5_000);
  force.unref();
  void child.whenExited().then(() => {
    clearTimeout(force);
    retiring.delete(child);
  });
  // Waited for (the caller's event loop stays alive until it is gone): a retired child exits at once.
  child.setIdle(false);
  child.proc.send({ type: 'exit' }, () => undefined);
}

/**
 * After a task: keeps the child warm when the task ended well and the child may serve another
 * (see the top of this file), retires it otherwise. A killed child is simply dropped.
 */
export function giveBack(child: WarmChild, reusable: boolean): void {
  child.attach(undefined);
  if (child.exited) return;
  const rss = child.rssMb();
  const keep = reusable && child.tasks < limits.maxTasks && rss !== undefined && rss <= limits.recycleRssMb && limits.maxIdle > 0;
  if (!keep) return retire(child);
  idle.push(child);
  while (idle.length > limits.maxIdle) retire(idle.shift()!);
  if (!idle.includes(child)) return;
  child.setIdle(true);
  const timer = setTimeout(() => retire(child), limits.idleMs);
  timer.unref();
  idleTimers.set(child, timer);
  // An idle child that dies (killed from outside) leaves the pool.
  void child.whenExited().then(() => unlist(child));
}

/**
 * Retires every idle child and waits until all retired children have exited: the benches, to count
 * every child's CPU; `npm run extract`, to end with nothing left behind; tests.
 */
export async function closeEnginePool(): Promise<void> {
  for (const child of [...idle]) retire(child);
  await Promise.all([...retiring].map((c) => c.whenExited()));
}

/** Children idle in the pool now (tests). */
export function idleChildren(): readonly WarmChild[] {
  return idle;
}
