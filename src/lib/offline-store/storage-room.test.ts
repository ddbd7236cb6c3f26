import { describe, expect, it, vi } from 'vitest';
import { ensureRoomFor } from './storage-room';

const MB = 1024 * 1024;

describe('ensureRoomFor', () => {
  it('asks for persistent storage before checking the quota', async () => {
    const persist = vi.fn(async () => true);
    const result = await ensureRoomFor(10 * MB, { persisted: async () => false, persist, estimate: async () => ({ usage: 0, quota: 100 * MB }) });
    expect(persist).toHaveBeenCalledOnce();
    expect(result).toEqual({ fits: true, persisted: true, freeBytes: 100 * MB });
  });

  it('refuses files that would not fit in what is left of the quota', async () => {
    const result = await ensureRoomFor(30 * MB, { persist: async () => false, estimate: async () => ({ usage: 80 * MB, quota: 100 * MB }) });
    expect(result.fits).toBe(false);
    expect(result.freeBytes).toBe(20 * MB);
  });

  it('lets the write try when the browser has no Storage API', async () => {
    expect((await ensureRoomFor(30 * MB, undefined)).fits).toBe(true);
  });
});
