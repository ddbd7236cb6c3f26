// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewResponse, ReviewRow } from '../../../shared/api/review.ts';
import { ReviewScreen } from './review-screen.tsx';

// Issue 12: a reviewer corrects a value from the review screen with the data screen's editor.
// pdf.js is not loaded in jsdom: the page itself is covered by tests/e2e/review.spec.ts.
vi.mock('../pdf/pdf-renderer.ts', () => ({ openPdf: vi.fn(), renderPage: vi.fn() }));

const box = { x0: 10, y0: 10, x1: 20, y1: 20 };
const typeFlag = { kind: 'type' as const, column: 'valor_total', message: 'Valor total: no se pudo leer como valor en pesos; se guardó el texto impreso.' };

function makeReview(): ReviewResponse['data'] {
  const row: ReviewRow = {
    id: 41,
    seq: 0,
    page: 1,
    values: { concepto: 'Urea', valor_total: 'l.5OO' },
    cells: { concepto: { text: 'Urea', box }, valor_total: { text: 'l.5OO', box } },
    flags: [typeFlag],
    corrected: {},
  };
  return {
    document_id: 7,
    filename: 'solicitud.pdf',
    status: 'processed',
    page_sizes: [{ page: 1, width: 612, height: 792, rotation: 0 }],
    tables: [
      {
        name: 'CostosDirectos',
        title: 'Costos directos',
        method: 'lattice',
        confidence: 0.88,
        pages: [1],
        boxes: [{ page: 1, box }],
        columns: [
          { key: 'concepto', label: 'Concepto', type: 'text' },
          { key: 'valor_total', label: 'Valor total', type: 'money' },
        ],
        rows: [row],
      },
    ],
  };
}

/** The server at the HTTP layer: the review, and the cell routes changing it as the real ones do. */
function stubApi() {
  const review = makeReview();
  const row = review.tables[0]!.rows[0]!;
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { value: string }) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/documents/7/review') return new Response(JSON.stringify({ data: review }));
      if (url.pathname === '/api/tables/CostosDirectos/rows/41/cells/valor_total') {
        if (method === 'DELETE') {
          row.values.valor_total = row.corrected.valor_total ?? null;
          row.corrected = {};
          row.flags = [typeFlag];
        } else if (!/^[\d.,]+$/.test(body!.value)) {
          return new Response(JSON.stringify({ error: `«${body!.value}» no es válido para Valor total.`, code: 'INVALID_VALUE' }), { status: 400 });
        } else {
          row.corrected = { valor_total: row.values.valor_total ?? null };
          row.values.valor_total = Number(body!.value.replace(/\./g, '').replace(',', '.'));
          row.flags = [];
        }
        return new Response(JSON.stringify({ data: {}, row: row.values }));
      }
      return new Response(JSON.stringify({ error: 'Archivo no encontrado' }), { status: 404 });
    }),
  );
  return calls;
}

function renderScreen(canReview: boolean) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>
        <ReviewScreen id="7" at={{}} canReview={canReview} />
      </MemoryRouter>
    </SWRConfig>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('correcting from the review screen', () => {
  it('without the review permission there is no edit control', async () => {
    stubApi();
    renderScreen(false);
    expect(await screen.findByRole('button', { name: /^Valor total: l\.5OO/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Corregir/ })).toBeNull();
  });

  it('a reviewer corrects a value (validated by the server, with a reason) and reverts it', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderScreen(true);
    await user.click(await screen.findByRole('button', { name: 'Corregir Valor total' }));
    const input = screen.getByRole('textbox', { name: 'Nuevo valor de Valor total' });
    expect(input).toHaveValue('l.5OO');
    expect(input).toHaveAttribute('placeholder', 'Ej.: 1.234.567,89');

    await user.clear(input);
    await user.type(input, 'mil');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('«mil» no es válido para Valor total.')).toHaveAttribute('role', 'alert');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, '1.500');
    await user.type(screen.getByRole('textbox', { name: 'Motivo (opcional)' }), 'OCR leyó l por 1');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const value = await screen.findByRole('button', { name: /^Valor total: \$\s?1\.500/ });
    expect(value).toHaveTextContent('Corregido');
    // The type flag went with the correction: no «Revisar» and no reason under the row.
    expect(value).not.toHaveTextContent('Revisar');
    expect(document.querySelector('tr.review-reasons')).toBeNull();
    expect(calls.find((c) => c.method === 'PUT' && (c.body as { value: string }).value === '1.500')?.body).toEqual({ value: '1.500', reason: 'OCR leyó l por 1', expected: 'l.5OO' });

    await user.click(screen.getByRole('button', { name: 'Corregir Valor total' }));
    expect(screen.getByRole('textbox', { name: 'Nuevo valor de Valor total' })).toHaveValue('1.500');
    await user.click(screen.getByRole('button', { name: 'Restaurar valor extraído' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Valor total: l\.5OO/ })).not.toHaveTextContent('Corregido'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('Escape closes the editor without saving', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderScreen(true);
    await user.click(await screen.findByRole('button', { name: 'Corregir Concepto' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
