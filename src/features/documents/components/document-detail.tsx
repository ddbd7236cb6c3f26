import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { formatDateTime, formatIsoDate } from '../../../lib/dates.ts';
import { formatMoney, formatNumber } from '../../../lib/format-number.ts';
import { paths } from '../../../shared/paths.ts';
import { DownloadIcon } from '../../../ui/icons.tsx';
import { FullPageSpinner } from '../../../ui/spinner.tsx';
import { StatusIcon, statusLabels } from '../../../ui/status-icon.tsx';
import { downloadDocumentFile } from '../api/download-document-file.ts';
import { useDocument } from '../api/get-document.ts';
import { useNeedsServer } from '../../../lib/pwa/needs-server.tsx';
import { FAILURE_LABELS, failureAdvice } from '../../../shared/messages/failure-advice.ts';
import { documentsMessages } from '../messages.ts';
import { CorrectionsPanel } from './corrections-panel.tsx';
import { DuplicateNote, ReviewedControl } from './reviewed-control.tsx';
import '../documents.css';

/** 'nombre_razon_social' → 'Nombre razon social': header keys come from the server as snake case. */
function labelOf(key: string): string {
  const text = key.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Header values in Colombian format: amounts as money, ISO dates as dd/mm/aaaa; identifiers stay text. */
function valueOf(key: string, value: string | number): string {
  if (typeof value === 'number') return /monto|valor|precio|costo/i.test(key) ? formatMoney(value) : formatNumber(value);
  return formatIsoDate(value);
}

/** Why processing failed and what to do next, in plain words (issue 11). */
function FailureNote({ message, code }: { message: string; code: string | null }) {
  const advice = failureAdvice(message, code);
  return (
    <>
      <p>
        <strong>{FAILURE_LABELS.why}</strong> {advice.why}
      </p>
      <p>
        <strong>{FAILURE_LABELS.next}</strong> {advice.next}
      </p>
    </>
  );
}

/** One document: header fields, tables with row counts (links to their data), warnings, error, PDF. */
export function DocumentDetailView({ id, canReview = false }: { id: string; canReview?: boolean }) {
  const { data: doc, error, isLoading, mutate } = useDocument(id);
  const [downloading, setDownloading] = useState(false);
  const server = useNeedsServer();

  if (isLoading && !doc) return <FullPageSpinner label={documentsMessages.loading} />;
  if (!doc) {
    return (
      <div className="page">
        <Link to={paths.dashboard.documents.getHref()} className="back-link">
          ← {documentsMessages.back}
        </Link>
        <p className="form-error" role="alert">
          {error instanceof Error ? error.message : documentsMessages.notFound}
        </p>
      </div>
    );
  }

  const name = doc.original_filename || doc.filename;
  // The document's warnings already hold its tables' (each once); a table's are added only if missing.
  const warnings = [...new Set([...doc.warnings, ...doc.tables.flatMap((t) => t.quality.flatMap((q) => q.warnings))])];

  async function handleDownload() {
    setDownloading(true);
    try {
      await downloadDocumentFile(id, name);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : documentsMessages.notFound);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="page">
      <Link to={paths.dashboard.documents.getHref()} className="back-link">
        ← {documentsMessages.back}
      </Link>
      <h1 className="page-title page-title-wrap">{name}</h1>
      <section className="card detail-summary" aria-label={documentsMessages.detailTitle}>
        <dl className="field-grid">
          <div>
            <dt>{documentsMessages.requestNumber}</dt>
            <dd>
              {doc.nosolicitud || documentsMessages.notAvailable}
              <DuplicateNote duplicates={doc.duplicates ?? []} />
            </dd>
          </div>
          <div>
            <dt>{documentsMessages.status}</dt>
            <dd className="status-cell">
              <StatusIcon status={doc.status} /> {statusLabels[doc.status] ?? doc.status}
            </dd>
          </div>
          <div>
            <dt>{documentsMessages.uploadedAt}</dt>
            <dd>{formatDateTime(doc.upload_date)}</dd>
          </div>
          <div>
            <dt>{documentsMessages.pages}</dt>
            <dd>{doc.processing_info.pages}</dd>
          </div>
        </dl>
        <ReviewedControl id={id} reviewed={doc.reviewed ?? null} finishedAt={doc.processing_info.finished_at} canReview={canReview} onChanged={() => mutate()} />
        <button type="button" className="btn btn-secondary" onClick={handleDownload} disabled={downloading || server.offline} {...server.buttonProps}>
          <DownloadIcon /> {documentsMessages.downloadPdf}
        </button>
        {doc.status === 'processed' ? (
          <Link to={paths.dashboard.review.getHref(doc.id)} className="btn btn-secondary">
            {documentsMessages.review}
          </Link>
        ) : null}
        {server.hint}
      </section>

      {doc.status === 'error' && doc.processing_info.error ? (
        <section className="card card-error" role="alert">
          <h2 className="card-title">{documentsMessages.errorTitle}</h2>
          <FailureNote message={doc.processing_info.error} code={doc.processing_info.error_code ?? null} />
        </section>
      ) : null}

      {Object.keys(doc.header).length > 0 ? (
        <section className="card" aria-labelledby="header-fields-title">
          <h2 id="header-fields-title" className="card-title">
            {documentsMessages.headerFields}
          </h2>
          <dl className="field-grid">
            {Object.entries(doc.header).map(([key, value]) => (
              <div key={key}>
                <dt>{labelOf(key)}</dt>
                <dd>{valueOf(key, value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <section className="card" aria-labelledby="tables-found-title">
        <h2 id="tables-found-title" className="card-title">
          {documentsMessages.tablesFound}
        </h2>
        {doc.tables.length === 0 ? (
          <p className="muted">{documentsMessages.noTables}</p>
        ) : (
          <ul className="tables-found">
            {doc.tables.map((table) => (
              <li key={table.name}>
                <Link to={paths.dashboard.data.getHref({ table: table.name, nosolicitud: doc.nosolicitud || undefined })}>
                  {table.title || table.name}
                </Link>
                <span className="muted">{documentsMessages.rows(table.rows)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <CorrectionsPanel
        documentId={id}
        count={doc.corrections_count}
        toReview={doc.corrections_to_review}
        canReview={canReview}
        onChanged={() => mutate()}
      />

      {warnings.length > 0 ? (
        <section className="card card-warning" aria-labelledby="warnings-title">
          <h2 id="warnings-title" className="card-title">
            {documentsMessages.warnings}
          </h2>
          <ul>
            {warnings.map((w, i) => (
              <li key={`${i}-${w}`}>{w}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
