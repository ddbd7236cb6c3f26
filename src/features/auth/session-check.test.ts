// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answeredSessionUser, startSessionCheck, takeSessionCheck } from './session-check.ts';

const me = { id: 3, email: 'ana@x.co', name: 'ana', role: 'admin', permissions: ['read'] };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('session check started before the first render', () => {
  it('asks users/me once: the provider takes the request already on its way', async () => {
    localStorage.setItem('authToken', 't');
    const fetchFn = vi.fn(async () => new Response(JSON.stringify({ data: me })));
    vi.stubGlobal('fetch', fetchFn);
    startSessionCheck();
    startSessionCheck();
    expect(fetchFn).toHaveBeenCalledTimes(1);
    await expect(takeSessionCheck()).resolves.toEqual(me);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    // Handed out once: a later check (a remount) asks the server again.
    await takeSessionCheck();
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it('without a stored token asks nothing', async () => {
    const fetchFn = vi.fn();
    vi.stubGlobal('fetch', fetchFn);
    await startSessionCheck();
    expect(fetchFn).not.toHaveBeenCalled();
    expect(answeredSessionUser()).toBeNull();
  });

  it('says once it has answered, and which user, until the provider takes it (issue 14)', async () => {
    localStorage.setItem('authToken', 't');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: me }))));
    const answered = startSessionCheck();
    expect(answeredSessionUser()).toBeNull();
    await answered;
    expect(answeredSessionUser()).toEqual(me);
    await takeSessionCheck();
    expect(answeredSessionUser()).toBeNull();
  });

  it('a failed check confirms no user, and its wait still ends', async () => {
    localStorage.setItem('authToken', 't');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":"x"}', { status: 401 })));
    await startSessionCheck();
    expect(answeredSessionUser()).toBeNull();
    await expect(takeSessionCheck()).rejects.toBeTruthy();
  });
});
