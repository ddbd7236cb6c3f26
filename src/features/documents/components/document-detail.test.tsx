// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportReachability } from '../../../lib/pwa/connectivity.ts';
import { DocumentDetailView } from './document-detail.tsx';

function failed(error: string) {
  const date = '2025-04-15T14:30:00.000Z';
  return {
    id: 4,
    filename: 'x.pdf',
    original_filename: 'solicitud.pdf',
    nosolicitud: '',
    status: 'error',
    progress: 100,
    upload_date: date,
    total_tables_extracted: 0,
    size: 100,
    owner_id: 1,
    processing_info: { upload_date: date, started_at: null, finished_at: null, pages: 0, error },
    tables_info: { total_extracted: 0, by_table: {} },
    header: {},
    tables: [],
    warnings: [],
    page_sizes: [],
    corrections_count: 0,
    corrections_to_review: 0,
  };
}

function renderDetail(error: string) {
  // The corrections trail (issue 12) is its own request: empty here.
  vi.stubGlobal('fetch', vi.fn(async (input: string) => new Response(JSON.stringify(String(input).includes('/corrections') ? { data: [] } : { data: failed(error) }))));
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>
        <DocumentDetailView id="4" />
      </MemoryRouter>
    </SWRConfig>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  reportReachability(true);
});

describe('DocumentDetailView (issue 11)', () => {
  it('a failed document says why and what to do next, in plain words', async () => {
    renderDetail('El archivo PDF está dañado o no se puede leer.');
    const card = (await screen.findByRole('heading', { name: 'Error de procesamiento' })).closest('section')!;
    expect(card).toHaveTextContent('Por qué: El archivo está dañado o no se puede abrir.');
    expect(card).toHaveTextContent('Qué hacer: envía el PDF original.');
  });

  it("offline, 'Descargar PDF original' is disabled with the reason shown", async () => {
    renderDetail('El procesamiento superó el tiempo máximo permitido.');
    const download = await screen.findByRole('button', { name: 'Descargar PDF original' });
    expect(download).toBeEnabled();
    act(() => reportReachability(false));
    expect(download).toBeDisabled();
    expect(download).toHaveAccessibleDescription(/esta acción necesita el servidor/);
    expect(screen.getByText(/^Sin conexión: esta acción necesita el servidor/)).toBeVisible();
  });
});
