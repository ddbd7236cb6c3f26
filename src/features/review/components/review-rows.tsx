import { useDeferredValue, useEffect, useRef, useState } from 'react';
import type { ReviewRow, ReviewTable } from '../../../shared/api/review.ts';
import { ScrollFrame } from '../../../ui/scroll-frame.tsx';
import '../../../ui/table.css';
import { isSelected, type Selection } from '../highlight.ts';
import { reviewMessages } from '../messages.ts';
import { ReviewValueCell } from './review-value-cell.tsx';

interface ReviewRowsProps {
  tables: readonly { table: ReviewTable; tableIndex: number; rows: ReviewRow[] }[];
  selection: Selection | null;
  onSelect: (selection: Selection) => void;
  /** The user holds `review`: each value can be corrected in place. */
  canEdit?: boolean;
  /** After a correction or a revert was stored: re-read the review. */
  onCorrected?: () => Promise<unknown> | void;
}

/**
 * The rows extracted from the page shown, one table per table found. Every value is a button:
 * touching it highlights its cell on the page. A flagged value says «Revisar» and its row is
 * followed by the reasons in words; a corrected one says so. A reviewer corrects a value in place.
 */
export function ReviewRows({ tables: latest, selection, onSelect, canEdit = false, onCorrected = () => undefined }: ReviewRowsProps) {
  const ref = useRef<HTMLDivElement>(null);
  // A page's rows are hundreds of buttons: React builds them in a transition, in slices that leave
  // the main thread free between them, instead of one long task (Lighthouse's Total Blocking Time,
  // decision 055). Until the first build is in, nothing is shown (not "no rows on this page");
  // after it, a change (another page, a re-read) is shown at once.
  const tables = useDeferredValue(latest, null) === null ? null : latest;
  // The value being corrected (one at a time), by row id: stable across the re-read after saving.
  const [editing, setEditing] = useState<{ rowId: number; column: string } | null>(null);
  useEffect(() => {
    ref.current?.querySelector('.review-row.is-selected')?.scrollIntoView?.({ block: 'nearest' });
  }, [selection, tables]);

  if (tables === null) return null;
  if (tables.length === 0) return <p className="muted">{reviewMessages.noRowsOnPage}</p>;
  return (
    <div ref={ref} className="review-tables">
      {tables.map(({ table, tableIndex, rows }) => {
        const method = table.method ? (reviewMessages.methods[table.method] ?? table.method) : '';
        return (
          <section key={tableIndex} className="review-table" aria-labelledby={`review-table-${tableIndex}`}>
            <h3 id={`review-table-${tableIndex}`} className="review-table-title">
              {table.title}
            </h3>
            <p className="muted review-table-meta">{reviewMessages.tableMeta(method, table.confidence)}</p>
            <ScrollFrame label={table.title} hint={reviewMessages.scrollHint}>
              <table className="data-table review-values">
                <thead>
                  <tr>
                    {table.columns.map((c) => (
                      <th key={c.key} scope="col">
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.flatMap((row) => {
                    const reasons = row.flags.map((f) => f.message);
                    const rowSelected = isSelected(selection, row.id, null);
                    const out = [
                      <tr key={row.id} className={`review-row${rowSelected ? ' is-selected' : ''}`} data-row-id={row.id}>
                        {table.columns.map((c) => (
                          <ReviewValueCell
                            key={c.key}
                            table={table}
                            row={row}
                            column={c}
                            selection={selection}
                            onSelect={onSelect}
                            canEdit={canEdit}
                            editing={editing?.rowId === row.id && editing.column === c.key}
                            onEdit={(open) => setEditing(open ? { rowId: row.id, column: c.key } : null)}
                            onCorrected={onCorrected}
                          />
                        ))}
                      </tr>,
                    ];
                    if (reasons.length) {
                      out.push(
                        <tr key={`${row.id}-why`} className="review-reasons">
                          <td colSpan={table.columns.length}>
                            <ul>
                              {[...new Set(reasons)].map((r) => (
                                <li key={r}>⚠ {r}</li>
                              ))}
                            </ul>
                          </td>
                        </tr>,
                      );
                    }
                    return out;
                  })}
                </tbody>
              </table>
            </ScrollFrame>
          </section>
        );
      })}
    </div>
  );
}
