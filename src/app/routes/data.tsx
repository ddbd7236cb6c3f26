import { useAuth } from '../../features/auth/auth-context.ts';
import { DataScreen } from '../../features/data/components/data-screen.tsx';
import { hasPermissions } from '../../shared/permissions.ts';

export default function DataPage() {
  const { user } = useAuth();
  // Permissions come from users/me (decision 040); the server checks them again on every correction.
  return <DataScreen canReview={hasPermissions(user?.permissions ?? [], ['review'])} />;
}
