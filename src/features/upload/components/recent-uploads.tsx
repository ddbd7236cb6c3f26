import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { formatDateTime, formatRelativeShort } from '../../../lib/dates.ts';
import { formatPercent } from '../../../lib/format-number.ts';
import { needsPolling } from '../../../lib/polling.ts';
import { FAILURE_LABELS, failureAdvice } from '../../../shared/messages/failure-advice.ts';
import { paths } from '../../../shared/paths.ts';
import { uploadMessages } from '../messages.ts';
import { DocumentIcon } from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { StatusIcon } from '../../../ui/status-icon.tsx';
import { useRecentDocuments, type RecentDocument } from '../api/get-recent-documents.ts';
import { useProgressPolling } from '../use-progress-polling.ts';

/** Why a document failed and what to do next, in words (issue 11). */
function FailureNote({ doc }: { doc: RecentDocument }) {
  const advice = failureAdvice(doc.error, doc.errorCode);
  return (
    <span className="recent-failure">
      <span className="recent-why">
        <strong>{FAILURE_LABELS.why}</strong> {advice.why}
      </span>
      <span className="recent-next">
        <strong>{FAILURE_LABELS.next}</strong> {advice.next}
      </span>
    </span>
  );
}

function RecentRow({ doc }: { doc: RecentDocument }) {
  return (
    <li className="recent-item" data-status={doc.status}>
      {/* The whole row opens the document: one large target for a finger. */}
      <Link to={paths.dashboard.document.getHref(doc.id)} className="recent-link">
        <DocumentIcon className="recent-icon" />
        <span className="recent-body">
          <span className="recent-name" title={doc.filename}>
            {doc.filename}
          </span>
          <span className="recent-meta">
            {uploadMessages.tablesCount(doc.tables)} ·{' '}
            <time dateTime={doc.uploadDate} title={formatDateTime(doc.uploadDate)}>
              {formatRelativeShort(doc.uploadDate)}
            </time>
          </span>
          {doc.status === 'error' ? <FailureNote doc={doc} /> : null}
        </span>
        <StatusIcon status={doc.status} showLabel detail={needsPolling(doc.status) ? formatPercent(doc.progress) : undefined} />
      </Link>
    </li>
  );
}

/** 'Subidas Recientes' (spec §2): five latest documents, polled while they are being processed. */
export function RecentUploads() {
  const { data, error, isLoading } = useRecentDocuments();
  const documents = useProgressPolling(data);

  useEffect(() => {
    if (error) toast.error(uploadMessages.recentError, { toastId: 'recent-error' });
  }, [error]);

  return (
    <section className="card" aria-labelledby="recent-title">
      <h2 id="recent-title" className="card-title">
        {uploadMessages.recentTitle}
      </h2>
      {isLoading ? (
        <Spinner label={uploadMessages.recentTitle} />
      ) : documents.length === 0 ? (
        <p className="muted">{uploadMessages.recentEmpty}</p>
      ) : (
        <ul className="recent-list">
          {documents.map((doc) => (
            <RecentRow key={doc.id} doc={doc} />
          ))}
        </ul>
      )}
    </section>
  );
}
