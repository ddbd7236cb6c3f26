import { Link } from 'react-router-dom';
import { paths } from '../../../shared/paths.ts';
import { documentsMessages } from '../messages.ts';
import { AlertIcon, CheckIcon, DocumentIcon, TableIcon } from '../../../ui/icons.tsx';
import { StatusIcon } from '../../../ui/status-icon.tsx';
import type { DocumentSummary } from '../api/get-documents.ts';
import { UploadDate } from './upload-date.tsx';

/**
 * One document in the list (issue 12): a row people can scan, the whole row the link to its page.
 * Status in words beside its icon (colour is never the only signal); icons otherwise neutral.
 */
export function DocumentCard({ doc }: { doc: DocumentSummary }) {
  return (
    <li className="document-card" data-status={doc.status}>
      <Link className="document-row" to={paths.dashboard.document.getHref(doc.id)}>
        <span className="document-cell document-cell-name">
          <DocumentIcon className="document-card-icon" />
          <span className="document-card-body">
            {doc.applicant ? <span className="document-card-applicant">{doc.applicant}</span> : null}{' '}
            <span className="document-card-name" title={doc.name}>
              {doc.name}
            </span>
          </span>
        </span>{' '}
        <span className="document-cell document-card-meta">
          {documentsMessages.requestNumber}: {doc.nosolicitud || documentsMessages.notAvailable}
          {doc.duplicates.length > 0 ? (
            <>
              {' '}
              <span className="duplicate-flag">
                <AlertIcon width={14} height={14} /> {documentsMessages.duplicate}
              </span>
            </>
          ) : null}
        </span>{' '}
        <span className="document-cell">
          <StatusIcon status={doc.status} showLabel />
          {doc.reviewed ? (
            <span className="reviewed-badge">
              {' '}
              <CheckIcon width={14} height={14} /> {documentsMessages.reviewedLabel}
            </span>
          ) : null}
        </span>{' '}
        <span className="document-cell document-card-meta">
          <TableIcon width={16} height={16} />
          {documentsMessages.tablesCount(doc.tablesCount)}
        </span>{' '}
        <span className={`document-cell document-card-meta${doc.warningsCount > 0 ? ' has-warnings' : ''}`}>
          {doc.warningsCount > 0 ? <AlertIcon width={16} height={16} /> : null}
          {documentsMessages.warningsCount(doc.warningsCount)}
        </span>{' '}
        {doc.correctionsCount !== null ? (
          <span className="document-cell document-card-meta">{documentsMessages.correctionsCount(doc.correctionsCount)}</span>
        ) : null}{' '}
        <span className="document-cell">
          <UploadDate value={doc.uploadedAt} focusable={false} />
        </span>
      </Link>
      {doc.duplicates.length > 0 ? (
        // Outside the row's link: a link inside a link is neither valid nor reachable.
        <p className="document-card-duplicates">
          {documentsMessages.duplicate} — {documentsMessages.duplicateOf}{' '}
          {doc.duplicates.map((d, i) => (
            <span key={d.id}>
              {i > 0 ? ', ' : null}
              <Link to={paths.dashboard.document.getHref(d.id)}>{d.filename}</Link>
            </span>
          ))}
        </p>
      ) : null}
    </li>
  );
}
