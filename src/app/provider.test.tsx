// @vitest-environment jsdom
import '../lib/testing/dom.ts';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../lib/api-client.ts';
import { AppProvider } from './provider.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const me = { id: 3, email: 'ana@x.co', name: 'ana', role: 'user', permissions: ['read', 'upload'] };

function renderApp(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AppProvider>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </AppProvider>
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('AppProvider', () => {
  it('any 401 removes the token and goes to /login remembering the page (spec §8)', async () => {
    localStorage.setItem('authToken', 'old');
    // users/me answers; the next call finds the token expired.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) =>
        input.endsWith('users/me') ? new Response(JSON.stringify({ data: me })) : new Response('{"error":"x"}', { status: 401 }),
      ),
    );
    renderApp('/dashboard/data?table=CostosDirectos');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await act(() => apiRequest('documents').catch(() => undefined));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(`/login?redirectTo=${encodeURIComponent('/dashboard/data?table=CostosDirectos')}`),
    );
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('toasts sit top-right and close after 4000 ms (spec §2 Toasts)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}')));
    renderApp('/login');
    act(() => void toast.success('hola'));
    const text = await screen.findByText('hola');
    expect(text.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-right');
    const bar = text.closest('.Toastify__toast')!.querySelector<HTMLElement>('.Toastify__progress-bar');
    expect(bar?.style.animationDuration).toBe('4000ms');
  });
});
