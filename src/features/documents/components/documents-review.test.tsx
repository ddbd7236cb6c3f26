// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentDetailView } from './document-detail.tsx';
import { DocumentsScreen } from './documents-screen.tsx';

// Issue 12: 'Revisado', the list's filters, a repeated N° Solicitud, the corrections trail.
const date = '2025-04-15T14:30:00.000Z';
function doc(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    filename: `doc-${id}.pdf`,
    original_filename: `doc-${id}.pdf`,
    nosolicitud: '7001',
    status: 'processed',
    progress: 100,
    upload_date: date,
    total_tables_extracted: 1,
    size: 1,
    owner_id: 1,
    processing_info: { upload_date: date, started_at: null, finished_at: null, pages: 1, error: null, error_code: null },
    tables_info: { total_extracted: 1, by_table: {} },
    reviewed: null,
    duplicates: [],
    ...overrides,
  };
}

type Call = { method: string; url: URL; body: unknown };
function stub(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url: new URL(input, 'http://localhost'), body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      return new Response(JSON.stringify(answer(call)));
    }),
  );
  return calls;
}

const wrap = (ui: React.ReactNode) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>{ui}</MemoryRouter>
    </SWRConfig>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('Documentos: filters and flags (issue 12)', () => {
  it("filters by 'Revisado' and 'Con advertencias' with visible controls, from page 1", async () => {
    const user = userEvent.setup();
    const calls = stub(() => ({ data: [doc(1)], pagination: { page: 1, page_size: 10, total_items: 1, total_pages: 1 } }));
    wrap(<DocumentsScreen />);
    await screen.findByText('doc-1.pdf');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Revisión' }), 'Revisados');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Advertencias' }), 'Con advertencias');
    await waitFor(() => expect(Object.fromEntries(calls.at(-1)!.url.searchParams)).toMatchObject({ page: '1', reviewed: 'true', with_warnings: 'true' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Revisión' }), 'Sin revisar');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Advertencias' }), 'Todos');
    await waitFor(() => expect(Object.fromEntries(calls.at(-1)!.url.searchParams)).toMatchObject({ reviewed: 'false' }));
    expect(calls.at(-1)!.url.searchParams.has('with_warnings')).toBe(false);
  });

  it("flags a repeated N° Solicitud with a link to the other document, and shows 'Revisado'", async () => {
    stub(() => ({
      data: [doc(1, { duplicates: [{ id: 2, filename: 'doc-2.pdf' }], reviewed: { at: date, by: { id: 3, email: 'r@x.co', name: 'Rita' } } }), doc(2, { duplicates: [{ id: 1, filename: 'doc-1.pdf' }] })],
      pagination: { page: 1, page_size: 10, total_items: 2, total_pages: 1 },
    }));
    wrap(<DocumentsScreen />);
    const first = (await screen.findByRole('link', { name: /doc-1\.pdf.*N° Solicitud/ })).closest('li')!;
    expect(first).toHaveTextContent('N° Solicitud repetido');
    expect(first).toHaveTextContent('Revisado');
    expect(within(first).getByRole('link', { name: 'doc-2.pdf' })).toHaveAttribute('href', '/dashboard/documents/2');
    const second = screen.getByRole('link', { name: /doc-2\.pdf.*N° Solicitud/ }).closest('li')!;
    expect(within(second).getByRole('link', { name: 'doc-1.pdf' })).toHaveAttribute('href', '/dashboard/documents/1');
    expect(second).not.toHaveTextContent('Revisado');
  });
});

describe('the document page: corrections and Revisado (issue 12)', () => {
  const trail = [
    { id: 10, document_id: 5, table: 'CostosDirectos', row_id: 41, row_seq: 1, column: 'valor_total', action: 'correct', status: 'active', reverted: false, extracted: 100000, previous: 100000, value: 1234567.89, reason: 'El PDF dice otra cifra', user: { id: 3, email: 'rita@x.co', name: 'Rita' }, created_at: date },
    { id: 11, document_id: 5, table: 'CostosDirectos', row_id: null, row_seq: 2, column: 'cantidad', action: 'correct', status: 'review', reverted: false, extracted: 2, previous: 2, value: 99, reason: null, user: { id: 3, email: 'rita@x.co', name: 'Rita' }, created_at: date },
  ];
  function server() {
    const state = { reviewed: null as unknown, toReview: 1, trail: trail.map((c) => ({ ...c })) };
    const calls = stub(({ method, url }) => {
      if (url.pathname === '/api/documents/5/corrections') return { data: state.trail };
      if (url.pathname === '/api/corrections/11/dismiss') {
        state.trail[1]!.status = 'dismissed';
        state.toReview = 0;
        return { data: { ...state.trail[1], action: 'dismiss', status: 'done' } };
      }
      if (url.pathname === '/api/documents/5/reviewed' && method === 'PUT') {
        state.reviewed = { at: date, by: { id: 3, email: 'rita@x.co', name: 'Rita' } };
        return { data: doc(5, { reviewed: state.reviewed }) };
      }
      return {
        data: {
          ...doc(5, { reviewed: state.reviewed, duplicates: [{ id: 6, filename: 'otra.pdf' }] }),
          header: {},
          tables: [],
          warnings: [],
          page_sizes: [],
          ocr_pages: [],
          corrections_count: 1,
          corrections_to_review: state.toReview,
        },
      };
    });
    return calls;
  }

  it('shows the counts and the trail: who, when, table, column, previous → new, reason, state', async () => {
    server();
    wrap(<DocumentDetailView id="5" canReview={false} />);
    const section = (await screen.findByRole('heading', { name: 'Correcciones' })).closest('section')!;
    expect(section).toHaveTextContent('1 corrección');
    expect(section).toHaveTextContent('1 por revisar');
    const rows = await within(section).findAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Rita.*Costos directos.*2.*Valor total.*100\.000 → 1\.234\.567,89.*El PDF dice otra cifra.*corrección · vigente/);
    expect(rows[2]).toHaveTextContent('corrección por revisar');
    // Not a reviewer: nothing to dismiss, no export, no 'Revisado' button.
    expect(within(section).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Marcar como revisado' })).toBeNull();
    expect(screen.getByText('Sin revisar')).toBeInTheDocument();
    // The repeated N° Solicitud links to the other document.
    expect(screen.getByText('N° Solicitud repetido')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'otra.pdf' })).toHaveAttribute('href', '/dashboard/documents/6');
  });

  it("a reviewer dismisses a 'corrección por revisar', marks the document 'Revisado', and may export the trail", async () => {
    const user = userEvent.setup();
    const calls = server();
    wrap(<DocumentDetailView id="5" canReview />);
    const section = (await screen.findByRole('heading', { name: 'Correcciones' })).closest('section')!;
    expect(within(section).getByRole('button', { name: 'Exportar correcciones (CSV)' })).toBeEnabled();
    await user.click(await within(section).findByRole('button', { name: 'Descartar la corrección por revisar de Cantidad' }));
    await waitFor(() => expect(section).not.toHaveTextContent('por revisar'));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/corrections/11/dismiss')).toBe(true);
    expect(within(section).getAllByRole('row')[2]).toHaveTextContent('descartada');

    await user.click(screen.getByRole('button', { name: 'Marcar como revisado' }));
    expect(await screen.findByText(/^Revisado por Rita el/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { reviewed: true } });
    expect(screen.getByRole('button', { name: 'Quitar marca de revisado' })).toBeInTheDocument();
  });
});
