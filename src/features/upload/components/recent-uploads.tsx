import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { formatDateTime, formatRelativeShort } from '../../../lib/dates.ts';
import { needsPolling } from '../../../lib/polling.ts';
import { uploadMessages } from '../messages.ts';
import { DocumentIcon } from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { StatusIcon } from '../../../ui/status-icon.tsx';
import { useRecentDocuments } from '../api/get-recent-documents.ts';
import { useProgressPolling } from '../use-progress-polling.ts';

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
            <li key={doc.id} className="recent-item" data-status={doc.status}>
              <DocumentIcon className="recent-icon" />
              <div className="recent-body">
                <span className="recent-name" title={doc.filename}>
                  {doc.filename}
                </span>
                <span className="recent-meta">
                  {uploadMessages.tablesCount(doc.tables)} ·{' '}
                  <time dateTime={doc.uploadDate} title={formatDateTime(doc.uploadDate)}>
                    {formatRelativeShort(doc.uploadDate)}
                  </time>
                  {needsPolling(doc.status) ? ` · ${doc.progress}%` : null}
                </span>
              </div>
              <StatusIcon status={doc.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
