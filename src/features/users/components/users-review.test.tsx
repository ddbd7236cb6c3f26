// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsersScreen } from './users-screen.tsx';

// Issue 12: an administrator grants or takes back `review` for a plain user.
type User = { id: number; email: string; name: string; role: string; permissions: string[]; granted_permissions: string[]; active: boolean; created_at: string };

function stubServer() {
  const users: User[] = [
    { id: 1, email: 'admin@x.co', name: 'admin', role: 'admin', permissions: ['read', 'upload', 'admin', 'review'], granted_permissions: [], active: true, created_at: '' },
    { id: 2, email: 'ana@x.co', name: 'Ana', role: 'user', permissions: ['read', 'upload'], granted_permissions: [], active: true, created_at: '' },
  ];
  const puts: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const grant = /^\/api\/users\/(\d+)\/permissions$/.exec(url.pathname);
      if (grant && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { permissions: string[] };
        puts.push({ path: url.pathname, body });
        const user = users.find((u) => u.id === Number(grant[1]))!;
        user.granted_permissions = body.permissions;
        user.permissions = ['read', 'upload', ...body.permissions];
        return new Response(JSON.stringify({ data: user }));
      }
      return new Response(JSON.stringify({ data: users }));
    }),
  );
  return puts;
}

afterEach(() => vi.unstubAllGlobals());

describe('UsersScreen: the review permission', () => {
  it('shows who holds it, grants it to a plain user and takes it back', async () => {
    const user = userEvent.setup();
    const puts = stubServer();
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <UsersScreen currentUserId={1} />
      </SWRConfig>,
    );
    const admin = (await screen.findByText('admin@x.co')).closest('tr')!;
    expect(admin).toHaveTextContent('Sí (por su rol)');
    expect(within(admin).queryByRole('button', { name: /permiso de revisión/ })).toBeNull();
    const ana = screen.getByText('ana@x.co').closest('tr')!;
    expect(ana.cells[4]).toHaveTextContent('No');

    await user.click(within(ana).getByRole('button', { name: 'Dar permiso de revisión a ana@x.co' }));
    await waitFor(() => expect(ana.cells[4]).toHaveTextContent('Sí'));
    expect(puts).toEqual([{ path: '/api/users/2/permissions', body: { permissions: ['review'] } }]);

    await user.click(within(ana).getByRole('button', { name: 'Quitar permiso de revisión a ana@x.co' }));
    await waitFor(() => expect(ana.cells[4]).toHaveTextContent('No'));
    expect(puts.at(-1)).toEqual({ path: '/api/users/2/permissions', body: { permissions: [] } });
  });
});
