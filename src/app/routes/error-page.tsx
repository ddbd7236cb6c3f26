import { Link } from 'react-router-dom';
import { errorPageMessages } from '../messages.ts';
import { paths } from '../../shared/paths.ts';
import '../styles/login.css';

/** The 403 and 404 pages share a body: a title, a text and the two buttons of spec §2. */
export function ErrorPage({ code, title, text }: { code: string; title: string; text: string }) {
  return (
    <main className="login-page">
      <div className="login-card error-card">
        <p className="error-code" aria-hidden="true">
          {code}
        </p>
        <h1>{title}</h1>
        <p className="muted">{text}</p>
        <div className="error-actions">
          <Link className="btn btn-primary" to={paths.dashboard.root.getHref()}>
            {errorPageMessages.toDashboard}
          </Link>
          <Link className="btn btn-secondary" to={paths.login.getHref()}>
            {errorPageMessages.toLogin}
          </Link>
        </div>
      </div>
    </main>
  );
}
