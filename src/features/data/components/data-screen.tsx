import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../shared/paths.ts';
import type { TableFilters } from '../../../shared/table-filters.ts';
import { Pagination } from '../../../ui/pagination.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import '../../../ui/table.css';
import { useTableRows } from '../api/get-table-rows.ts';
import { useTablesCatalog } from '../api/get-tables-catalog.ts';
import { readDataQuery, resolveTable } from '../data-params.ts';
import { dataMessages } from '../messages.ts';
import { DataTable } from './data-table.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { SearchBar } from './search-bar.tsx';
import '../data.css';

/**
 * 'Datos Extraídos' (spec §2): one table at a time, filters mirrored in the URL, server paging.
 * Each table is a fresh view: keeping the last rows while the next page loads is smooth, but across
 * tables it would show one table's columns under another's name until the answer came.
 */
export function DataScreen() {
  const [searchParams] = useSearchParams();
  return <TableView key={searchParams.get('table') ?? ''} />;
}

function TableView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { tables } = useTablesCatalog();
  const { table: requested, filters } = readDataQuery(searchParams);
  const { table, redirect } = resolveTable(requested, tables.map((t) => t.name));
  const filterKey = searchParams.toString();
  // Spec §4: back to page 1 whenever the table, a filter or the sort changes. The page remembers the
  // filters it belongs to, so a change resets it in the same render (no request for a stale page).
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  useEffect(() => {
    if (!redirect) return;
    const { filters: kept } = readDataQuery(new URLSearchParams(filterKey));
    setSearchParams(paths.dashboard.data.getSearch({ table, ...kept }), { replace: true });
  }, [redirect, table, filterKey, setSearchParams]);

  const { data, error, isLoading } = useTableRows(redirect ? null : table, page, filters);

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
          <p className="page-subtitle">{dataMessages.subtitle(table)}</p>
        </div>
        <ExportButtons table={table} filters={filters} />
      </div>
      <SearchBar nosolicitud={filters.nosolicitud} search={filters.search} onApply={(values) => update(values)} />
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
          <DataTable
            rows={rows}
            columns={info?.columns ?? []}
            sortByNosolicitud={filters.sortByNosolicitud}
            onToggleSort={() => update({ sortByNosolicitud: !filters.sortByNosolicitud })}
            caption={info?.title ?? table}
          />
        )}
        {!error && rows.length > 0 ? (
          <Pagination page={page} totalPages={totalPages} onChange={setPage} />
        ) : null}
      </section>
    </div>
  );
}
