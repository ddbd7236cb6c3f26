// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
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

  it('useAuth outside its provider throws the spec message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useAuth debe ser usado dentro de un AuthProvider');
  });
});
