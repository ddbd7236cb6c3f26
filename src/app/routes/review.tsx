import { useParams, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../features/auth/auth-context.ts';
import { ReviewScreen } from '../../features/review/components/review-screen.tsx';
import { hasPermissions } from '../../shared/permissions.ts';

/** A positive integer of the query string, else undefined (a hand-edited link opens the first page). */
function positive(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}

export default function ReviewPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const { user } = useAuth();
  const at = { rowId: positive(search.get('row')), column: search.get('column') ?? undefined, page: positive(search.get('page')) };
  // Opened again with another row (a link from the data screen), the screen starts over there.
  // Permissions come from users/me (decision 040); the server checks them again on every correction.
  return <ReviewScreen key={`${id}?${search.toString()}`} id={id} at={at} canReview={hasPermissions(user?.permissions ?? [], ['review'])} />;
}
