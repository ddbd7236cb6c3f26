/** The data screen's URL state (spec §2): table, search, nosolicitud, sortByNosolicitud. */
export interface DataFilters {
  table: string | null;
  search: string;
  nosolicitud: string;
  sortByNosolicitud: boolean;
}

export function readDataFilters(params: URLSearchParams): DataFilters {
  return {
    table: params.get('table'),
    search: params.get('search') ?? '',
    nosolicitud: params.get('nosolicitud') ?? '',
    sortByNosolicitud: params.get('sortByNosolicitud') === 'true',
  };
}

export function writeDataFilters(filters: DataFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.table) params.set('table', filters.table);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.nosolicitud.trim()) params.set('nosolicitud', filters.nosolicitud.trim());
  if (filters.sortByNosolicitud) params.set('sortByNosolicitud', 'true');
  return params;
}

/**
 * The table to show, or null when the URL names none or an unknown one: then the page redirects to
 * the first table of the list, or 'CultivoProyecto' when the list is empty.
 */
export function resolveTable(requested: string | null, known: readonly string[]): { table: string; redirect: boolean } {
  if (requested && known.includes(requested)) return { table: requested, redirect: false };
  return { table: known[0] ?? 'CultivoProyecto', redirect: true };
}
