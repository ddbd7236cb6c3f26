// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataScreen } from './data-screen.tsx';

// Issue 12: corrected cells are marked; a reviewer corrects and reverts in place.
type Row = Record<string, string | number | null>;
type Meta = { id: number; document_id: number; corrected: Record<string, string | number | null> };

function makeState() {
  return {
    rows: [
      { nosolicitud: '009176', concepto: 'Urea', valor_total: 300000 },
      { nosolicitud: '009176', concepto: 'Jornal', valor_total: 200000 },
    ] as Row[],
    meta: [
      { id: 41, document_id: 7, corrected: {} },
      { id: 42, document_id: 7, corrected: { concepto: 'Jornales' } },
    ] as Meta[],
  };
}

/** The server, at the HTTP layer: rows with meta, and the cell routes. */
function stubApi(state = makeState()) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fn = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/tables') return new Response('{}', { status: 503 });
    if (url.pathname.endsWith('/totals')) return new Response(JSON.stringify({ totals: {} }));
    const cell = /^\/api\/tables\/CostosDirectos\/rows\/(\d+)\/cells\/(\w+)$/.exec(url.pathname);
    if (cell) {
      const i = state.meta.findIndex((m) => m.id === Number(cell[1]));
      const column = cell[2]!;
      if (method === 'DELETE') {
        state.rows[i]![column] = state.meta[i]!.corrected[column] ?? null;
        delete state.meta[i]!.corrected[column];
        return new Response(JSON.stringify({ data: {}, row: state.rows[i] }));
      }
      const value = (body as { value: string }).value;
      if (!/^[\d.,]+$/.test(value)) {
        return new Response(JSON.stringify({ error: `«${value}» no es válido para Valor total: escribe un valor en pesos, por ejemplo 1.234.567,89 o 1234567.`, code: 'INVALID_VALUE' }), { status: 400 });
      }
      if (!(column in state.meta[i]!.corrected)) state.meta[i]!.corrected[column] = state.rows[i]![column] ?? null;
      state.rows[i]![column] = Number(value.replace(/\./g, '').replace(',', '.'));
      return new Response(JSON.stringify({ data: {}, row: state.rows[i] }));
    }
    return new Response(JSON.stringify({ data: state.rows, meta: state.meta, pagination: { page: 1, total_pages: 1, total_items: 2 } }));
  });
  vi.stubGlobal('fetch', fn);
  return { calls, state };
}

function renderScreen(canReview: boolean) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={['/dashboard/data?table=CostosDirectos']}>
        <Routes>
          <Route path="/dashboard/data" element={<DataScreen canReview={canReview} />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('corrected cells (issue 12)', () => {
  it('marks a corrected cell with a visible mark and says its extracted value, not by colour alone', async () => {
    stubApi();
    renderScreen(false);
    const cell = (await screen.findByText('Jornal')).closest('td')!;
    expect(cell).toHaveClass('is-corrected');
    expect(cell).toHaveAttribute('title', 'Corregido; valor extraído: Jornales');
    expect(cell).toHaveTextContent('✎');
    expect(within(cell).getByText(/Corregido; valor extraído: Jornales/)).toHaveClass('visually-hidden');
    const plain = screen.getByText('Urea').closest('td')!;
    expect(plain).not.toHaveClass('is-corrected');
    expect(plain).not.toHaveAttribute('title');
  });

  it("links every row to the review screen ('Ver en el PDF') with its document and row ids", async () => {
    stubApi();
    renderScreen(false);
    const links = await screen.findAllByRole('link', { name: /^Ver en el PDF/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/dashboard/documents/7/review?row=41', '/dashboard/documents/7/review?row=42']);
  });

  it('offers no edit without the review permission', async () => {
    stubApi();
    renderScreen(false);
    await screen.findByText('Urea');
    expect(screen.queryByRole('button', { name: /^Corregir/ })).toBeNull();
  });

  it("corrects a value in place: the server's Spanish refusal beside the cell, then the new value marked", async () => {
    const user = userEvent.setup();
    const { calls } = stubApi();
    renderScreen(true);
    await screen.findByText('Urea');
    await user.click(screen.getAllByRole('button', { name: 'Corregir Valor total' })[0]!);
    const input = screen.getByRole('textbox', { name: 'Nuevo valor de Valor total' });
    expect(input).toHaveValue('300.000');
    expect(input).toHaveFocus();

    await user.clear(input);
    await user.type(input, '12abc{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('«12abc» no es válido para Valor total: escribe un valor en pesos, por ejemplo 1.234.567,89 o 1234567.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.closest('td')).not.toBeNull();

    await user.clear(input);
    await user.type(input, '1.234.567,89');
    await user.type(screen.getByRole('textbox', { name: 'Motivo (opcional)' }), 'El PDF dice otra cifra');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    const cell = (await screen.findByText('$ 1.234.567,89')).closest('td')!;
    expect(cell).toHaveAttribute('title', 'Corregido; valor extraído: $ 300.000');
    expect(screen.queryByRole('textbox', { name: 'Nuevo valor de Valor total' })).toBeNull();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.at(-1)).toEqual({ method: 'PUT', path: '/api/tables/CostosDirectos/rows/41/cells/valor_total', body: { value: '1.234.567,89', reason: 'El PDF dice otra cifra', expected: 300000 } });
  });

  it('cancels with Escape, sending nothing', async () => {
    const user = userEvent.setup();
    const { calls } = stubApi();
    renderScreen(true);
    await screen.findByText('Urea');
    await user.click(screen.getAllByRole('button', { name: 'Corregir Concepto' })[0]!);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Nuevo valor de Concepto' })).toBeNull();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('reverts a corrected cell to the extracted value', async () => {
    const user = userEvent.setup();
    const { calls } = stubApi();
    renderScreen(true);
    await screen.findByText('Jornal');
    await user.click(screen.getAllByRole('button', { name: 'Corregir Concepto' })[1]!);
    await user.click(screen.getByRole('button', { name: 'Restaurar valor extraído' }));
    const cell = (await screen.findByText('Jornales')).closest('td')!;
    await waitFor(() => expect(cell).not.toHaveClass('is-corrected'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/tables/CostosDirectos/rows/42/cells/concepto']);
  });
});
