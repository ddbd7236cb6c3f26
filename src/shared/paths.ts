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
    data: {
      path: '/dashboard/data',
      getHref: (params?: { table?: string; nosolicitud?: string; search?: string; sortByNosolicitud?: boolean }) => {
        const query = new URLSearchParams();
        if (params?.table) query.set('table', params.table);
        if (params?.search) query.set('search', params.search);
        if (params?.nosolicitud) query.set('nosolicitud', params.nosolicitud);
        if (params?.sortByNosolicitud) query.set('sortByNosolicitud', 'true');
        const qs = query.toString();
        return qs ? `/dashboard/data?${qs}` : '/dashboard/data';
      },
    },
    users: { path: '/dashboard/users', getHref: () => '/dashboard/users' },
  },
} as const;

/** Where a successful login lands when the user came from nowhere in particular (spec §9). */
export const DEFAULT_LANDING = paths.dashboard.upload.path;
