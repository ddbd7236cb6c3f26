// @vitest-environment jsdom
import '../../lib/testing/dom.ts';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'react-toastify';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecentDocument } from './api/get-recent-documents.ts';
import { useProgressPolling } from './use-progress-polling.ts';

const doc = (id: number, status: string, filename = `doc-${id}.pdf`): RecentDocument => ({ id, filename, uploadDate: '2026-01-01T00:00:00Z', status, progress: 0, tables: 0 });

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

afterEach(() => vi.unstubAllGlobals());

describe('useProgressPolling (SWR)', () => {
  it('fills in progress of unfinished documents and stops, with one toast, on a not-found', async () => {
    const info = vi.spyOn(toast, 'info');
    const fetchMock = vi.fn(async (url: string) => {
      if (url.includes('/documents/1/progress')) return new Response(JSON.stringify({ progress: 60, status: 'processing' }), { status: 200 });
      return new Response(JSON.stringify({ error: 'Documento no encontrado', detail: 'document not found' }), { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const documents = [doc(1, 'processing'), doc(2, 'pending', 'perdido.pdf'), doc(3, 'processed')];
    const { result, rerender } = renderHook(() => useProgressPolling(documents), { wrapper });

    await waitFor(() => expect(result.current.find((d) => d.id === 2)?.status).toBe('error'));
    expect(result.current.find((d) => d.id === 1)).toMatchObject({ status: 'processing', progress: 60 });
    expect(result.current.find((d) => d.id === 3)?.status).toBe('processed');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/documents/3/'))).toBe(false);

    rerender();
    await waitFor(() => expect(info).toHaveBeenCalledTimes(1));
    expect(info).toHaveBeenCalledWith('Se ha detenido la actualización para "perdido.pdf" (no encontrado)');
  });
});
