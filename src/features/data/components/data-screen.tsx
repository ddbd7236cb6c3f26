import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../shared/paths.ts';
import type { TableFilters } from '../../../shared/table-filters.ts';
import { Pagination } from '../../../ui/pagination.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import '../../../ui/table.css';
import { useTableRows } from '../api/get-table-rows.ts';
import { useTableTotals } from '../api/get-table-totals.ts';
import { useTablesCatalog } from '../api/get-tables-catalog.ts';
import { readDataQuery, resolveTable } from '../data-params.ts';
import { dataMessages } from '../messages.ts';
import { PIVOT_TABLES } from '../pivot.ts';
import { useRowsPerPage } from '../rows-per-page.ts';
import { DataTable } from './data-table.tsx';
import { TableConfidence } from './table-confidence.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { PivotTable } from './pivot-table.tsx';
import { RowsPerPage } from './rows-per-page.tsx';
import { SearchBar } from './search-bar.tsx';
import '../data.css';

/**
 * 'Datos Extraídos' (spec §2): one table at a time, filters mirrored in the URL, server paging.
 * Each table is a fresh view: keeping the last rows while the next page loads is smooth, but across
 * tables it would show one table's columns under another's name until the answer came.
 */
export function DataScreen({ canReview = false }: { canReview?: boolean }) {
  const [searchParams] = useSearchParams();
  return <TableView key={searchParams.get('table') ?? ''} canReview={canReview} />;
}

/** `canReview`: the user holds `review` (users/me, passed by the route): cells can be corrected in place (issue 12). */
function TableView({ canReview }: { canReview: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { tables } = useTablesCatalog();
  const { table: requested, filters } = readDataQuery(searchParams);
  const { table, redirect } = resolveTable(requested, tables.map((t) => t.name));
  const filterKey = searchParams.toString();
  const [pageSize, setPageSize] = useRowsPerPage();
  // Spec §4: back to page 1 whenever the table, a filter or the sort changes (and the rows per
  // page). The page remembers the filters it belongs to, so a change resets it in the same render
  // (no request for a stale page).
  const pagingKey = `${filterKey}|${pageSize}`;
  const [paging, setPaging] = useState({ pagingKey, page: 1 });
  const page = paging.pagingKey === pagingKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ pagingKey, page: next });
  // Issue 12: the cash flows can also be read as the PDF prints them; the long form stays the default.
  const [view, setView] = useState<'long' | 'period'>('long');

  useEffect(() => {
    if (!redirect) return;
    const { filters: kept } = readDataQuery(new URLSearchParams(filterKey));
    setSearchParams(paths.dashboard.data.getSearch({ table, ...kept }), { replace: true });
  }, [redirect, table, filterKey, setSearchParams]);

  const pivotSpec = PIVOT_TABLES[table];
  const byPeriod = view === 'period' && pivotSpec !== undefined;
  const { data, error, isLoading, mutate } = useTableRows(redirect || byPeriod ? null : table, page, filters, pageSize);
  const { data: totals, mutate: mutateTotals } = useTableTotals(redirect || byPeriod ? null : table, filters);

  function update(next: Partial<TableFilters>) {
    const search = paths.dashboard.data.getSearch({ table, ...filters, ...next });
    // Applying the searches goes back to page 1 even when they did not change (spec §2); a
    // changed URL resets the page by itself.
    if (search === filterKey) setPage(1);
    else setSearchParams(search);
  }

  const info = tables.find((t) => t.name === table);
  const rows = error ? [] : (data?.data ?? []);
  const totalPages = data?.pagination.total_pages ?? 1;

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">{dataMessages.title}</h1>
          <p className="page-subtitle">
            <span>{dataMessages.subtitle(table)}</span>
            {info && info.title !== table ? (
              <>
                {' — '}
                <strong>{info.title}</strong>
              </>
            ) : null}
          </p>
        </div>
        <ExportButtons table={table} filters={filters} />
      </div>
      <SearchBar nosolicitud={filters.nosolicitud} search={filters.search} onApply={(values) => update(values)} />
      {pivotSpec ? (
        <div className="view-switch" role="group" aria-label={dataMessages.viewLabel}>
          {(['long', 'period'] as const).map((v) => (
            <button key={v} type="button" className="btn btn-secondary" aria-pressed={view === v} onClick={() => setView(v)}>
              {v === 'long' ? dataMessages.viewLong : dataMessages.viewPeriod}
            </button>
          ))}
        </div>
      ) : null}
      {byPeriod ? (
        <section className="card table-card">
          <PivotTable table={table} filters={filters} spec={pivotSpec} columns={info?.columns ?? []} caption={info?.title ?? table} />
        </section>
      ) : (
        <section className="card table-card" aria-busy={isLoading}>
          {isLoading && !data ? (
            <div className="table-message" role="status">
              <Spinner /> {dataMessages.loading}
            </div>
          ) : error ? (
            <p className="table-message form-error" role="alert">
              {dataMessages.error(error instanceof Error ? error.message : String(error))}
            </p>
          ) : rows.length === 0 ? (
            <p className="table-message muted">{dataMessages.empty}</p>
          ) : (
            <>
            <TableConfidence documents={data?.documents ?? []} />
            <DataTable
              rows={rows}
              columns={info?.columns ?? []}
              sortByNosolicitud={filters.sortByNosolicitud}
              onToggleSort={() => update({ sortByNosolicitud: !filters.sortByNosolicitud })}
              caption={info?.title ?? table}
              totals={totals}
              meta={data?.meta}
              table={table}
              canEdit={canReview}
              onCorrected={() => Promise.all([mutate(), mutateTotals()])}
            />
            </>
          )}
          {!error && rows.length > 0 ? (
            <div className="table-footer">
              <RowsPerPage value={pageSize} onChange={setPageSize} />
              <Pagination page={page} totalPages={totalPages} onChange={setPage} />
            </div>
          ) : null}
        </section>
      )}
    </div>
  );
}
