// @vitest-environment jsdom
import '../../lib/testing/dom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../features/auth/components/auth-provider.tsx';
import LoginPage from './login.tsx';

function Landing() {
  const location = useLocation();
  return (
    <p data-testid="landing">
      {useNavigationType()} {location.pathname + location.search}
    </p>
  );
}

function renderLogin(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AuthProvider>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/dashboard/*" element={<Landing />} />
        </Routes>
      </AuthProvider>
      <ToastContainer />
    </MemoryRouter>,
  );
}

const user = { id: 4, email: 'ana.perez@x.co', name: 'Ana', role: 'user', permissions: ['read', 'upload'] };

// The browser's fetch, stubbed: the page's own behaviour is under test, not the server's.
function stubLogin(answer: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
}

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage (spec §2, §8)', () => {
  it('shows and hides the password', async () => {
    const u = userEvent.setup();
    renderLogin('/login');
    const password = screen.getByLabelText('Contraseña');
    expect(password).toHaveAttribute('type', 'password');
    await u.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password).toHaveAttribute('type', 'text');
    await u.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('wrong credentials: the inline spec text, and the button back to Iniciar Sesión', async () => {
    const u = userEvent.setup();
    stubLogin(async () => new Response(JSON.stringify({ error: 'x', code: 'INVALID_CREDENTIALS' }), { status: 401 }));
    renderLogin('/login');
    await u.type(screen.getByLabelText('Correo electrónico'), 'ana@x.co');
    await u.type(screen.getByLabelText('Contraseña'), 'mala');
    await u.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Credenciales inválidas. Intenta de nuevo.');
    expect(screen.getByRole('button', { name: 'Iniciar Sesión' })).toBeEnabled();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('success: Iniciando sesión..., the welcome toast, the token stored, and the origin replacing /login', async () => {
    const u = userEvent.setup();
    let answer: (r: Response) => void = () => undefined;
    stubLogin(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderLogin(`/login?redirectTo=${encodeURIComponent('/dashboard/data?table=CostosDirectos')}`);
    await u.type(screen.getByLabelText('Correo electrónico'), 'ana.perez@x.co');
    await u.type(screen.getByLabelText('Contraseña'), 'buena-clave');
    await u.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(screen.getByRole('button', { name: 'Iniciando sesión...' })).toBeDisabled();

    answer(new Response(JSON.stringify({ access_token: 'tok', token_type: 'bearer', accessToken: 'tok', expires_at: '', user })));
    await waitFor(() => expect(screen.getByTestId('landing')).toHaveTextContent('REPLACE /dashboard/data?table=CostosDirectos'));
    expect(await screen.findByText('¡Bienvenido ana.perez!')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('tok');
  });
});
