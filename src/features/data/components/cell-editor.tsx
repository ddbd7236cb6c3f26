import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { NUMERIC_TYPES, type CellValue } from '../../../shared/catalog/index.ts';
import { paths } from '../../../shared/paths.ts';
import { formatIsoDate } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/format-number.ts';
import { correctCell, revertCell } from '../api/correct-cell.ts';
import { dataMessages } from '../messages.ts';

/** What the edit box starts with: the value as a person writes it here ('1.234.567,89', '15/04/2025'). */
export function editableText(value: CellValue | undefined, type: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return formatNumber(value, type === 'int' ? 0 : 6);
  if (type === 'date') return formatIsoDate(value);
  return value;
}

interface CellEditorProps {
  table: string;
  rowId: number;
  documentId: number;
  column: string;
  label: string;
  type: string | undefined;
  value: CellValue | undefined;
  corrected: boolean;
  /** Called after the server stored the change; the editor closes once it resolves (the row re-read). */
  onDone: () => Promise<unknown> | void;
  onCancel: () => void;
}

/**
 * The edit box of one cell (issue 12): the value as typed goes to the server, which reads it by the
 * column type in the Colombian style and answers a Spanish message when it does not read; that
 * message is shown here, beside the cell. A corrected cell can also get its extracted value back.
 */
export function CellEditor({ table, rowId, documentId, column, label, type, value, corrected, onDone, onCancel }: CellEditorProps) {
  const [text, setText] = useState(() => editableText(value, type));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const numeric = (NUMERIC_TYPES as readonly string[]).includes(type ?? '');

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await action();
      await onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : dataMessages.correctError);
      setBusy(false);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void run(() => correctCell(table, rowId, column, { value: text, ...(reason.trim() ? { reason: reason.trim() } : {}) }));
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  }

  return (
    <form className="cell-editor" onSubmit={handleSubmit} onKeyDown={handleKeyDown} aria-busy={busy}>
      <input
        type="text"
        aria-label={dataMessages.newValue(label)}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        inputMode={numeric ? 'decimal' : undefined}
        placeholder={type === 'date' ? dataMessages.dateHint : numeric ? dataMessages.numberHint : undefined}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={busy}
        // The box opens on a deliberate action (button or double tap): the caret goes where it is typed.
        autoFocus
      />
      <input
        type="text"
        aria-label={dataMessages.reason}
        placeholder={dataMessages.reason}
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
        disabled={busy}
      />
      {error ? (
        <p id={errorId} className="cell-editor-error form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="cell-editor-actions">
        <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
          {busy ? dataMessages.saving : dataMessages.save}
        </button>
        <button type="button" className="btn btn-small btn-secondary" onClick={onCancel} disabled={busy}>
          {dataMessages.cancel}
        </button>
        {corrected ? (
          <button type="button" className="btn btn-small btn-secondary" onClick={() => void run(() => revertCell(table, rowId, column))} disabled={busy}>
            {dataMessages.revert}
          </button>
        ) : null}
        <Link className="cell-editor-link" to={paths.dashboard.review.getHref(documentId, { rowId, column })}>
          {dataMessages.viewInPdf}
        </Link>
      </div>
    </form>
  );
}
