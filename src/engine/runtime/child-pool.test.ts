import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeEnginePool, configureEnginePool, DEFAULT_POOL_LIMITS, idleChildren } from './child-pool.ts';
import { runIsolated } from './run-isolated.ts';

// Warm engine children (child-pool.ts, docs/decisions/001 "Warm children"): a child serves several
// tasks in turn and is recycled after N tasks, after any failure or cap, past a resident-memory
// threshold, and never shared between pool keys. `usage.servedBefore` says how many tasks the child
// had served before this one (0: a fresh child).
const FIXTURES = resolve(import.meta.dirname, '../../../tests/integration/fixtures');
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const TEST_ENGINE = join(FIXTURES, 'test-engine.ts');
/** The same PDF with a marker after its end, which the test engine's `marked` mode acts on. */
const marked = (marker: string) => new Uint8Array([...fixture('grid-1001.pdf'), ...Buffer.from(`\n%${marker}\n`)]);

const served = async (task: 'extract' | 'raw' | 'check', bytes: Uint8Array, options: Parameters<typeof runIsolated>[2] = {}) => {
  const r = await runIsolated(task, { bytes }, options);
  return { ok: r.ok, reason: r.ok ? undefined : r.reason, servedBefore: r.usage?.servedBefore };
};

afterEach(async () => {
  delete process.env.EXTRACT_ENGINE_MODULE;
  delete process.env.TEST_ENGINE_MODE;
  configureEnginePool(DEFAULT_POOL_LIMITS);
  await closeEnginePool();
});

describe('warm engine children', () => {
  it('a child serves tasks in turn and is retired after maxTasks', async () => {
    configureEnginePool({ maxTasks: 3 });
    const bytes = fixture('stream-2001.pdf');
    const seen: (number | undefined)[] = [];
    for (let i = 0; i < 4; i++) seen.push((await served('raw', bytes)).servedBefore);
    expect(seen).toEqual([0, 1, 2, 0]);
  });

  it('a document read by a warm child gives exactly what a fresh child gives', async () => {
    const fresh = await runIsolated('extract', { bytes: fixture('grid-1001.pdf') });
    await runIsolated('extract', { bytes: fixture('stream-2001.pdf') });
    const warm = await runIsolated('extract', { bytes: fixture('grid-1001.pdf') });
    expect(fresh.usage?.servedBefore).toBe(0);
    expect(warm.usage?.servedBefore).toBe(2);
    expect(warm.ok && JSON.stringify(warm.value)).toBe(fresh.ok && JSON.stringify(fresh.value));
    // Each task's own figures: the warm one paid no start-up.
    expect(warm.usage?.startupCpuMs).toBe(0);
    expect(fresh.usage!.startupCpuMs).toBeGreaterThan(0);
  });

  it('a verdict on the file retires the child: the next task gets a fresh one', async () => {
    expect(await served('raw', fixture('grid-1001.pdf'))).toMatchObject({ ok: true, servedBefore: 0 });
    expect(await served('raw', fixture('qpdf-bad1-5bytes.pdf'))).toMatchObject({ ok: false, reason: 'invalid', servedBefore: 1 });
    expect(await served('raw', fixture('grid-1001.pdf'))).toMatchObject({ ok: true, servedBefore: 0 });
  });

  it('a time cap kills the warm child mid-task; the next task gets a fresh one', async () => {
    process.env.EXTRACT_ENGINE_MODULE = TEST_ENGINE;
    process.env.TEST_ENGINE_MODE = 'marked';
    expect(await served('extract', fixture('grid-1001.pdf'))).toMatchObject({ ok: true, servedBefore: 0 });
    expect(await served('extract', marked('HANG-ME'), { timeoutMs: 3000 })).toMatchObject({ ok: false, reason: 'timeout', servedBefore: undefined });
    expect(await served('extract', fixture('grid-1001.pdf'))).toMatchObject({ ok: true, servedBefore: 0 });
  }, 30_000);

  it('the memory cap kills a warm child as it kills a fresh one; the next task gets a fresh one', async () => {
    process.env.EXTRACT_ENGINE_MODULE = TEST_ENGINE;
    process.env.TEST_ENGINE_MODE = 'marked';
    expect(await served('extract', fixture('grid-1001.pdf'), { memoryMb: 300 })).toMatchObject({ ok: true, servedBefore: 0 });
    expect(await served('extract', marked('HOG-ME'), { memoryMb: 300 })).toMatchObject({ ok: false, reason: 'memory' });
    expect(await served('extract', fixture('grid-1001.pdf'), { memoryMb: 300 })).toMatchObject({ ok: true, servedBefore: 0 });
  }, 30_000);

  it('a child whose resident memory passed recycleRssMb after a task is retired', async () => {
    configureEnginePool({ recycleRssMb: 20 });
    const bytes = fixture('stream-2001.pdf');
    expect((await served('raw', bytes)).servedBefore).toBe(0);
    expect((await served('raw', bytes)).servedBefore).toBe(0);
    configureEnginePool({ recycleRssMb: DEFAULT_POOL_LIMITS.recycleRssMb });
    expect((await served('raw', bytes)).servedBefore).toBe(0);
    expect((await served('raw', bytes)).servedBefore).toBe(1);
  });

  it('children are not shared between pool keys (owners), memory caps or environments', async () => {
    const bytes = fixture('stream-2001.pdf');
    expect((await served('raw', bytes, { poolKey: 'owner 1' })).servedBefore).toBe(0);
    expect((await served('raw', bytes, { poolKey: 'owner 2' })).servedBefore).toBe(0);
    expect((await served('raw', bytes, { poolKey: 'owner 1' })).servedBefore).toBe(1);
    expect((await served('raw', bytes, { poolKey: 'owner 1', memoryMb: 400 })).servedBefore).toBe(0);
    process.env.SOME_SETTING_TMP = 'x';
    try {
      expect((await served('raw', bytes, { poolKey: 'owner 1' })).servedBefore).toBe(0);
    } finally {
      delete process.env.SOME_SETTING_TMP;
    }
  });

  it('idle children are limited to maxIdle and all exit on closeEnginePool', async () => {
    configureEnginePool({ maxIdle: 1 });
    const bytes = fixture('stream-2001.pdf');
    await Promise.all([served('raw', bytes), served('raw', bytes), served('raw', bytes)]);
    expect(idleChildren()).toHaveLength(1);
    const [child] = idleChildren();
    await closeEnginePool();
    expect(idleChildren()).toHaveLength(0);
    expect(child!.exited).toBe(true);
  });
});
