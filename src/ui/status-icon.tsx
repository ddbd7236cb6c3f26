import { AlertIcon, CheckIcon } from './icons.tsx';
import { Spinner } from './spinner.tsx';

/** A document status in Spanish, as the icons' tooltips and a document's page say it. */
export const statusLabels: Record<string, string> = {
  processed: 'Procesado',
  completed: 'Procesado',
  processing: 'En proceso',
  pending: 'Pendiente',
  error: 'Con error',
};

/** Spec §4: processed/completed a green check, processing/pending a blue spinner, error red, others nothing. */
export function StatusIcon({ status }: { status: string }) {
  const label = statusLabels[status];
  if (status === 'processed' || status === 'completed') {
    return (
      <span className="status-icon status-ok" title={label}>
        <CheckIcon />
        <span className="visually-hidden">{label}</span>
      </span>
    );
  }
  if (status === 'processing' || status === 'pending') {
    return (
      <span className="status-icon status-busy" title={label}>
        <Spinner />
        <span className="visually-hidden">{label}</span>
      </span>
    );
  }
  if (status === 'error') {
    return (
      <span className="status-icon status-error" title={label}>
        <AlertIcon />
        <span className="visually-hidden">{label}</span>
      </span>
    );
  }
  return null;
}

/** Documents page dot (spec §4): green processed, yellow processing, red anything else. */
export function StatusDot({ status }: { status: string }) {
  const tone = status === 'processed' || status === 'completed' ? 'ok' : status === 'processing' || status === 'pending' ? 'busy' : 'error';
  const label = statusLabels[status] ?? status;
  return (
    <span className={`status-dot status-dot-${tone}`} title={label}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
