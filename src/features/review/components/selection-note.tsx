import type { ReviewTable } from '../../../shared/api/review.ts';
import { formatValue } from '../format-value.ts';
import { cellPage, findRow, flagsOf, type Selection } from '../highlight.ts';
import { reviewMessages } from '../messages.ts';

/** The highlighted value in words: its table, column and value, what the PDF printed, and why it is flagged. */
export function SelectionNote({ tables, selection, page }: { tables: readonly ReviewTable[]; selection: Selection | null; page: number }) {
  const found = selection ? findRow(tables, selection.rowId) : undefined;
  if (!selection || !found) {
    return (
      <p className="review-selection muted" aria-live="polite">
        {reviewMessages.selectionNone}
      </p>
    );
  }
  const { table, row } = found;
  const column = table.columns.find((c) => c.key === selection.column);
  const cell = column ? row.cells[column.key] : undefined;
  const value = column ? formatValue(row.values[column.key], column.type) || reviewMessages.empty : '';
  const onPage = column ? cellPage(row, column.key) : row.page;
  const flags = flagsOf(row, column?.key ?? null);
  return (
    <div className="review-selection card" aria-live="polite">
      <p>
        <strong>{reviewMessages.selected}:</strong> {column ? reviewMessages.selection(table.title, column.label, value) : table.title}
      </p>
      {cell?.text ? <p>{reviewMessages.printedAs(cell.text)}</p> : null}
      {column && !cell?.box ? <p className="muted">{reviewMessages.noBox}</p> : null}
      {onPage !== null && onPage !== page ? <p className="muted">{reviewMessages.otherPage(onPage)}</p> : null}
      {column && column.key in row.corrected ? (
        <p>✎ {reviewMessages.correctedFrom(formatValue(row.corrected[column.key], column.type) || reviewMessages.empty)}</p>
      ) : null}
      {flags.length ? (
        <ul className="review-selection-flags">
          {flags.map((f) => (
            <li key={`${f.kind}-${f.column}`}>
              ⚠ <strong>{reviewMessages.flagKinds[f.kind]}:</strong> {f.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
