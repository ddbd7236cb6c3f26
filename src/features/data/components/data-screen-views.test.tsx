// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataScreen } from './data-screen.tsx';

function renderAt(url: string) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/dashboard/data" element={<DataScreen />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

type Handler = (url: URL) => unknown;

/** The browser's fetch, stubbed: the catalogue fails (the bundled ten are used), the rest by path. */
function stubApi(rowsOf: Handler, totalsOf: Handler = () => ({ totals: {} })) {
  const fn = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/tables') return new Response('{}', { status: 503 });
    const body = url.pathname.endsWith('/totals') ? totalsOf(url) : rowsOf(url);
    return new Response(JSON.stringify(body));
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

const pageOf = (data: object[], total = data.length, page = 1, size = 10) => ({
  data,
  pagination: { page, page_size: size, total_items: total, total_pages: Math.max(1, Math.ceil(total / size)), has_next: page * size < total, has_previous: page > 1 },
});

const rowRequests = (fn: ReturnType<typeof stubApi>, table: string) =>
  fn.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === `/api/tables/${table}`);

afterEach(() => vi.unstubAllGlobals());

describe('DataScreen (issue 12)', () => {
  it('shows the Spanish title next to the table name', async () => {
    stubApi(() => pageOf([]));
    renderAt('/dashboard/data?table=CostosDirectos');
    expect(screen.getByText('Visualización de la tabla CostosDirectos')).toBeInTheDocument();
    expect(screen.getByText('Costos directos', { selector: 'strong' })).toBeInTheDocument();
  });

  it('asks 10 rows per page by default, offers 25, 50 and 100, and remembers the choice', async () => {
    const user = userEvent.setup();
    const row = { nosolicitud: '1', concepto: 'Urea', valor_total: 5 };
    const fn = stubApi((url) => pageOf([row], 300, Number(url.searchParams.get('page')), Number(url.searchParams.get('page_size'))));
    const first = renderAt('/dashboard/data?table=CostosDirectos');
    const select = await screen.findByRole('combobox', { name: 'Filas por página' });
    expect(select).toHaveValue('10');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '25', '50', '100']);
    expect(rowRequests(fn, 'CostosDirectos').at(-1)!.searchParams.get('page_size')).toBe('10');
    expect(screen.getByText('Página 1 de 30')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Página 2 de 30')).toBeInTheDocument();
    await user.selectOptions(select, '50');
    // Back to page 1 with the new size.
    expect(await screen.findByText('Página 1 de 6')).toBeInTheDocument();
    expect(Object.fromEntries(rowRequests(fn, 'CostosDirectos').at(-1)!.searchParams)).toMatchObject({ page: '1', page_size: '50' });
    expect(localStorage.getItem('dataPageSize')).toBe('50');

    // A later visit starts with the remembered size.
    first.unmount();
    fn.mockClear();
    renderAt('/dashboard/data?table=CostosIndirectos');
    expect(await screen.findByRole('combobox', { name: 'Filas por página' })).toHaveValue('50');
    expect(rowRequests(fn, 'CostosIndirectos')[0]!.searchParams.get('page_size')).toBe('50');
  });

  it("ends the table with the server's totals of the filtered rows, asked with the same filters", async () => {
    const fn = stubApi(
      () => pageOf([{ nosolicitud: '1', concepto: 'Urea', cantidad: 2, valor_unitario: 10, valor_total: 20 }], 40),
      () => ({ totals: { cantidad: 80, valor_total: 1234567 } }),
    );
    renderAt('/dashboard/data?table=CostosDirectos&search=urea&nosolicitud=12');
    const total = (await screen.findByRole('rowheader', { name: 'Total' })).closest('tr')!;
    expect(within(total).getByText('$ 1.234.567')).toBeInTheDocument();
    expect(within(total).getByText('80')).toBeInTheDocument();
    const totalsCall = fn.mock.calls.map(([i]) => new URL(String(i), 'http://localhost')).find((u) => u.pathname === '/api/tables/CostosDirectos/totals')!;
    expect(Object.fromEntries(totalsCall.searchParams)).toEqual({ nosolicitud: '12', search: 'urea', sort_by_nosolicitud: 'false' });
  });

  it("offers 'Vista por periodo' on the cash flows only, the long form first", async () => {
    stubApi(() => pageOf([]));
    const view = renderAt('/dashboard/data?table=CostosDirectos');
    expect(screen.queryByRole('button', { name: 'Vista por periodo' })).toBeNull();
    view.unmount();
    renderAt('/dashboard/data?table=EgresosOperacionales');
    expect(screen.getByRole('button', { name: 'Vista detallada' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Vista por periodo' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('the period view: concepts down, periods across, totals per period equal to the sums of the rows', async () => {
    const user = userEvent.setup();
    const flow = [
      { nosolicitud: '900', concepto: 'Ventas', periodo: 'Mes 1', valor: 1000 },
      { nosolicitud: '900', concepto: 'Ventas', periodo: 'Mes 2', valor: 2000 },
      { nosolicitud: '900', concepto: 'Subsidio', periodo: 'Mes 1', valor: 300 },
      { nosolicitud: '900', concepto: 'Subsidio', periodo: 'Mes 2', valor: 400 },
    ];
    const fn = stubApi((url) => (url.searchParams.get('page_size') === '100' ? pageOf(flow, 4, 1, 100) : pageOf(flow)));
    renderAt('/dashboard/data?table=IngresosOperacionales&nosolicitud=900');
    expect(await screen.findByText('Página 1 de 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Vista por periodo' }));

    const table = await screen.findByRole('table', { name: /Vista por periodo/ });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['N° Solicitud', 'Concepto', 'Mes 1', 'Mes 2', 'Total']);
    const ventas = within(table).getByRole('rowheader', { name: 'Ventas' }).closest('tr')!;
    expect(within(ventas).getAllByRole('cell').map((c) => c.textContent)).toEqual(['900', '$ 1.000', '$ 2.000', '$ 3.000']);
    const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(within(total).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', '$ 1.300', '$ 2.400', '$ 3.700']);
    // Read with the API's largest page and the same filters.
    expect(Object.fromEntries(rowRequests(fn, 'IngresosOperacionales').at(-1)!.searchParams)).toMatchObject({ page_size: '100', nosolicitud: '900' });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('the period view says so when the filters select more rows than it reads', async () => {
    const user = userEvent.setup();
    const row = (i: number) => ({ nosolicitud: '1', concepto: `C${i % 7}`, periodo: `Mes ${i % 12}`, valor: 1 });
    stubApi((url) => {
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('page_size'));
      return pageOf(Array.from({ length: size }, (_, i) => row(i)), 1234, page, size);
    });
    renderAt('/dashboard/data?table=EgresosOperacionales');
    await user.click(screen.getByRole('button', { name: 'Vista por periodo' }));
    await waitFor(() => expect(screen.getByRole('note')).toHaveTextContent('Se muestran las primeras 500 de 1.234 filas'));
  });
});
