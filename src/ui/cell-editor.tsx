import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { CELL_CHANGED } from '../shared/api/corrections.ts';
import { NUMERIC_TYPES, type CellValue } from '../shared/catalog/index.ts';
import './cell-editor.css';

/** The editor's words, from the messages of the screen that opens it (each feature keeps its texts). */
export interface CellEditorTexts {
  newValue: (label: string) => string;
  reason: string;
  save: string;
  saving: string;
  cancel: string;
  revert: string;
  correctError: string;
  dateHint: string;
  numberHint: string;
  currentValue: (shown: string) => string;
}

interface CellEditorProps {
  /** The column's Spanish label (the input's name) and catalogue type (keyboard and hint). */
  label: string;
  type: string | undefined;
  /** The value as a person writes it here ('1.234.567,89', '15/04/2025'): `editableText` of src/lib. */
  initialText: string;
  /** The cell's value as the latest read answered it, and as the screen shows it. */
  value: CellValue;
  shownText: string;
  corrected: boolean;
  texts: CellEditorTexts;
  /**
   * Stores the typed value (the server reads it by the column type); rejects with the Spanish reason
   * it does not read. `expected`: the value the reviewer saw, which the server checks is still there.
   */
  onSave: (value: string, reason: string | undefined, expected: CellValue) => Promise<unknown>;
  /** Gets the extracted value back (shown only on a corrected cell). */
  onRevert: (expected: CellValue) => Promise<unknown>;
  /** Called after the server stored the change; the editor closes once it resolves (the rows re-read). */
  onDone: () => Promise<unknown> | void;
  /** Re-reads the rows without closing (the cell changed under the editor). */
  onReload: () => Promise<unknown> | void;
  onCancel: () => void;
  /** More actions beside Guardar / Cancelar (the data screen's 'Ver en el PDF'). */
  children?: ReactNode;
}

/**
 * The edit box of one cell (issue 12), the same on the data screen and the review screen: the value
 * as typed goes to the server, which reads it by the column type in the Colombian style and answers
 * a Spanish message when it does not read; that message is shown here, beside the cell. A corrected
 * cell can also get its extracted value back. The screen supplies the requests and the words.
 */
export function CellEditor(props: CellEditorProps) {
  const { label, type, initialText, value, shownText, corrected, texts, onSave, onRevert, onDone, onReload, onCancel, children } = props;
  const [text, setText] = useState(initialText);
  // What the reviewer decided on: the value when the box opened, or the one the conflict note shows.
  const [seen] = useState<CellValue>(value);
  const [conflict, setConflict] = useState(false);
  const expected = conflict ? value : seen;
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
      setError(err instanceof Error ? err.message : texts.correctError);
      // Someone changed the cell meanwhile: read it again and show it; what was typed stays in the box.
      if ((err as { code?: unknown } | null)?.code === CELL_CHANGED) {
        await Promise.resolve(onReload()).catch(() => undefined);
        setConflict(true);
      }
      setBusy(false);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void run(() => onSave(text, reason.trim() || undefined, expected));
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
        aria-label={texts.newValue(label)}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        inputMode={numeric ? 'decimal' : undefined}
        placeholder={type === 'date' ? texts.dateHint : numeric ? texts.numberHint : undefined}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={busy}
        // The box opens on a deliberate action (button or double tap): the caret goes where it is typed.
        autoFocus
      />
      <input type="text" aria-label={texts.reason} placeholder={texts.reason} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} disabled={busy} />
      {error ? (
        <p id={errorId} className="cell-editor-error form-error" role="alert">
          {error}
          {conflict ? <span className="cell-editor-current">{texts.currentValue(shownText)}</span> : null}
        </p>
      ) : null}
      <div className="cell-editor-actions">
        <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
          {busy ? texts.saving : texts.save}
        </button>
        <button type="button" className="btn btn-small btn-secondary" onClick={onCancel} disabled={busy}>
          {texts.cancel}
        </button>
        {corrected ? (
          <button type="button" className="btn btn-small btn-secondary" onClick={() => void run(() => onRevert(expected))} disabled={busy}>
            {texts.revert}
          </button>
        ) : null}
        {children}
      </div>
    </form>
  );
}
