// @vitest-environment jsdom
import '../../lib/testing/dom.ts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/auth-context.ts';
import type { User } from '../../shared/api/auth.ts';
import DataPage from './data.tsx';

// Issue 12: who may correct is what users/me answered (decision 040), never the email's text.
function renderAs(user: User) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/tables') return new Response('{}', { status: 503 });
      if (url.pathname.endsWith('/totals')) return new Response(JSON.stringify({ totals: {} }));
      return new Response(
        JSON.stringify({
          data: [{ nosolicitud: '1', concepto: 'Urea', valor_total: 1 }],
          meta: [{ id: 1, document_id: 2, corrected: {} }],
          pagination: { page: 1, total_pages: 1, total_items: 1 },
        }),
      );
    }),
  );
  const auth: AuthContextValue = { status: 'authenticated', user, isAuthenticated: true, login: async () => '', logout: async () => undefined, expire: () => undefined };
  return render(
    <AuthContext.Provider value={auth}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={['/dashboard/data?table=CostosDirectos']}>
          <Routes>
            <Route path="/dashboard/data" element={<DataPage />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
    </AuthContext.Provider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('DataPage: the review permission from users/me', () => {
  it('lets a plain user holding review correct, whatever the email says', async () => {
    renderAs({ id: 4, email: 'ana@x.co', name: 'Ana', role: 'user', permissions: ['read', 'upload', 'review'] });
    expect(await screen.findByRole('button', { name: 'Corregir Concepto' })).toBeInTheDocument();
  });

  it("offers no edit to an account without review, even if its email says 'admin'", async () => {
    renderAs({ id: 5, email: 'admin.falso@x.co', name: 'x', role: 'user', permissions: ['read', 'upload'] });
    await screen.findByText('Urea');
    expect(screen.queryByRole('button', { name: /^Corregir/ })).toBeNull();
  });
});
