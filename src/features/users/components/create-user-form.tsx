import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { Role } from '../../../shared/permissions.ts';
import { usersMessages } from '../messages.ts';
import { createUser } from '../api/create-user.ts';
import { useNeedsServer } from '../../../lib/pwa/needs-server.tsx';

export function CreateUserForm({ onCreated }: { onCreated: () => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('user');
  const [busy, setBusy] = useState(false);
  const server = useNeedsServer();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await createUser({ email: email.trim(), password, role, ...(name.trim() ? { name: name.trim() } : {}) });
      toast.success(usersMessages.created);
      setEmail('');
      setName('');
      setPassword('');
      setRole('user');
      onCreated();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : usersMessages.create);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card form-grid" onSubmit={handleSubmit} aria-labelledby="create-user-title">
      <h2 id="create-user-title" className="card-title">
        {usersMessages.create}
      </h2>
      <div className="field">
        <label htmlFor="new-user-email">{usersMessages.email}</label>
        <input id="new-user-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="new-user-name">{usersMessages.name}</label>
        <input id="new-user-name" type="text" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="new-user-password">{usersMessages.password}</label>
        <input
          id="new-user-password"
          type="password"
          required
          minLength={8}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="new-user-role">{usersMessages.role}</label>
        <select id="new-user-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          <option value="user">{usersMessages.roleUser}</option>
          <option value="admin">{usersMessages.roleAdmin}</option>
        </select>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy || server.offline} {...server.buttonProps}>
        {usersMessages.create}
      </button>
      {server.hint}
    </form>
  );
}
