import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { AdminUser } from '../../../shared/api/auth.ts';
import { usersMessages } from '../messages.ts';
import { updateUser } from '../api/update-user.ts';
import { useNeedsServer } from '../../../lib/pwa/needs-server.tsx';

/** Inline new-password form for one account (PATCH users/{id} with `password`). */
export function ResetPasswordForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const server = useNeedsServer();
  const inputId = `reset-password-${user.id}`;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await updateUser(user.id, { password });
      toast.success(usersMessages.passwordReset);
      onDone();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : usersMessages.resetPassword);
      setBusy(false);
    }
  }

  return (
    <form className="reset-password" onSubmit={handleSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        {usersMessages.newPassword(user.email)}
      </label>
      <input
        id={inputId}
        type="password"
        required
        minLength={8}
        autoComplete="new-password"
        placeholder={usersMessages.password}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoFocus
      />
      <button type="submit" className="btn btn-small btn-primary" disabled={busy || server.offline} {...server.buttonProps}>
        {usersMessages.save}
      </button>
      <button type="button" className="btn btn-small btn-secondary" onClick={onDone}>
        {usersMessages.cancel}
      </button>
      {server.hint}
    </form>
  );
}
