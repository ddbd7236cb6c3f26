// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentsScreen } from './documents-screen.tsx';

function doc(id: number, overrides: Record<string, unknown> = {}) {
  const date = '2025-04-15T14:30:00.000Z';
  return {
    id,
    filename: `doc-${id}.pdf`,
    original_filename: `doc-${id}.pdf`,
    nosolicitud: '',
    status: 'processed',
    progress: 100,
    upload_date: date,
    total_tables_extracted: 2,
    processing_info: { upload_date: date },
    tables_info: { total_extracted: 2, by_table: {} },
    ...overrides,
  };
}

// The browser's fetch, stubbed: every documents request is recorded and answered by `answer`.
function stubDocuments(answer: (url: URL) => { data: unknown[]; total_pages?: number }) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      urls.push(url);
      const { data, total_pages = 1 } = answer(url);
      const page = Number(url.searchParams.get('page'));
      return new Response(JSON.stringify({ data, pagination: { page, page_size: 10, total_items: data.length, total_pages } }));
    }),
  );
  return urls;
}

function renderScreen() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>
        <DocumentsScreen />
      </MemoryRouter>
    </SWRConfig>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('DocumentsScreen (spec §2)', () => {
  it("'En proceso' asks for pending and processing together, from page 1", async () => {
    const user = userEvent.setup();
    const urls = stubDocuments((url) => ({ data: url.searchParams.get('status') ? [] : [doc(1)], total_pages: 3 }));
    renderScreen();
    await screen.findByText('doc-1.pdf');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('page')).toBe('2'));

    await user.selectOptions(screen.getByLabelText('Estado'), 'En proceso');
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('status')).toBe('pending,processing'));
    const filtered = urls.filter((u) => u.searchParams.has('status'));
    expect(filtered.map((u) => u.searchParams.get('page'))).toEqual(filtered.map(() => '1'));
  });

  it('empty state: the first-upload hint without filters, the other-terms hint with a search or a status filter', async () => {
    const user = userEvent.setup();
    stubDocuments(() => ({ data: [] }));
    renderScreen();
    expect(await screen.findByText('No se encontraron documentos')).toBeInTheDocument();
    expect(screen.getByText('Sube tu primer documento para comenzar')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Estado'), 'Con error');
    expect(await screen.findByText('Intenta con otros términos de búsqueda')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Estado'), 'Todos');
    expect(await screen.findByText('Sube tu primer documento para comenzar')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Buscar documentos...' }), 'zzz');
    expect(await screen.findByText('Intenta con otros términos de búsqueda')).toBeInTheDocument();
  });

  it("shows 'No disponible' without a request number and toggles the date between relative and absolute", async () => {
    const user = userEvent.setup();
    stubDocuments(() => ({ data: [doc(1), doc(2, { nosolicitud: '009176' })] }));
    renderScreen();
    expect(await screen.findByText('N° Solicitud: No disponible')).toBeInTheDocument();
    expect(screen.getByText('N° Solicitud: 009176')).toBeInTheDocument();

    const [date] = screen.getAllByText(/^hace \d+ días$/);
    const local = new Date('2025-04-15T14:30:00.000Z');
    const absolute = `15/04/2025 ${String(local.getHours()).padStart(2, '0')}:30`;
    expect(date).toHaveAttribute('title', absolute);
    await user.hover(date!);
    expect(date).toHaveTextContent(absolute);
    expect(date!.getAttribute('title')).toMatch(/^hace \d+ días$/);
    await user.unhover(date!);
    expect(date).toHaveTextContent(/^hace \d+ días$/);
  });
});
