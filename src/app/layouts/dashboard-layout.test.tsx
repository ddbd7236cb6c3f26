// @vitest-environment jsdom
import '../../lib/testing/dom.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/api/auth.ts';
import { AuthContext, type AuthContextValue } from '../../features/auth/auth-context.ts';
import { DashboardLayout } from './dashboard-layout.tsx';

// The offline pieces (IndexedDB outbox, service-worker notices) are issue 5's and have their own tests.
vi.mock('../../features/upload/outbox/offline-session.tsx', () => ({ OfflineSession: () => null }));
vi.mock('./connection-banner.tsx', () => ({ ConnectionBanner: () => null }));

const reader: User = { id: 2, email: 'lee@x.co', name: 'lee', role: 'user', permissions: ['read'] };
const admin: User = { id: 1, email: 'a@x.co', name: 'a', role: 'admin', permissions: ['read', 'upload', 'admin'] };

function setNarrow(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderLayout(user: User, url = '/dashboard/documents') {
  const auth: AuthContextValue = {
    status: 'authenticated',
    user,
    isAuthenticated: true,
    login: async () => 'x',
    logout: async () => undefined,
    expire: () => undefined,
  };
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/dashboard" element={<DashboardLayout />}>
              <Route path="*" element={<p>page</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </SWRConfig>,
  );
}

beforeEach(() => {
  // The catalogue cannot be reached: the sidebar falls back to the spec's ten tables.
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })));
});
afterEach(() => vi.unstubAllGlobals());

describe('DashboardLayout (spec §2 Layout)', () => {
  it('small screens: the toggle opens the drawer, says so, and the overlay closes it', async () => {
    const user = userEvent.setup();
    setNarrow(true);
    const { container } = renderLayout(admin);
    const shell = container.querySelector('.shell')!;
    const toggle = screen.getByRole('button', { name: 'Abrir menú' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(shell).toHaveClass('is-drawer-open');
    expect(screen.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByTestId('drawer-overlay'));
    expect(shell).not.toHaveClass('is-drawer-open');
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('wide screens: the sidebar starts open and the toggle collapses it', async () => {
    const user = userEvent.setup();
    setNarrow(false);
    const { container } = renderLayout(admin);
    const toggle = screen.getByRole('button', { name: 'Cerrar menú' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(container.querySelector('.shell')).toHaveClass('is-collapsed');
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('hides entries without permission, highlights the active one, and Data expands to the ten tables', async () => {
    const user = userEvent.setup();
    setNarrow(false);
    renderLayout(reader);
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(within(nav).queryByRole('link', { name: 'Subir Documentos' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Usuarios' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Documentos' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Cerrar Sesión' })).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Datos Extraídos' }));
    const children = within(nav).getAllByRole('link').filter((a) => a.getAttribute('href')?.includes('?table='));
    expect(children).toHaveLength(10);
    expect(children[0]).toHaveAttribute('href', '/dashboard/data?table=CultivoProyecto');
    // Issue 12: the Spanish title people read, the table's name below it; the link keeps the name.
    expect(within(nav).getByRole('link', { name: 'Costos indirectos CostosIndirectos' })).toHaveAttribute('href', '/dashboard/data?table=CostosIndirectos');
  });

  it('an admin sees every entry', () => {
    setNarrow(false);
    renderLayout(admin);
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    for (const name of ['Subir Documentos', 'Documentos', 'Datos Extraídos', 'Usuarios']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
  });
});
