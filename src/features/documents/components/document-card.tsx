import { Link } from 'react-router-dom';
import { paths } from '../../../shared/paths.ts';
import { documentsMessages } from '../messages.ts';
import { DocumentIcon } from '../../../ui/icons.tsx';
import { StatusDot } from '../../../ui/status-icon.tsx';
import type { DocumentSummary } from '../api/get-documents.ts';
import { UploadDate } from './upload-date.tsx';

export function DocumentCard({ doc }: { doc: DocumentSummary }) {
  return (
    <li className="document-card" data-status={doc.status}>
      <DocumentIcon className="document-card-icon" />
      <div className="document-card-body">
        <Link className="document-card-name" to={paths.dashboard.document.getHref(doc.id)} title={doc.name}>
          {doc.name}
        </Link>
        <span className="document-card-meta">
          {documentsMessages.requestNumber}: {doc.nosolicitud || documentsMessages.notAvailable}
        </span>
        <UploadDate value={doc.uploadedAt} />
      </div>
      <StatusDot status={doc.status} />
    </li>
  );
}
