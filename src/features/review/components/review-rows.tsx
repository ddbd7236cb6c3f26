import { useEffect, useRef } from 'react';
import type { ReviewRow, ReviewTable } from '../../../shared/api/review.ts';
import { ScrollFrame } from '../../../ui/scroll-frame.tsx';
import '../../../ui/table.css';
import { formatValue } from '../format-value.ts';
import { flagsOf, isSelected, type Selection } from '../highlight.ts';
import { reviewMessages } from '../messages.ts';

interface ReviewRowsProps {
  tables: readonly { table: ReviewTable; tableIndex: number; rows: ReviewRow[] }[];
  selection: Selection | null;
  onSelect: (selection: Selection) => void;
}

/**
 * The rows extracted from the page shown, one table per table found. Every value is a button:
 * touching it highlights its cell on the page. A flagged value says «Revisar» and its row is
 * followed by the reasons in words; a corrected one says so.
 */
export function ReviewRows({ tables, selection, onSelect }: ReviewRowsProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector('.review-row.is-selected')?.scrollIntoView?.({ block: 'nearest' });
  }, [selection]);

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
                        {table.columns.map((c) => {
                          const value = formatValue(row.values[c.key], c.type);
                          const flagged = flagsOf(row, c.key).length > 0;
                          const corrected = c.key in row.corrected;
                          const selected = isSelected(selection, row.id, c.key);
                          return (
                            <td key={c.key}>
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
                            </td>
                          );
                        })}
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
