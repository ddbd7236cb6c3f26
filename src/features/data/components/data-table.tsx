import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { RowMeta } from '../../../shared/api/corrections.ts';
import type { ColumnInfo } from '../../../shared/api/tables.ts';
import { paths } from '../../../shared/paths.ts';
import { NUMERIC_TYPES, type CellValue, type ColumnType } from '../../../shared/catalog/index.ts';
import { dataMessages } from '../messages.ts';
import { PencilIcon, SortIcon } from '../../../ui/icons.tsx';
import { ScrollFrame } from '../../../ui/scroll-frame.tsx';
import { formatCell } from '../format-cell.ts';
import { CellEditor } from '../../../ui/cell-editor.tsx';
import { editableText } from '../../../lib/editable-text.ts';
import { correctCell, revertCell } from '../api/correct-cell.ts';
import { truncateHeader, truncateNosolicitud } from '../truncate.ts';

type Row = Record<string, CellValue>;

interface DataTableProps {
  rows: readonly Row[];
  columns: readonly ColumnInfo[];
  sortByNosolicitud: boolean;
  onToggleSort: () => void;
  caption: string;
  /** The totals row (issue 12): per summed column, over every filtered row; absent: no row. */
  totals?: Readonly<Record<string, number | null>> | undefined;
  /** Issue 12: per row (parallel to `rows`), its id, document and corrected cells; absent: no marks, no links. */
  meta?: readonly RowMeta[] | undefined;
  /** The catalogue table name (the cell routes'); needed to edit. */
  table?: string | undefined;
  /** The user holds `review` (from users/me): cells can be corrected in place. */
  canEdit?: boolean | undefined;
  /** After a correction or a revert was stored: re-read the rows (and totals). */
  onCorrected?: (() => Promise<unknown> | void) | undefined;
}

const isNumericType = (type: string | undefined) => (NUMERIC_TYPES as readonly string[]).includes(type as ColumnType);

/**
 * A header people read (issue 12): the catalogue's Spanish label, the row key (the spec's column
 * name, the one in exports) on a second, smaller line. Both cut as spec §2 cuts header names.
 */
function HeaderText({ name, label }: { name: string; label: string | undefined }) {
  if (!label || label === name) return <>{truncateHeader(name)}</>;
  return (
    <span>
      {truncateHeader(label)}{' '}
      <span className="th-key">{truncateHeader(name)}</span>
    </span>
  );
}

/**
 * Columns come from the first row's keys (spec §2); the catalogue only lends types and labels. The
 * N° Solicitud column stays in view while the table scrolls sideways.
 */
