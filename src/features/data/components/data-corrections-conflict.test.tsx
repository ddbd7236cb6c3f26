// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CORRECTION_MESSAGES } from '../../../shared/messages/corrections.ts';
import { DataScreen } from './data-screen.tsx';

// Sixth attacker's audit (decision 037): another reviewer changes the cell while this one edits it.
// The server refuses (409 CELL_CHANGED) a correction whose `expected` is not the value stored; the
// editor must say so in words, show the value now, and keep what was typed.
type Row = Record<string, string | number | null>;

/** The server at the HTTP layer, checking `expected` as the real cell routes do. */
function stubApi() {
  const state = { rows: [{ nosolicitud: '009176', concepto: 'Urea', valor_total: 300000 }] as Row[] };
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/tables') return new Response('{}', { status: 503 });
      if (url.pathname.endsWith('/totals')) return new Response(JSON.stringify({ totals: {} }));
      if (url.pathname === '/api/tables/CostosDirectos/rows/41/cells/valor_total') {
        const body = JSON.parse(init!.body as string) as { value: string; expected?: unknown };
        sent.push(body);
        if (body.expected !== undefined && body.expected !== state.rows[0]!.valor_total) {
          return new Response(JSON.stringify({ error: CORRECTION_MESSAGES.cellChanged, detail: 'changed', code: 'CELL_CHANGED' }), { status: 409 });
        }
        state.rows[0]!.valor_total = Number(body.value.replace(/\./g, '').replace(',', '.'));
        return new Response(JSON.stringify({ data: {}, row: state.rows[0] }));
      }
      return new Response(JSON.stringify({ data: state.rows, meta: [{ id: 41, document_id: 7, corrected: {} }], pagination: { page: 1, total_pages: 1, total_items: 1 } }));
    }),
  );
  return { state, sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('a cell changed by someone else while it is edited', () => {
  it('says so, shows the value now, keeps what was typed, and saves once the reviewer decides again', async () => {
    const user = userEvent.setup();
    const { state, sent } = stubApi();
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={['/dashboard/data?table=CostosDirectos']}>
          <Routes>
            <Route path="/dashboard/data" element={<DataScreen canReview />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>,
    );
    await screen.findByText('Urea');
    await user.click(screen.getByRole('button', { name: 'Corregir Valor total' }));
    const input = screen.getByRole('textbox', { name: 'Nuevo valor de Valor total' });
    // Another reviewer saves 350.000 meanwhile.
    state.rows[0]!.valor_total = 350000;
    await user.clear(input);
    await user.type(input, '310.000{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CORRECTION_MESSAGES.cellChanged);
    await waitFor(() => expect(alert).toHaveTextContent(/Valor actual: \$?\s?350\.000/));
    expect(input).toHaveValue('310.000');
    expect(sent[0]).toMatchObject({ value: '310.000', expected: 300000 });

    // Having seen 350.000, the reviewer keeps their value: sent with the value now, it holds.
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Nuevo valor de Valor total' })).toBeNull());
    expect(sent[1]).toMatchObject({ value: '310.000', expected: 350000 });
    expect(state.rows[0]!.valor_total).toBe(310000);
  });
});
