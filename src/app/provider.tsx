import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { SWRConfig, useSWRConfig } from 'swr';
import { AuthProvider } from '../features/auth/components/auth-provider.tsx';
import { useAuth } from '../features/auth/auth-context.ts';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { paths } from '../shared/paths.ts';

/** Any 401 (spec §8): the client already dropped the token; end the session and go to /login. */
function UnauthorizedRedirect() {
  const { expire } = useAuth();
  const navigate = useNavigate();
  // The router's location (not window.location), so the remembered page is the one the router shows.
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);
  useEffect(() => {
    setUnauthorizedHandler(() => {
      expire();
      const { pathname, search } = here.current;
      if (pathname === paths.login.path || pathname === paths.home.path) return;
      navigate(paths.login.getHref(pathname + search), { replace: true });
    });
    return () => setUnauthorizedHandler(() => undefined);
  }, [expire, navigate]);
  return null;
}

function SessionProviders({ children }: { children: ReactNode }) {
  const { mutate } = useSWRConfig();
  // Another user signing in on this tablet must not see the previous user's cached pages.
  const clearCache = useCallback(() => void mutate(() => true, undefined, { revalidate: false }), [mutate]);
  return (
    <AuthProvider onSignedOut={clearCache}>
      <UnauthorizedRedirect />
      {children}
    </AuthProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: true }}>
      <SessionProviders>{children}</SessionProviders>
      <ToastContainer position="top-right" autoClose={4000} pauseOnHover pauseOnFocusLoss newestOnTop />
    </SWRConfig>
  );
}
