import { useAuth } from '../../features/auth/auth-context.ts';
import { UsersScreen } from '../../features/users/components/users-screen.tsx';

export default function UsersPage() {
  const { user } = useAuth();
  return <UsersScreen currentUserId={user?.id ?? null} />;
}
