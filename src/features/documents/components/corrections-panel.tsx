import { useState } from 'react';
import { toast } from 'react-toastify';
import type { Correction } from '../../../shared/api/corrections.ts';
import { findTable } from '../../../shared/catalog/index.ts';
import { CORRECTION_MESSAGES } from '../../../shared/messages/corrections.ts';
import { formatDateTime, formatIsoDate } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/format-number.ts';
import { useNeedsServer } from '../../../lib/pwa/needs-server.tsx';
import { DownloadIcon } from '../../../ui/icons.tsx';
import '../../../ui/table.css';
import { dismissCorrection } from '../api/dismiss-correction.ts';
import { exportCorrections } from '../api/export-corrections.ts';
import { useDocumentCorrections } from '../api/get-document-corrections.ts';
import { documentsMessages } from '../messages.ts';

/** A value of the trail as people read it: Colombian numbers, dd/mm/aaaa dates, '(vacío)'. */
function valueText(value: Correction['value']): string {
  if (value === null || value === '') return documentsMessages.emptyValue;
  if (typeof value === 'number') return formatNumber(value, 6);
  return formatIsoDate(value);
}

function columnLabel(table: string, column: string): string {
  return findTable(table)?.columns.find((c) => c.key === column)?.label ?? column;
}

interface CorrectionsPanelProps {
  documentId: string;
  count: number;
  toReview: number;
  /** The user holds `review` (users/me): may dismiss a correction to review and export the trail. */
  canReview: boolean;
  /** After a dismissal: the document's counts change. */
  onChanged: () => Promise<unknown> | void;
}

/**
 * The document's corrections (issue 12; docs/decisions/039): how many are in effect and to review,
 * and the trail — who, when, where, previous → new, why, and what became of each.
 */
export function CorrectionsPanel({ documentId, count, toReview, canReview, onChanged }: CorrectionsPanelProps) {
  const { data, error, isLoading, mutate } = useDocumentCorrections(documentId);
  const [busy, setBusy] = useState<number | 'export' | null>(null);
  const server = useNeedsServer();

  async function handleDismiss(correction: Correction) {
    setBusy(correction.id);
    try {
      await dismissCorrection(correction.id);
      toast.success(documentsMessages.dismissed);
      await Promise.all([mutate(), onChanged()]);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : documentsMessages.dismissError);
    } finally {
      setBusy(null);
    }
  }

  async function handleExport() {
    setBusy('export');
    try {
      await exportCorrections();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : documentsMessages.exportCorrectionsError);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card" aria-labelledby="corrections-title">
      <div className="card-title-row">
        <h2 id="corrections-title" className="card-title">
          {documentsMessages.correctionsTitle}
        </h2>
        {canReview ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={handleExport} disabled={busy !== null || server.offline} {...server.buttonProps}>
            <DownloadIcon /> {documentsMessages.exportCorrections}
          </button>
        ) : null}
      </div>
      <p className="corrections-counts">
        <span>{documentsMessages.correctionsCount(count)}</span>
        {toReview > 0 ? <strong className="badge badge-warning">{documentsMessages.toReviewCount(toReview)}</strong> : null}
      </p>
      {isLoading && !data ? (
        <p className="muted" role="status">
          {documentsMessages.correctionsLoading}
        </p>
      ) : error && !data ? (
        <p className="form-error" role="alert">
          {error instanceof Error ? error.message : documentsMessages.correctionsError}
        </p>
      ) : !data || data.length === 0 ? (
        <p className="muted">{documentsMessages.correctionsEmpty}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table corrections-trail">
            <caption className="visually-hidden">{documentsMessages.correctionsTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{documentsMessages.trailWhen}</th>
                <th scope="col">{documentsMessages.trailWho}</th>
                <th scope="col">{documentsMessages.trailTable}</th>
                <th scope="col">{documentsMessages.trailRow}</th>
                <th scope="col">{documentsMessages.trailColumn}</th>
                <th scope="col">{documentsMessages.trailChange}</th>
                <th scope="col">{documentsMessages.trailReason}</th>
                <th scope="col">{documentsMessages.trailState}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((c) => (
                <tr key={c.id} data-status={c.status}>
                  <td>{formatDateTime(c.created_at)}</td>
                  <td title={c.user.email}>{c.user.name || c.user.email}</td>
                  <td>{findTable(c.table)?.title ?? c.table}</td>
                  <td className="num">{c.row_seq + 1}</td>
                  <td>{columnLabel(c.table, c.column)}</td>
                  <td>
                    {valueText(c.previous)} → {valueText(c.value)}
                  </td>
                  <td>{c.reason ?? ''}</td>
                  <td>
                    {CORRECTION_MESSAGES.action[c.action]} · {CORRECTION_MESSAGES.status[c.status]}
                    {c.status === 'review' && canReview ? (
                      <>
                        {' '}
                        <button
                          type="button"
                          className="btn btn-small btn-secondary"
                          aria-label={documentsMessages.dismissLabel(columnLabel(c.table, c.column))}
                          disabled={busy !== null || server.offline}
                          onClick={() => void handleDismiss(c)}
                        >
                          {documentsMessages.dismiss}
                        </button>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canReview ? server.hint : null}
    </section>
  );
}