export function DataTable({ rows, columns, sortByNosolicitud, onToggleSort, caption, totals, meta, table, canEdit = false, onCorrected }: DataTableProps) {
  const keys = Object.keys(rows[0] ?? {});
  const byKey = new Map(columns.map((c) => [c.key, c]));
  // The cell being corrected: its row id (stable across re-reads) and column.
  const [editing, setEditing] = useState<{ rowId: number; key: string } | null>(null);
  const withLinks = meta !== undefined && meta.length === rows.length;
  return (
    <ScrollFrame label={caption} hint={dataMessages.scrollHint}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {keys.map((key) => {
              const label = byKey.get(key)?.label;
              const title = label && label !== key ? `${key} — ${label}` : key;
              if (key !== 'nosolicitud') {
                return (
                  <th key={key} scope="col" title={title} className={isNumericType(byKey.get(key)?.type) ? 'num' : undefined}>
                    <HeaderText name={key} label={label} />
                  </th>
                );
              }
              return (
                <th key={key} scope="col" title={title} className="col-nosolicitud" aria-sort={sortByNosolicitud ? 'ascending' : 'none'}>
                  <span className="th-with-button">
                    <HeaderText name={key} label={label} />
                    <button
                      type="button"
                      className={`icon-button sort-toggle${sortByNosolicitud ? ' is-active' : ''}`}
                      aria-pressed={sortByNosolicitud}
                      aria-label={sortByNosolicitud ? dataMessages.sortToggleOn : dataMessages.sortToggleOff}
                      title={sortByNosolicitud ? dataMessages.sortToggleOn : dataMessages.sortToggleOff}
                      onClick={onToggleSort}
                    >
                      <SortIcon width={16} height={16} />
                    </button>
                  </span>
                </th>
              );
            })}
            {withLinks ? (
              <th scope="col" className="col-pdf">
                {dataMessages.pdfColumn}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={withLinks ? meta[index]!.id : index}>
              {keys.map((key) => {
                const value = row[key];
                if (key === 'nosolicitud') {
                  const text = value === null || value === undefined ? '' : String(value);
                  return (
                    <td key={key} className="col-nosolicitud" title={text}>
                      {truncateNosolicitud(text)}
                    </td>
                  );
                }
                const type = byKey.get(key)?.type;
                const numeric = typeof value === 'number';
                const rowMeta = withLinks ? meta[index] : undefined;
                const corrected = rowMeta && key in rowMeta.corrected ? rowMeta.corrected[key] : undefined;
                const isCorrected = rowMeta !== undefined && key in rowMeta.corrected;
                const hint = isCorrected ? dataMessages.correctedHint(formatCell(corrected, type)) : undefined;
                const label = byKey.get(key)?.label ?? key;
                const editable = canEdit && rowMeta !== undefined && table !== undefined;
                if (editable && editing?.rowId === rowMeta.id && editing.key === key) {
                  return (
                    <td key={key} className="cell-editing">
                      <CellEditor
                        label={label}
                        type={type}
                        initialText={editableText(value, type)}
                        value={value ?? null}
                        shownText={formatCell(value, type)}
                        corrected={isCorrected}
                        texts={dataMessages}
                        onSave={(text, reason, expected) => correctCell(table, rowMeta.id, key, { value: text, expected, ...(reason ? { reason } : {}) })}
                        onRevert={(expected) => revertCell(table, rowMeta.id, key, expected)}
                        onDone={async () => {
                          await onCorrected?.();
                          setEditing(null);
                        }}
                        onReload={() => onCorrected?.()}
                        onCancel={() => setEditing(null)}
                      >
                        <Link className="cell-editor-link" to={paths.dashboard.review.getHref(rowMeta.document_id, { rowId: rowMeta.id, column: key })}>
                          {dataMessages.viewInPdf}
                        </Link>
                      </CellEditor>
                    </td>
                  );
                }
                const classes = [numeric ? 'num' : '', isCorrected ? 'is-corrected' : '', editable ? 'is-editable' : ''].filter(Boolean).join(' ');
                return (
                  <td
                    key={key}
                    className={classes || undefined}
                    title={hint}
                    onDoubleClick={editable ? () => setEditing({ rowId: rowMeta.id, key }) : undefined}
                  >
                    {formatCell(value, type)}
                    {isCorrected ? (
                      <>
                        <span className="corrected-mark" aria-hidden="true">
                          ✎
                        </span>
                        <span className="visually-hidden">{` (${hint})`}</span>
                      </>
                    ) : null}
                    {editable ? (
                      <button
                        type="button"
                        className="icon-button cell-edit-button"
                        aria-label={dataMessages.edit(label)}
                        title={dataMessages.edit(label)}
                        onClick={() => setEditing({ rowId: rowMeta.id, key })}
                      >
                        <PencilIcon width={16} height={16} />
                      </button>
                    ) : null}
                  </td>
                );
              })}
              {withLinks ? (
                <td className="col-pdf">
                  <Link to={paths.dashboard.review.getHref(meta[index]!.document_id, { rowId: meta[index]!.id })} aria-label={dataMessages.viewInPdfRow(index + 1)}>
                    {dataMessages.viewInPdf}
                  </Link>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        {totals && Object.keys(totals).length > 0 ? (
          <tfoot>
            <tr className="totals-row">
              {keys.map((key, index) => {
                if (index === 0) {
                  return (
                    <th key={key} scope="row" className={key === 'nosolicitud' ? 'col-nosolicitud' : undefined} title={dataMessages.totalHint}>
                      {dataMessages.total}
                    </th>
                  );
                }
                const total = totals[key];
                return (
                  <td key={key} className={total === undefined ? undefined : 'num'}>
                    {total === undefined ? '' : formatCell(total, byKey.get(key)?.type)}
                  </td>
                );
              })}
              {withLinks ? <td className="col-pdf" /> : null}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </ScrollFrame>
  );
}
