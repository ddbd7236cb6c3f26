// @vitest-environment jsdom
import '../../lib/testing/dom.ts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/api/auth.ts';
import { AuthContext, type AuthContextValue } from '../../features/auth/auth-context.ts';
import type { AuthStatus } from '../../features/auth/auth-state.ts';
import { decideAccess } from './access.ts';
import { ProtectedRoute } from './protected-route.tsx';

const reader: User = { id: 2, email: 'u@x.co', name: 'u', role: 'user', permissions: ['read', 'upload'] };
const admin: User = { id: 1, email: 'a@x.co', name: 'a', role: 'admin', permissions: ['read', 'upload', 'admin'] };

function LoginProbe() {
  const location = useLocation();
  return <p>login {location.search}</p>;
}

function renderGuard(status: AuthStatus, user: User | null, guard: Parameters<typeof ProtectedRoute>[0]) {
  const value: AuthContextValue = {
    status,
    user,
    isAuthenticated: status === 'authenticated',
    login: async () => 'x',
    logout: async () => undefined,
    expire: () => undefined,
  };
  return render(
    <AuthContext.Provider value={value}>
      <MemoryRouter initialEntries={['/dashboard/data?table=CostosDirectos']}>
        <Routes>
          <Route path="/login" element={<LoginProbe />} />
          <Route path="/unauthorized" element={<p>denied</p>} />
          <Route path="/dashboard/data" element={<ProtectedRoute {...guard} />} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

describe('ProtectedRoute', () => {
  it('shows a spinner while the session is checked', () => {
    renderGuard('loading', null, { children: <p>secret</p> });
    expect(screen.getByRole('status')).toHaveTextContent('Verificando sesión...');
    expect(screen.queryByText('secret')).toBeNull();
  });
  it('sends a signed-out user to /login remembering the origin', () => {
    renderGuard('unauthenticated', null, { children: <p>secret</p> });
    expect(screen.getByText(/^login/)).toHaveTextContent(`login ?redirectTo=${encodeURIComponent('/dashboard/data?table=CostosDirectos')}`);
  });
  it('requires every listed permission', () => {
    renderGuard('authenticated', reader, { permissions: ['read', 'admin'], children: <p>secret</p> });
    expect(screen.getByText('denied')).toBeInTheDocument();
  });
  it('requires the exact role', () => {
    renderGuard('authenticated', admin, { role: 'user', children: <p>secret</p> });
    expect(screen.getByText('denied')).toBeInTheDocument();
  });
  it('lets a user with the role and all permissions in', () => {
    renderGuard('authenticated', admin, { role: 'admin', permissions: ['read', 'admin'], children: <p>secret</p> });
    expect(screen.getByText('secret')).toBeInTheDocument();
  });
});

describe('decideAccess', () => {
  it('lets a kept session with no known user through (the server still decides)', () => {
    expect(decideAccess('authenticated', null, { permissions: ['admin'] })).toBe('allow');
    expect(decideAccess('authenticated', reader, {})).toBe('allow');
  });
});
