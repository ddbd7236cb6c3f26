import { useState } from 'react';
import { toast } from 'react-toastify';
import type { AdminUser } from '../../../shared/api/auth.ts';
import { usersMessages } from '../messages.ts';
import { FullPageSpinner } from '../../../ui/spinner.tsx';
import '../../../ui/table.css';
import { useUsers } from '../api/get-users.ts';
import { setPermissions } from '../api/set-permissions.ts';
import { updateUser } from '../api/update-user.ts';
import { useNeedsServer } from '../../../lib/pwa/needs-server.tsx';
import { CreateUserForm } from './create-user-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';
import '../users.css';

/** Accounts for admins: list, create, deactivate/activate, reset password. */
export function UsersScreen({ currentUserId }: { currentUserId: number | null }) {
  const { data, error, isLoading, mutate } = useUsers();
  const [resetting, setResetting] = useState<number | null>(null);
  const server = useNeedsServer();

  async function toggleActive(user: AdminUser) {
    try {
      await updateUser(user.id, { active: !user.active });
      toast.success(usersMessages.updated);
      await mutate();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : usersMessages.updated);
    }
  }

  /** Issue 12: grant or take back `review` (a plain user only; an administrator holds it by role). */
  async function toggleReview(user: AdminUser) {
    const granted = (user.granted_permissions ?? []).filter((p) => p !== 'review');
    const giving = !user.permissions.includes('review');
    try {
      await setPermissions(user.id, giving ? [...granted, 'review'] : granted);
      toast.success(giving ? usersMessages.reviewGranted : usersMessages.reviewRevoked);
      await mutate();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : usersMessages.permissionsError);
    }
  }

  return (
    <div className="page">
      <h1 className="page-title">{usersMessages.title}</h1>
      <CreateUserForm onCreated={() => void mutate()} />
      <section className="card table-card" aria-label={usersMessages.title}>
        {server.hint}
        {isLoading && !data ? (
          <FullPageSpinner label={usersMessages.loading} />
        ) : error && !data ? (
          // Spec §8: an API failure shows what the server (or the client) said, not an empty list.
          <p className="table-message form-error" role="alert">
            {error instanceof Error ? error.message : String(error)}
          </p>
        ) : !data || data.length === 0 ? (
          <p className="table-message muted">{usersMessages.empty}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{usersMessages.email}</th>
                  <th scope="col">{usersMessages.name}</th>
                  <th scope="col">{usersMessages.role}</th>
                  <th scope="col">{usersMessages.status}</th>
                  <th scope="col">{usersMessages.review}</th>
                  <th scope="col">{usersMessages.actions}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((user) => (
                  <tr key={user.id}>
                    <td>{user.email}</td>
                    <td>{user.name}</td>
                    <td>{user.role === 'admin' ? usersMessages.roleAdmin : usersMessages.roleUser}</td>
                    <td>{user.active ? usersMessages.active : usersMessages.inactive}</td>
                    <td>
                      {user.role === 'admin' ? usersMessages.reviewByRole : user.permissions.includes('review') ? usersMessages.reviewYes : usersMessages.reviewNo}
                    </td>
                    <td className="actions-cell">
                      <button
                        type="button"
                        className="btn btn-small btn-secondary"
                        disabled={user.id === currentUserId || server.offline}
                        onClick={() => toggleActive(user)}
                        {...server.buttonProps}
                      >
                        {user.active ? usersMessages.deactivate : usersMessages.activate}
                      </button>
                      {resetting === user.id ? (
                        <ResetPasswordForm user={user} onDone={() => setResetting(null)} />
                      ) : (
                        <button type="button" className="btn btn-small btn-secondary" onClick={() => setResetting(user.id)}>
                          {usersMessages.resetPassword}
                        </button>
                      )}
                      {user.role !== 'admin' ? (
                        <button
                          type="button"
                          className="btn btn-small btn-secondary"
                          aria-label={user.permissions.includes('review') ? usersMessages.revokeReviewLabel(user.email) : usersMessages.grantReviewLabel(user.email)}
                          disabled={server.offline}
                          onClick={() => toggleReview(user)}
                          {...server.buttonProps}
                        >
                          {user.permissions.includes('review') ? usersMessages.revokeReview : usersMessages.grantReview}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
