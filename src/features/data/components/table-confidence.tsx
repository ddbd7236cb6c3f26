import type { TableDocumentConfidence } from '../../../shared/api/tables.ts';
import { confidenceLevel } from '../confidence.ts';
import { dataMessages } from '../messages.ts';

/** The symbol beside each level: shape, not colour, tells them apart (decorative; the word says it). */
const SYMBOLS = { high: '●', medium: '◐', low: '○', unknown: '–' } as const;

/**
 * How far to trust this table in each document of the page (issue 12): the engine's confidence in
 * words ('alta', 'media', 'baja') with its percentage, never colour alone.
 */
export function TableConfidence({ documents }: { documents: readonly TableDocumentConfidence[] }) {
  if (documents.length === 0) return null;
  return (
    <div className="table-confidence">
      <h2 className="table-confidence-title">{dataMessages.confidenceTitle}</h2>
      <ul>
        {documents.map((d) => {
          const level = confidenceLevel(d.confidence);
          return (
            <li key={d.id} className={`confidence-${level}`} data-document-id={d.id}>
              <span aria-hidden="true">{SYMBOLS[level]} </span>
              {dataMessages.confidenceOf(d.nosolicitud || d.filename, dataMessages.confidenceLevels[level], d.confidence)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
