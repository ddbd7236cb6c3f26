import { describe, expect, it, vi } from 'vitest';
import { isReachable, onReconnect, probeServer, reportReachability } from './connectivity.ts';

describe('connectivity', () => {
  it('counts any answer from the server as online, even an error status', async () => {
    reportReachability(false);
    const reconnected = vi.fn();
    const stop = onReconnect(reconnected);
    const answered = vi.fn(async () => new Response('{}', { status: 404 }));
    expect(await probeServer(answered as unknown as typeof fetch)).toBe(true);
    expect(reconnected).toHaveBeenCalledOnce();
    stop();
  });

  it('is offline when the request itself fails', async () => {
    reportReachability(true);
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await probeServer(failing as unknown as typeof fetch)).toBe(false);
    expect(isReachable()).toBe(false);
  });
});
