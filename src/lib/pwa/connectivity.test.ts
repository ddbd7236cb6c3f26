import { describe, expect, it, vi } from 'vitest';
import { isReachable, onReconnect, probeServer, reportReachability } from './connectivity.ts';

describe('connectivity', () => {
  it('is online when the health endpoint answers ok', async () => {
    reportReachability(false);
    const reconnected = vi.fn();
    const stop = onReconnect(reconnected);
    const answered = vi.fn(async () => new Response('{"status":"ok"}', { status: 200 }));
    expect(await probeServer(answered as unknown as typeof fetch)).toBe(true);
    expect(reconnected).toHaveBeenCalledOnce();
    stop();
  });

  it('is offline when something other than the health endpoint answers (proxy 502, 404)', async () => {
    for (const status of [404, 502]) {
      reportReachability(true);
      const proxy = vi.fn(async () => new Response('<html></html>', { status }));
      expect(await probeServer(proxy as unknown as typeof fetch)).toBe(false);
    }
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
