import type { ReviewRow, ReviewTable } from '../../../shared/api/review.ts';
import { editableText } from '../../../lib/editable-text.ts';
import { CellEditor } from '../../../ui/cell-editor.tsx';
import { PencilIcon } from '../../../ui/icons.tsx';
import { correctCell, revertCell } from '../api/correct-cell.ts';
import { formatValue } from '../format-value.ts';
import { flagsOf, isSelected, type Selection } from '../highlight.ts';
import { reviewMessages } from '../messages.ts';

interface ReviewValueCellProps {
  table: ReviewTable;
  row: ReviewRow;
  column: ReviewTable['columns'][number];
  selection: Selection | null;
  onSelect: (selection: Selection) => void;
  /** The user holds `review`: a pencil beside the value opens the editor. */
  canEdit: boolean;
  editing: boolean;
  onEdit: (open: boolean) => void;
  /** After a correction or a revert was stored: the review re-read (values, marks, flags, boxes). */
  onCorrected: () => Promise<unknown> | void;
}

/**
 * One value of the rows beside the page: a button that highlights its cell on the page, and for a
 * reviewer a pencil that corrects it in place with the data screen's editor (issue 12).
 */
export function ReviewValueCell({ table, row, column: c, selection, onSelect, canEdit, editing, onEdit, onCorrected }: ReviewValueCellProps) {
  const value = formatValue(row.values[c.key], c.type);
  const flagged = flagsOf(row, c.key).length > 0;
  const corrected = c.key in row.corrected;
  const selected = isSelected(selection, row.id, c.key);
  if (canEdit && editing) {
    return (
      <td className="review-editing">
        <CellEditor
          label={c.label}
          type={c.type}
          initialText={editableText(row.values[c.key], c.type)}
          value={row.values[c.key] ?? null}
          shownText={value}
          corrected={corrected}
          texts={reviewMessages}
          onSave={(text, reason, expected) => correctCell(table.name, row.id, c.key, { value: text, expected, ...(reason ? { reason } : {}) })}
          onRevert={(expected) => revertCell(table.name, row.id, c.key, expected)}
          onDone={async () => {
            await onCorrected();
            onEdit(false);
          }}
          onReload={onCorrected}
          onCancel={() => onEdit(false)}
        />
      </td>
    );
  }
  return (
    <td>
      <div className="review-value-wrap">
        <button
          type="button"
          className={`review-value${selected ? ' is-selected' : ''}${flagged ? ' is-flagged' : ''}`}
          aria-pressed={selected}
          aria-label={reviewMessages.valueButton(c.label, value || reviewMessages.empty)}
          data-column={c.key}
          onClick={() => onSelect({ rowId: row.id, column: c.key })}
        >
          <span>{value || '—'}</span>
          {flagged ? <span className="review-badge review-badge-flag">⚠ {reviewMessages.flagged}</span> : null}
          {corrected ? <span className="review-badge review-badge-corrected">✎ {reviewMessages.corrected}</span> : null}
        </button>
        {canEdit ? (
          <button
            type="button"
            className="icon-button review-edit-button"
            aria-label={reviewMessages.edit(c.label)}
            title={reviewMessages.edit(c.label)}
            data-edit-column={c.key}
            onClick={() => {
              onSelect({ rowId: row.id, column: c.key });
              onEdit(true);
            }}
          >
            <PencilIcon width={16} height={16} />
          </button>
        ) : null}
      </div>
    </td>
  );
}
