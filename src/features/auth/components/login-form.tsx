import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { authMessages } from '../messages.ts';
import { EyeIcon, EyeOffIcon } from '../../../ui/icons.tsx';
import { useAuth } from '../auth-context.ts';

/** Login form (spec §2): email, password with show/hide, 'Iniciar Sesión' / 'Iniciando sesión...'. */
export function LoginForm({ onSuccess }: { onSuccess: (name: string) => void }) {
  const { login } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setLoading(true);
    try {
      const name = await login(email.trim(), password);
      onSuccess(name);
    } catch (err) {
      // 401 is the spec's inline text; a 429 or an outage says what the server (or fallback) said.
      if (err instanceof ApiError && err.status === 401) setError(authMessages.invalidCredentials);
      else setError(err instanceof Error ? err.message : authMessages.loginError);
      setLoading(false);
    }
  }

  return (
    <form className="login-form" onSubmit={handleSubmit} noValidate={false}>
      <div className="field">
        <label htmlFor="login-email">{authMessages.emailLabel}</label>
        <input
          id="login-email"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="login-password">{authMessages.passwordLabel}</label>
        <div className="input-with-button">
          <input
            id="login-password"
            type={showPassword ? 'text' : 'password'}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button
            type="button"
            className="icon-button"
            aria-label={showPassword ? authMessages.hidePassword : authMessages.showPassword}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((v) => !v)}
          >
            {showPassword ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={loading}>
        {loading ? authMessages.submitting : authMessages.submit}
      </button>
    </form>
  );
}
