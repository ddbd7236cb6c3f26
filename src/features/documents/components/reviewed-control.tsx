import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { EXTRACTION_CHANGED, type Document } from '../../../shared/api/documents.ts';
import { paths } from '../../../shared/paths.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useNeedsServer } from '../../../lib/pwa/needs-server.tsx';
import { CheckIcon } from '../../../ui/icons.tsx';
import { setReviewed } from '../api/set-reviewed.ts';
import { documentsMessages } from '../messages.ts';

/** 'Revisado' (issue 12): who marked the document checked and when; a reviewer sets or takes back the mark. */
export function ReviewedControl({ id, reviewed, finishedAt, canReview, onChanged }: {
  id: string;
  reviewed: Document['reviewed'];
  /** The extraction on screen (the document's `finished_at`): the one the mark vouches for. */
  finishedAt: string | null;
  canReview: boolean;
  onChanged: () => Promise<unknown> | void;
}) {
  const [busy, setBusy] = useState(false);
  const server = useNeedsServer();

  async function toggle() {
    setBusy(true);
    try {
      await setReviewed(id, !reviewed, finishedAt);
      await onChanged();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : documentsMessages.reviewedError);
      // Processed again since this page read it: show the new extraction (the toast says why).
      if ((err as { code?: unknown } | null)?.code === EXTRACTION_CHANGED) await Promise.resolve(onChanged()).catch(() => undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="reviewed-control">
      {reviewed ? (
        <span className="reviewed-badge">
          <CheckIcon width={16} height={16} /> {documentsMessages.reviewedBy(reviewed.by.name || reviewed.by.email, formatDateTime(reviewed.at))}
        </span>
      ) : (
        <span className="muted">{documentsMessages.notReviewed}</span>
      )}
      {canReview ? (
        <button type="button" className="btn btn-small btn-secondary" onClick={toggle} disabled={busy || server.offline} {...server.buttonProps}>
          {reviewed ? documentsMessages.unmarkReviewed : documentsMessages.markReviewed}
        </button>
      ) : null}
      {canReview ? server.hint : null}
    </div>
  );
}

/** 'N° Solicitud repetido': other documents claim the same number (computed by the server), each a link. */
export function DuplicateNote({ duplicates }: { duplicates: NonNullable<Document['duplicates']> }) {
  if (duplicates.length === 0) return null;
  return (
    <p className="duplicate-note" role="note">
      <strong>{documentsMessages.duplicate}</strong> {documentsMessages.duplicateOf}{' '}
      {duplicates.map((d, i) => (
        <span key={d.id}>
          {i > 0 ? ', ' : null}
          <Link to={paths.dashboard.document.getHref(d.id)}>{d.filename}</Link>
        </span>
      ))}
    </p>
  );
}
