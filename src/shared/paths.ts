import { filtersToQuery, type TableFilters } from './table-filters.ts';

/** What the data screen's URL holds (spec §2): the table and its filters. */
export type DataQuery = { table?: string | null } & Partial<TableFilters>;

/** The data screen's query string, without '?': `table`, then the filters under their URL names. */
function dataSearch(params: DataQuery = {}): string {
  return new URLSearchParams({ ...(params.table ? { table: params.table } : {}), ...filtersToQuery(params, 'url') }).toString();
}

/** The web app's routes, in one table (bulletproof-react `config/paths.ts`). */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: {
    path: '/login',
    getHref: (redirectTo?: string | null) =>
      redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login',
  },
  unauthorized: { path: '/unauthorized', getHref: () => '/unauthorized' },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    upload: { path: '/dashboard/upload', getHref: () => '/dashboard/upload' },
    documents: { path: '/dashboard/documents', getHref: () => '/dashboard/documents' },
    document: {
      path: '/dashboard/documents/:id',
      getHref: (id: string | number) => `/dashboard/documents/${encodeURIComponent(String(id))}`,
    },
    /** Issue 12: a document against its PDF, optionally opened at a row's value or a page. */
    review: {
      path: '/dashboard/documents/:id/review',
      getHref: (documentId: number, at?: { rowId?: number; column?: string; page?: number }) => {
        const search = new URLSearchParams();
        if (at?.rowId !== undefined) search.set('row', String(at.rowId));
        if (at?.column) search.set('column', at.column);
        if (at?.page !== undefined) search.set('page', String(at.page));
        const qs = search.toString();
        return `/dashboard/documents/${encodeURIComponent(String(documentId))}/review${qs ? `?${qs}` : ''}`;
      },
    },
    data: {
      path: '/dashboard/data',
      getSearch: dataSearch,
      getHref: (params?: DataQuery) => {
        const qs = dataSearch(params);
        return qs ? `/dashboard/data?${qs}` : '/dashboard/data';
      },
    },
    users: { path: '/dashboard/users', getHref: () => '/dashboard/users' },
  },
} as const;

/** Where a successful login lands when the user came from nowhere in particular (spec §9). */
export const DEFAULT_LANDING = paths.dashboard.upload.path;
