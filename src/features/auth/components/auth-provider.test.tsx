// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../auth-context.ts';
import { AuthProvider } from './auth-provider.tsx';
import { onLogout } from '../../../lib/session-events.ts';

function Probe() {
  const { status, user } = useAuth();
  return (
    <p data-testid="probe">
      {status}:{user?.role ?? 'none'}
    </p>
  );
}

const me = { id: 3, email: 'ana@x.co', name: 'ana', role: 'admin', permissions: ['read', 'upload', 'admin'] };

// The browser's fetch, stubbed: this exercises the provider's state machine, not the server.
function stubFetch(impl: () => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('AuthProvider start-up (spec §4)', () => {
  it('without a stored token the user is signed out and nothing is fetched', async () => {
    const fetchFn = stubFetch(async () => new Response('{}'));
    render(<AuthProvider><Probe /></AuthProvider>);
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('unauthenticated:none'));
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('with a token it asks users/me and takes role and permissions from the server', async () => {
    localStorage.setItem('authToken', 't');
    stubFetch(async () => new Response(JSON.stringify({ data: me })));
    render(<AuthProvider><Probe /></AuthProvider>);
    expect(screen.getByTestId('probe')).toHaveTextContent('loading:none');
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('authenticated:admin'));
  });

  it('a 401 at start-up removes the token and signs out', async () => {
    localStorage.setItem('authToken', 't');
    stubFetch(async () => new Response('{"error":"x"}', { status: 401 }));
    render(<AuthProvider><Probe /></AuthProvider>);
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('unauthenticated:none'));
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  // Second attacker's audit: a session ended by a 401 kept that user's service-worker API cache
  // (documents, table pages) on a shared tablet for 14 days; only logout purged it.
  it('a 401 at start-up purges the per-user caches of the user last signed in, as logout does', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('authUser', JSON.stringify(me));
    const purged = vi.fn();
    const stop = onLogout(purged);
    stubFetch(async () => new Response('{"error":"x"}', { status: 401 }));
    render(<AuthProvider><Probe /></AuthProvider>);
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('unauthenticated:none'));
    expect(purged).toHaveBeenCalledWith(3, 'expired');
    stop();
  });

  it('a network failure keeps the session, with the last confirmed user', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('authUser', JSON.stringify({ ...me, role: 'user', permissions: ['read', 'upload'] }));
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    render(<AuthProvider><Probe /></AuthProvider>);
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('authenticated:user'));
    expect(localStorage.getItem('authToken')).toBe('t');
  });

  it('a 401 later (expire) ends the session and drops the cached pages, as logout does', async () => {
    localStorage.setItem('authToken', 't');
    stubFetch(async () => new Response(JSON.stringify({ data: me })));
    const onSignedOut = vi.fn();
    const purged = vi.fn();
    const stop = onLogout(purged);
    function Expire() {
      const { expire } = useAuth();
      return <button onClick={expire}>expire</button>;
    }
    render(
      <AuthProvider onSignedOut={onSignedOut}>
        <Probe />
        <Expire />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('authenticated:admin'));
    fireEvent.click(screen.getByRole('button', { name: 'expire' }));
    expect(screen.getByTestId('probe')).toHaveTextContent('unauthenticated:none');
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    // The per-user caches outside React (service-worker API cache, outbox owner) go too.
    expect(purged).toHaveBeenCalledWith(3, 'expired');
    stop();
  });

  // Fifth attacker's audit: tab 2 of a shared tablet stayed signed in as the previous user after
  // tab 1 signed out and the next user signed in there; it showed the previous user's pages, and
  // its outbox sent the previous user's queued PDFs with the next user's token, as theirs.
  it.each([
    ['signed out', null],
    ['signed another user in', 'u'],
  ])('another tab that %s ends this tab\'s session and drops its cached pages', async (_what, newToken) => {
    localStorage.setItem('authToken', 't');
    stubFetch(async () => new Response(JSON.stringify({ data: me })));
    const onSignedOut = vi.fn();
    const purged = vi.fn();
    const stop = onLogout(purged);
    render(
      <AuthProvider onSignedOut={onSignedOut}>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('authenticated:admin'));
    // What the browser does in this tab when another one writes the token.
    if (newToken) localStorage.setItem('authToken', newToken);
    else localStorage.removeItem('authToken');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'authToken', oldValue: 't', newValue: newToken, storageArea: localStorage }));
    });
    expect(screen.getByTestId('probe')).toHaveTextContent('unauthenticated:none');
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(purged).toHaveBeenCalledWith(3, 'expired');
    // The other tab's token is not this tab's to remove.
    expect(localStorage.getItem('authToken')).toBe(newToken);
    stop();
  });

  it('a write to another storage key leaves the session alone', async () => {
    localStorage.setItem('authToken', 't');
    stubFetch(async () => new Response(JSON.stringify({ data: me })));
    render(<AuthProvider><Probe /></AuthProvider>);
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('authenticated:admin'));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'rowsPerPage', newValue: '50', storageArea: localStorage }));
    });
    expect(screen.getByTestId('probe')).toHaveTextContent('authenticated:admin');
  });

  it('useAuth outside its provider throws the spec message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useAuth debe ser usado dentro de un AuthProvider');
  });
});
