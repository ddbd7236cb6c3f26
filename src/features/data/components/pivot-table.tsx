import type { ColumnInfo } from '../../../shared/api/tables.ts';
import type { TableFilters } from '../../../shared/table-filters.ts';
import { formatNumber } from '../../../lib/format-number.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { ScrollFrame } from '../../../ui/scroll-frame.tsx';
import { usePivotRows } from '../api/get-pivot-rows.ts';
import { formatCell } from '../format-cell.ts';
import { dataMessages } from '../messages.ts';
import { pivotRows, type PivotSpec } from '../pivot.ts';
import { truncateNosolicitud } from '../truncate.ts';

interface PivotTableProps {
  table: string;
  filters: TableFilters;
  spec: PivotSpec;
  columns: readonly ColumnInfo[];
  caption: string;
}

/**
 * 'Vista por periodo' (issue 12): a cash flow as the PDF prints it, concepts down, periods across,
 * a total per concept and per period. Built here from the filtered rows (at most PIVOT_MAX_ROWS):
 * the rows API already filters, and the grid is a few hundred cells.
 */
export function PivotTable({ table, filters, spec, columns, caption }: PivotTableProps) {
  const { data, error, isLoading } = usePivotRows(table, filters);
  if (isLoading && !data) {
    return (
      <div className="table-message" role="status">
        <Spinner /> {dataMessages.loading}
      </div>
    );
  }
  if (error) {
    return (
      <p className="table-message form-error" role="alert">
        {dataMessages.error(error instanceof Error ? error.message : String(error))}
      </p>
    );
  }
  if (!data || data.rows.length === 0) return <p className="table-message muted">{dataMessages.empty}</p>;

  const pivot = pivotRows(data.rows, spec);
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const valueType = byKey.get(spec.value)?.type;
  const money = (value: number | null | undefined) => (value === null || value === undefined ? '' : formatCell(value, valueType));
  const periodLabel = (period: string) => period || dataMessages.noPeriod;
  return (
    <>
      {data.total > data.rows.length ? (
        <p className="table-note muted" role="note">
          {dataMessages.pivotTruncated(formatNumber(data.rows.length, 0), formatNumber(data.total, 0))}
        </p>
      ) : null}
      <ScrollFrame label={`${caption} — ${dataMessages.viewPeriod}`} hint={dataMessages.scrollHint}>
        <table className="data-table pivot-table">
          <caption className="visually-hidden">{`${caption} — ${dataMessages.viewPeriod}`}</caption>
          <thead>
            <tr>
              <th scope="col" className="col-nosolicitud">
                {byKey.get('nosolicitud')?.label ?? 'nosolicitud'}
              </th>
              <th scope="col">{byKey.get(spec.concept)?.label ?? dataMessages.concept}</th>
              {pivot.periods.map((period) => (
                <th key={period} scope="col" className="num">
                  {periodLabel(period)}
                </th>
              ))}
              <th scope="col" className="num">
                {dataMessages.total}
              </th>
            </tr>
          </thead>
          <tbody>
            {pivot.lines.map((line) => (
              <tr key={`${line.nosolicitud}\u0000${line.concept}`}>
                <td className="col-nosolicitud" title={line.nosolicitud}>
                  {truncateNosolicitud(line.nosolicitud)}
                </td>
                <th scope="row" className="pivot-concept">
                  {line.concept}
                </th>
                {pivot.periods.map((period) => (
                  <td key={period} className="num">
                    {money(line.values[period])}
                  </td>
                ))}
                <td className="num pivot-line-total">{money(line.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="totals-row">
              <th scope="row" className="col-nosolicitud">
                {dataMessages.total}
              </th>
              <td />
              {pivot.periods.map((period) => (
                <td key={period} className="num">
                  {money(pivot.totals[period] ?? null)}
                </td>
              ))}
              <td className="num">{money(pivot.total)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollFrame>
    </>
  );
}
