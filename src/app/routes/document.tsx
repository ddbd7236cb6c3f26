import { useParams } from 'react-router-dom';
import { useAuth } from '../../features/auth/auth-context.ts';
import { DocumentDetailView } from '../../features/documents/components/document-detail.tsx';
import { hasPermissions } from '../../shared/permissions.ts';

export default function DocumentPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  // Permissions from users/me (decision 040); the server checks them again.
  return <DocumentDetailView key={id} id={id} canReview={hasPermissions(user?.permissions ?? [], ['review'])} />;
}
