// @vitest-environment jsdom
import { cache, serialize } from 'swr/_internal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants.ts';
import { tablesCatalogKey } from './api/get-tables-catalog.ts';
import { tableRowsKey } from './api/get-table-rows.ts';
import { preloadDataScreen } from './preload.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const noFilters = { nosolicitud: '', search: '', sortByNosolicitud: false };
const page = { data: [{ nosolicitud: '009176', concepto: 'Urea' }], pagination: { page: 1, page_size: 10, total_items: 1, total_pages: 1, has_next: false, has_previous: false } };

describe('the data screen asked for before its first render (issue 14)', () => {
  it('seeds SWR with each answer as loaded data, so the screen renders once, with its rows', async () => {
    localStorage.setItem('authToken', 't');
    const fetchFn = vi.fn(async (url: string) => new Response(JSON.stringify(String(url).includes('/tables/') ? page : { data: [] })));
    vi.stubGlobal('fetch', fetchFn);
    await preloadDataScreen(new URLSearchParams('table=CostosDirectos'));
    const rows = cache.get(serialize(tableRowsKey('CostosDirectos', 1, noFilters, DEFAULT_PAGE_SIZE))[0]);
    expect(rows).toMatchObject({ data: page, isLoading: false, isValidating: false });
    expect(cache.get(serialize(tablesCatalogKey)[0])).toMatchObject({ isLoading: false });
    expect(fetchFn).toHaveBeenCalledTimes(3);
  });

  it('seeds nothing for a failed answer, and still ends its wait', async () => {
    localStorage.setItem('authToken', 't');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":"x"}', { status: 500 })));
    await expect(preloadDataScreen(new URLSearchParams('table=EgresosOperacionales'))).resolves.toBeUndefined();
    expect(cache.get(serialize(tableRowsKey('EgresosOperacionales', 1, noFilters, DEFAULT_PAGE_SIZE))[0])).toBeUndefined();
  });
});
