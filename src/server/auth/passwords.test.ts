import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.ts';
import { HashSlots, hashPassword, verifyPassword } from './passwords.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('HashSlots', () => {
  it('runs at most `concurrency` at once, queues `queueMax` more in order, refuses the rest with a Spanish 503', async () => {
    const slots = new HashSlots(2, 3);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const gates = Array.from({ length: 5 }, deferred);
    const runs = gates.map((gate, i) =>
      slots.run(async () => {
        running++;
        peak = Math.max(peak, running);
        order.push(i);
        await gate.promise;
        running--;
        return i;
      }),
    );
    const refused = await slots.run(async () => 'never').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, code: 'SERVER_BUSY', spanish: 'El servidor está ocupado. Intenta de nuevo en unos momentos.' });
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual([0, 1]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    // Slots come back after failures too.
    await expect(slots.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => slots.run(async () => n)))).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('passwords', () => {
  it('hashes and verifies through the bounded slots', async () => {
    const hash = await hashPassword('secret-pass-1');
    expect(await verifyPassword('secret-pass-1', hash)).toBe(true);
    expect(await verifyPassword('other-pass-1', hash)).toBe(false);
  });
});
