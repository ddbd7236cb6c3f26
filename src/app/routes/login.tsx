import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAuth } from '../../features/auth/auth-context.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { authMessages } from '../../features/auth/messages.ts';
import { APP_TITLE } from '../messages.ts';
import { DocumentIcon } from '../../ui/icons.tsx';
import { safeRedirect } from '../guards/safe-redirect.ts';
import '../styles/login.css';

/** `/` and `/login` (spec §2). After login: '¡Bienvenido {name}!' and back where the user was going. */
export default function LoginPage() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const from = (location.state as { from?: string } | null)?.from;
  const target = safeRedirect(params.get('redirectTo') ?? from);

  if (status === 'authenticated') return <Navigate to={target} replace />;

  return (
    <main className="login-page">
      <div className="login-card">
        <div className="login-brand">
          <DocumentIcon width={40} height={40} />
          <h1>{APP_TITLE}</h1>
        </div>
        <LoginForm
          onSuccess={(name) => {
            toast.success(authMessages.welcome(name));
            navigate(target, { replace: true });
          }}
        />
      </div>
    </main>
  );
}
