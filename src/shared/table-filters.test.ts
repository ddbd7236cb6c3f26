import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';
import { filtersFromQuery, filtersToQuery } from './table-filters.ts';

describe('filtersToQuery', () => {
  const filters = { nosolicitud: ' 0091 ', search: 'abono', sortByNosolicitud: false };

  it('the API (spec §7): nosolicitud and search only when present, sort_by_nosolicitud always', () => {
    expect(filtersToQuery(filters, 'api')).toEqual({ nosolicitud: '0091', sort_by_nosolicitud: 'false', search: 'abono' });
    expect(filtersToQuery({ nosolicitud: '', search: '  ', sortByNosolicitud: true }, 'api')).toEqual({ sort_by_nosolicitud: 'true' });
  });

  it('the data screen URL (spec §2): sortByNosolicitud only when on, and read back the same', () => {
    expect(filtersToQuery(filters, 'url')).toEqual({ search: 'abono', nosolicitud: '0091' });
    const url = new URLSearchParams(filtersToQuery({ ...filters, sortByNosolicitud: true }, 'url'));
    expect(url.toString()).toBe('search=abono&nosolicitud=0091&sortByNosolicitud=true');
    expect(filtersFromQuery(url)).toEqual({ nosolicitud: '0091', search: 'abono', sortByNosolicitud: true });
  });

  it('builds the links to the data screen', () => {
    expect(paths.dashboard.data.getHref()).toBe('/dashboard/data');
    expect(paths.dashboard.data.getHref({ table: 'CostosDirectos', nosolicitud: '009176' })).toBe('/dashboard/data?table=CostosDirectos&nosolicitud=009176');
  });
});
