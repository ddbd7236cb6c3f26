import type { ColumnInfo } from '../../../shared/api/tables.ts';
import type { CellValue } from '../../../shared/catalog/index.ts';
import { dataMessages } from '../messages.ts';
import { SortIcon } from '../../../ui/icons.tsx';
import { formatCell } from '../format-cell.ts';
import { truncateHeader, truncateNosolicitud } from '../truncate.ts';

type Row = Record<string, CellValue>;

interface DataTableProps {
  rows: readonly Row[];
  columns: readonly ColumnInfo[];
  sortByNosolicitud: boolean;
  onToggleSort: () => void;
  caption: string;
}

/** Columns come from the first row's keys (spec §2); the catalogue only lends types and labels. */
export function DataTable({ rows, columns, sortByNosolicitud, onToggleSort, caption }: DataTableProps) {
  const keys = Object.keys(rows[0] ?? {});
  const byKey = new Map(columns.map((c) => [c.key, c]));
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {keys.map((key) => {
              const label = byKey.get(key)?.label;
              const title = label && label !== key ? `${key} — ${label}` : key;
              if (key !== 'nosolicitud') {
                return (
                  <th key={key} scope="col" title={title}>
                    {truncateHeader(key)}
                  </th>
                );
              }
              return (
                <th key={key} scope="col" title={title} className="col-nosolicitud" aria-sort={sortByNosolicitud ? 'ascending' : 'none'}>
                  <span className="th-with-button">
                    {truncateHeader(key)}
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
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
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
                return (
                  <td key={key} className={numeric ? 'num' : undefined}>
                    {formatCell(value, type)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
