import { useEffect, useState } from 'react';
import type { DocumentSort } from '../../../shared/api/documents.ts';
import { documentsMessages } from '../messages.ts';
import { SearchIcon } from '../../../ui/icons.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { SelectField, type SelectOption } from '../../../ui/select-field.tsx';
import { FullPageSpinner } from '../../../ui/spinner.tsx';
import { useDocuments, type ReviewedFilter, type StatusFilter, type WarningsFilter } from '../api/get-documents.ts';
import { DocumentCard } from './document-card.tsx';
import '../documents.css';

const SORT_OPTIONS: SelectOption<DocumentSort>[] = [
  { value: 'desc', label: documentsMessages.newest },
  { value: 'asc', label: documentsMessages.oldest },
];

const STATUS_OPTIONS: SelectOption<StatusFilter>[] = [
  { value: '', label: documentsMessages.statusAll },
  { value: 'processed', label: documentsMessages.statusProcessed },
  { value: 'pending,processing', label: documentsMessages.statusProcessing },
  { value: 'error', label: documentsMessages.statusError },
];

const REVIEWED_OPTIONS: SelectOption<ReviewedFilter>[] = [
  { value: '', label: documentsMessages.all },
  { value: 'true', label: documentsMessages.onlyReviewed },
  { value: 'false', label: documentsMessages.onlyNotReviewed },
];

const WARNINGS_OPTIONS: SelectOption<WarningsFilter>[] = [
  { value: '', label: documentsMessages.all },
  { value: 'true', label: documentsMessages.withWarnings },
  { value: 'false', label: documentsMessages.withoutWarnings },
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
  const [reviewed, setReviewed] = useState<ReviewedFilter>('');
  const [warnings, setWarnings] = useState<WarningsFilter>('');
  // Back to page 1 when the search, order or filter changes: the page remembers the filters it
  // belongs to, so the change resets it in the same render (no request for a stale page).
  const filterKey = JSON.stringify([search, sort, status, reviewed, warnings]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });
  const { data, error, isLoading } = useDocuments({ page, search, sort, status, reviewed, warnings });

  useEffect(() => {
    if (error) console.error(error); // Spec §8: a failed load is only logged.
  }, [error]);

  const items = data?.items ?? [];
  const pagination = data?.pagination;
  // The status filter narrows like a search does: 'upload your first document' would mislead.
  const searching = search.trim() !== '' || status !== '' || reviewed !== '' || warnings !== '';

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
        <SelectField label={documentsMessages.sortLabel} value={sort} options={SORT_OPTIONS} onChange={setSort} />
        <SelectField label={documentsMessages.statusLabel} value={status} options={STATUS_OPTIONS} onChange={setStatus} />
        <SelectField label={documentsMessages.filterReviewed} value={reviewed} options={REVIEWED_OPTIONS} onChange={setReviewed} />
        <SelectField label={documentsMessages.filterWarnings} value={warnings} options={WARNINGS_OPTIONS} onChange={setWarnings} />
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
          <ul className={`document-list${items.some((d) => d.correctionsCount !== null) ? ' has-corrections' : ''}`}>
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
