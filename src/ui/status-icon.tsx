import type { ReactNode } from 'react';
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

function iconOf(status: string): { tone: 'ok' | 'busy' | 'error'; icon: ReactNode } | null {
  if (status === 'processed' || status === 'completed') return { tone: 'ok', icon: <CheckIcon /> };
  if (status === 'processing' || status === 'pending') return { tone: 'busy', icon: <Spinner /> };
  if (status === 'error') return { tone: 'error', icon: <AlertIcon /> };
  return null;
}

interface StatusIconProps {
  status: string;
  /** Say the status in visible words next to the icon (issue 11), with an optional detail ('40%'). */
  showLabel?: boolean;
  detail?: string;
}

/** Spec §4: processed/completed a green check, processing/pending a blue spinner, error red, others nothing. */
export function StatusIcon({ status, showLabel = false, detail }: StatusIconProps) {
  const label = statusLabels[status];
  const shown = iconOf(status);
  if (showLabel) {
    const words = `${label ?? status}${detail ? ` ${detail}` : ''}`;
    return (
      <span className={`status-icon status-labelled${shown ? ` status-${shown.tone}` : ''}`}>
        {shown?.icon}
        <span className="status-text">{words}</span>
      </span>
    );
  }
  if (!shown) return null;
  return (
    <span className={`status-icon status-${shown.tone}`} title={label}>
      {shown.icon}
      <span className="visually-hidden">{label}</span>
    </span>
  );
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
