// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentUploads } from './recent-uploads.tsx';

function doc(id: number, status: string, minutesAgo: number, tables: number) {
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
    processing_info: { upload_date: date },
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
      <RecentUploads />
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
