import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../../features/auth/auth-context.ts';
import { authMessages } from '../../features/auth/messages.ts';
import { paths } from '../../shared/paths.ts';
import { FullPageSpinner } from '../../ui/spinner.tsx';
import { decideAccess, type AccessRequirement } from './access.ts';

/** Spinner while the session is checked, /login (remembering the origin) or /unauthorized. */
export function ProtectedRoute({ children, ...requirement }: AccessRequirement & { children: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  switch (decideAccess(status, user, requirement)) {
    case 'wait':
      return <FullPageSpinner label={authMessages.checkingSession} />;
    case 'login':
      return <Navigate to={paths.login.getHref(location.pathname + location.search)} replace />;
    case 'forbidden':
      return <Navigate to={paths.unauthorized.getHref()} replace />;
    case 'allow':
      return <>{children}</>;
  }
}
