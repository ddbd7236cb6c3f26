import { describe, expect, it } from 'vitest';
import { ChangeTracker } from './change-tracking.ts';
import { FreshCache } from './fresh-cache.ts';

/** A load that answers only when told to, counting its calls. */
function controlledLoad() {
  const answers: ((value: string) => void)[] = [];
  return {
    calls: () => answers.length,
    load: () => new Promise<string>((resolve) => answers.push(resolve)),
    answer: (i: number, value: string) => answers[i]!(value),
  };
}

const options = { tables: ['t'], maxAgeMs: 60_000, maxEntries: 8 };

describe('FreshCache: reads under way', () => {
  it('are shared by requests for the same key while nothing is written', async () => {
    const cache = new FreshCache<string, string>(new ChangeTracker(), options);
    const l = controlledLoad();
    const first = cache.read('k', l.load);
    const second = cache.read('k', l.load);
    const other = cache.read('other', l.load);
    expect(l.calls()).toBe(2);
    l.answer(0, 'a');
    l.answer(1, 'b');
    expect(await Promise.all([first, second, other])).toEqual(['a', 'a', 'b']);
    // Kept: the next read loads nothing.
    expect(await cache.read('k', l.load)).toBe('a');
    expect(l.calls()).toBe(2);
  });

  it('are not shared, nor kept, once a write to their tables has committed since they began', async () => {
    const changes = new ChangeTracker();
    const cache = new FreshCache<string, string>(changes, options);
    const l = controlledLoad();
    const before = cache.read('k', l.load);
    changes.committed([{ table: 't', insertOnly: false }]);
    const after = cache.read('k', l.load);
    expect(l.calls()).toBe(2);
    l.answer(0, 'old');
    l.answer(1, 'new');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(await cache.read('k', l.load)).toBe('new');
    expect(l.calls()).toBe(2);
  });

  it('are not shared after a failure', async () => {
    const cache = new FreshCache<string, string>(new ChangeTracker(), options);
    await expect(cache.read('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.read('k', async () => 'up')).toBe('up');
  });
});
