// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsersScreen } from './users-screen.tsx';

// The browser's fetch, stubbed: the screen's handling of answers is under test.
function stubUsers(response: () => Response) {
  vi.stubGlobal('fetch', vi.fn(async () => response()));
}

function renderScreen() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <UsersScreen currentUserId={1} />
    </SWRConfig>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('UsersScreen', () => {
  it('lists accounts; the signed-in admin cannot deactivate itself', async () => {
    const users = [
      { id: 1, email: 'admin@x.co', name: 'admin', role: 'admin', permissions: [], active: true, created_at: '' },
      { id: 2, email: 'ana@x.co', name: 'Ana', role: 'user', permissions: [], active: false, created_at: '' },
    ];
    stubUsers(() => new Response(JSON.stringify({ data: users })));
    renderScreen();
    const own = (await screen.findByText('admin@x.co')).closest('tr')!;
    expect(own).toHaveTextContent('Administrador');
    expect(own.querySelector('button')).toBeDisabled();
    const other = screen.getByText('ana@x.co').closest('tr')!;
    expect(other).toHaveTextContent('Inactivo');
    expect(other.querySelector('button')).toHaveTextContent('Activar');
  });

  it("a failed load shows the server's message, not an empty list", async () => {
    stubUsers(() => new Response(JSON.stringify({ error: 'No tienes permisos para esta acción' }), { status: 403 }));
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('No tienes permisos para esta acción');
    expect(screen.queryByText('No hay usuarios')).toBeNull();
  });
});
