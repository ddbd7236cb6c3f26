import { useEffect, useState } from 'react';
import type { DocumentSort } from '../../../shared/api/documents.ts';
import { documentsMessages } from '../messages.ts';
import { SearchIcon } from '../../../ui/icons.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { FullPageSpinner } from '../../../ui/spinner.tsx';
import { useDocuments, type StatusFilter } from '../api/get-documents.ts';
import { DocumentCard } from './document-card.tsx';
import '../documents.css';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: '', label: documentsMessages.statusAll },
  { value: 'processed', label: documentsMessages.statusProcessed },
  { value: 'pending,processing', label: documentsMessages.statusProcessing },
  { value: 'error', label: documentsMessages.statusError },
];

/** Typing settles for a moment before asking the server, so each keystroke is not a request. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** 'Documentos' (spec §2): search, date order, visible status filter, server paging. */
export function DocumentsScreen() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput, 300);
  const [sort, setSort] = useState<DocumentSort>('desc');
  const [status, setStatus] = useState<StatusFilter>('');
  // Back to page 1 when the search, order or filter changes: the page remembers the filters it
  // belongs to, so the change resets it in the same render (no request for a stale page).
  const filterKey = JSON.stringify([search, sort, status]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });
  const { data, error, isLoading } = useDocuments({ page, search, sort, status });

  useEffect(() => {
    if (error) console.error(error); // Spec §8: a failed load is only logged.
  }, [error]);

  const items = data?.items ?? [];
  const pagination = data?.pagination;
  // The status filter narrows like a search does: 'upload your first document' would mislead.
  const searching = search.trim() !== '' || status !== '';

  return (
    <div className="page">
      <h1 className="page-title">{documentsMessages.title}</h1>
      <div className="toolbar" role="search">
        <div className="search-field">
          <SearchIcon className="search-field-icon" />
          <input
            type="search"
            aria-label={documentsMessages.search}
            placeholder={documentsMessages.search}
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
          />
        </div>
        <label className="inline-field">
          <span>{documentsMessages.sortLabel}</span>
          <select value={sort} onChange={(e) => setSort(e.target.value as DocumentSort)}>
            <option value="desc">{documentsMessages.newest}</option>
            <option value="asc">{documentsMessages.oldest}</option>
          </select>
        </label>
        <label className="inline-field">
          <span>{documentsMessages.statusLabel}</span>
          <select value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      <section className="card summary-card" aria-label={documentsMessages.total}>
        <span className="summary-label">{documentsMessages.total}</span>
        <span className="summary-value" data-testid="documents-total">
          {pagination?.total_items ?? 0}
        </span>
      </section>

      {isLoading && !data ? (
        <FullPageSpinner label={documentsMessages.loading} />
      ) : items.length === 0 ? (
        <div className="empty-state">
          <p className="empty-title">{documentsMessages.empty}</p>
          <p className="muted">{searching ? documentsMessages.emptySearchHint : documentsMessages.emptyHint}</p>
        </div>
      ) : (
        <>
          <ul className="document-list">
            {items.map((doc) => (
              <DocumentCard key={doc.id} doc={doc} />
            ))}
          </ul>
          {pagination && pagination.total_pages > 1 ? (
            <Pagination page={pagination.page} totalPages={pagination.total_pages} onChange={setPage} />
          ) : null}
        </>
      )}
    </div>
  );
}
