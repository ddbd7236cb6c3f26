// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentUploads } from './recent-uploads.tsx';

function doc(id: number, status: string, minutesAgo: number, tables: number, error: string | null = null) {
  const date = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  return {
    id,
    filename: `f-${id}.pdf`,
    original_filename: `original-${id}.pdf`,
    nosolicitud: '',
    status,
    progress: status === 'processed' ? 100 : 40,
    upload_date: date,
    total_tables_extracted: tables,
    processing_info: { upload_date: date, started_at: null, finished_at: null, pages: 1, error },
    tables_info: { total_extracted: tables, by_table: {} },
  };
}

// The browser's fetch, stubbed: documents answers `list`, progress answers as the list says.
function stubApi(list: () => Response) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      urls.push(url);
      if (url.pathname.endsWith('/progress')) return new Response(JSON.stringify({ progress: 40, status: 'processing' }));
      return list();
    }),
  );
  return urls;
}

function renderRecent() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>
        <RecentUploads />
      </MemoryRouter>
      <ToastContainer />
    </SWRConfig>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('RecentUploads (spec §2, §4, §8)', () => {
  it('asks page 1 of size 5 and shows name, table count, relative time and status', async () => {
    const urls = stubApi(() => new Response(JSON.stringify({ data: [doc(1, 'processed', 90, 3), doc(2, 'processing', 5, 0)], pagination: {} })));
    renderRecent();
    const first = (await screen.findByText('original-1.pdf')).closest('li')!;
    expect(first).toHaveTextContent('3 tablas · hace 1 hora');
    expect(first).toHaveTextContent('Procesado');
    const second = screen.getByText('original-2.pdf').closest('li')!;
    expect(second).toHaveTextContent('0 tablas · hace 5 minutos');
    expect(second).toHaveTextContent('En proceso');
    const list = urls.find((u) => u.pathname === '/api/documents')!;
    expect(Object.fromEntries(list.searchParams)).toMatchObject({ page: '1', page_size: '5' });
  });

  it('each row is one link to its document and says its state in words (issue 11)', async () => {
    stubApi(() => new Response(JSON.stringify({ data: [doc(7, 'processed', 3, 2), doc(8, 'pending', 1, 0), doc(9, 'processing', 1, 0)], pagination: {} })));
    renderRecent();
    const link = await screen.findByRole('link', { name: /original-7\.pdf/ });
    expect(link).toHaveAttribute('href', '/dashboard/documents/7');
    expect(link.closest('li')).toHaveAttribute('data-status', 'processed');
    expect(within(link).getByText('Procesado')).toBeVisible();
    expect(screen.getByRole('link', { name: /original-8\.pdf/ })).toHaveAttribute('href', '/dashboard/documents/8');
    // Pending at first; the progress answer (processing, 40) is the newer word.
    expect(within(screen.getByRole('link', { name: /original-8\.pdf/ })).getByText(/^(Pendiente|En proceso 40%)$/)).toBeVisible();
    expect(await within(screen.getByRole('link', { name: /original-9\.pdf/ })).findByText('En proceso 40%')).toBeVisible();
  });

  it.each([
    ['El archivo PDF está dañado o no se puede leer.', 'El archivo está dañado o no se puede abrir.', 'envía el PDF original.'],
    ['El archivo PDF está protegido con contraseña.', 'El PDF está protegido con contraseña.', 'quita la contraseña y vuelve a subirlo.'],
    ['El PDF no tiene texto seleccionable (parece una imagen escaneada).', 'No se pudo leer el texto de la foto o del escaneo.', 'toma la foto de nuevo con buena luz.'],
    ['El procesamiento superó el tiempo máximo permitido.', 'El procesamiento superó el tiempo o la memoria permitidos.', 'el archivo es demasiado complejo; intenta dividirlo.'],
    ['El procesamiento superó la memoria máxima permitida.', 'El procesamiento superó el tiempo o la memoria permitidos.', 'el archivo es demasiado complejo; intenta dividirlo.'],
  ])('a failed document says why and what to do next: %s', async (serverText, why, next) => {
    stubApi(() => new Response(JSON.stringify({ data: [doc(3, 'error', 10, 0, serverText)], pagination: {} })));
    renderRecent();
    const link = await screen.findByRole('link', { name: /original-3\.pdf/ });
    expect(within(link).getByText('Con error')).toBeVisible();
    expect(link).toHaveTextContent(`Por qué: ${why}`);
    expect(link).toHaveTextContent(`Qué hacer: ${next}`);
  });

  it('says when nothing was uploaded recently', async () => {
    stubApi(() => new Response(JSON.stringify({ data: [], pagination: {} })));
    renderRecent();
    expect(await screen.findByText('No hay archivos procesados recientemente')).toBeInTheDocument();
  });

  it('a failed load shows the spec toast', async () => {
    stubApi(() => new Response('{"error":"x"}', { status: 500 }));
    renderRecent();
    expect(await screen.findByText('Error al cargar documentos recientes')).toBeInTheDocument();
  });
});
