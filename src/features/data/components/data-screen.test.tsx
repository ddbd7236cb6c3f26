// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataScreen } from './data-screen.tsx';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderAt(url: string) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/dashboard/data"
            element={
              <>
                <DataScreen />
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

const rows = Array.from({ length: 10 }, (_, i) => ({
  nosolicitud: i === 0 ? '1234567890123456789012345' : '009176',
  concepto: `Concepto ${i}`,
  valor_total: 1234567,
  columna_adicional_muy_larga: 'x',
}));

// The browser's fetch, stubbed: the catalogue fails (fallback to the bundled ten), tables answer.
function stubApi(tablePage: (url: URL) => Response | Promise<Response>) {
  const fn = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/tables') return new Response('{}', { status: 503 });
    return tablePage(url);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('DataScreen (spec §2)', () => {
  it('redirects an unknown table to the first table of the list', async () => {
    stubApi(() => new Response(JSON.stringify({ data: [], pagination: { page: 1, total_pages: 1 } })));
    renderAt('/dashboard/data?table=Nope&search=urea');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?table=CultivoProyecto&search=urea'));
    expect(await screen.findByText('No hay datos disponibles')).toBeInTheDocument();
  });

  it('shows rows with truncation, formats money, and applies both searches on Enter, back to page 1', async () => {
    const user = userEvent.setup();
    const fetchFn = stubApi(() => new Response(JSON.stringify({ data: rows, pagination: { page: 1, total_pages: 3, total_items: 25 } })));
    renderAt('/dashboard/data?table=CostosDirectos');
    expect(await screen.findByText('1234567890123456789012345'.slice(0, 20) + '...')).toHaveAttribute('title', '1234567890123456789012345');
    expect(screen.getByRole('columnheader', { name: /^columna_adicion\.\.\./ })).toBeInTheDocument();
    expect(screen.getAllByText('$ 1.234.567')).toHaveLength(10);
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'N° solicitud' }), '0091');
    await user.type(screen.getByRole('textbox', { name: 'Buscar...' }), 'abono{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?table=CostosDirectos&search=abono&nosolicitud=0091'));
    expect(await screen.findByText('Página 1 de 3')).toBeInTheDocument();
    // The last rows request (the totals request that goes with it is GET …/totals).
    const rowCalls = fetchFn.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === '/api/tables/CostosDirectos');
    const last = rowCalls.at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toMatchObject({ page: '1', page_size: '10', nosolicitud: '0091', search: 'abono', sort_by_nosolicitud: 'false' });

    await user.click(screen.getByRole('button', { name: 'Agrupar y ordenar por N° solicitud' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('sortByNosolicitud=true'));
  });

  it('the search button goes back to page 1 even when the searches did not change', async () => {
    const user = userEvent.setup();
    const fetchFn = stubApi(() => new Response(JSON.stringify({ data: rows, pagination: { page: 1, total_pages: 3, total_items: 25 } })));
    renderAt('/dashboard/data?table=CostosDirectos&search=abono');
    await user.click(await screen.findByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();

    const before = fetchFn.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Página 1 de 3')).toBeInTheDocument();
    // Page 1 may come from the cache first; its revalidation is the request that follows.
    await waitFor(() => {
      const after = fetchFn.mock.calls.slice(before).map(([input]) => new URL(String(input), 'http://localhost'));
      expect(after.map((u) => Object.fromEntries(u.searchParams))).toContainEqual(expect.objectContaining({ page: '1', search: 'abono' }));
    });
  });

  it("switching tables shows 'Cargando datos...', never the previous table's rows under the new name", async () => {
    const user = userEvent.setup();
    stubApi((url) =>
      url.pathname.endsWith('/CostosDirectos')
        ? new Response(JSON.stringify({ data: rows, pagination: { page: 1, total_pages: 1, total_items: 10 } }))
        : new Promise<Response>(() => undefined),
    );
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={['/dashboard/data?table=CostosDirectos']}>
          <Routes>
            <Route
              path="/dashboard/data"
              element={
                <>
                  <Link to="/dashboard/data?table=CultivoProyecto">otra</Link>
                  <DataScreen />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </SWRConfig>,
    );
    expect(await screen.findAllByText('$ 1.234.567')).toHaveLength(10);
    await user.click(screen.getByRole('link', { name: 'otra' }));
    expect(await screen.findByText('Visualización de la tabla CultivoProyecto')).toBeInTheDocument();
    expect(screen.getByText('Cargando datos...')).toBeInTheDocument();
    expect(screen.queryByText('$ 1.234.567')).toBeNull();
  });

  it('shows the error in the table area and no rows', async () => {
    stubApi(() => new Response(JSON.stringify({ error: 'Tabla no encontrada', code: 'NOT_FOUND' }), { status: 404 }));
    renderAt('/dashboard/data?table=CostosDirectos');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Tabla no encontrada');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
