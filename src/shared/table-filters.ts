/**
 * The filters of a table's rows (spec §2, §7): part of a request number, a text search, and
 * grouping by request number. One shape for the data screen, its URL, the API calls and the export.
 */
export interface TableFilters {
  nosolicitud: string;
  search: string;
  sortByNosolicitud: boolean;
}

/**
 * Where the filters go: the data screen's URL (`search`, `nosolicitud`, `sortByNosolicitud=true`
 * only when on; spec §2) or an API call (`nosolicitud`, `sort_by_nosolicitud` always, `search`;
 * spec §7).
 */
export type FiltersTarget = 'url' | 'api';

/** The filters as query parameters for `target`, texts trimmed and left out when empty. */
export function filtersToQuery(filters: Partial<TableFilters>, target: FiltersTarget): Record<string, string> {
  const nosolicitud = filters.nosolicitud?.trim() || undefined;
  const search = filters.search?.trim() || undefined;
  const sort = filters.sortByNosolicitud ?? false;
  const entries: [string, string | undefined][] =
    target === 'api'
      ? [
          ['nosolicitud', nosolicitud],
          ['sort_by_nosolicitud', String(sort)],
          ['search', search],
        ]
      : [
          ['search', search],
          ['nosolicitud', nosolicitud],
          ['sortByNosolicitud', sort ? 'true' : undefined],
        ];
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The filters read back from the data screen's URL. */
export function filtersFromQuery(params: URLSearchParams): TableFilters {
  return {
    nosolicitud: params.get('nosolicitud') ?? '',
    search: params.get('search') ?? '',
    sortByNosolicitud: params.get('sortByNosolicitud') === 'true',
  };
}
