// @vitest-environment jsdom
import '../../lib/testing/dom.ts';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecentDocument } from './api/get-recent-documents.ts';
import { useProgressPolling } from './use-progress-polling.ts';

const doc = (id: number, status: string, filename = `doc-${id}.pdf`): RecentDocument => ({
  id,
  filename,
  status,
  progress: 0,
  tables: 0,
  uploadDate: new Date().toISOString(),
  error: null,
  errorCode: null,
});

// The browser's fetch, stubbed per URL: this tests the polling rule, not the server.
function stubProgress(answers: Record<number, () => Response>) {
  const fn = vi.fn(async (url: string) => {
    const id = Number(/documents\/(\d+)\/progress/.exec(url)?.[1]);
    return answers[id]!();
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useProgressPolling (spec §4)', () => {
  it('fetches progress only for processing/pending documents and applies it', async () => {
    const fetchFn = stubProgress({ 2: () => new Response(JSON.stringify({ progress: 100, status: 'processed' })) });
    const docs = [doc(1, 'processed'), doc(2, 'processing')];
    const { result } = renderHook(() => useProgressPolling(docs));
    await waitFor(() => expect(result.current[1]).toMatchObject({ status: 'processed', progress: 100 }));
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(fetchFn.mock.calls[0]![0]).toBe('/api/documents/2/progress');
  });

  it('polls again every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchFn = stubProgress({ 3: () => new Response(JSON.stringify({ progress: 40, status: 'processing' })) });
    const docs = [doc(3, 'pending')];
    renderHook(() => useProgressPolling(docs));
    await waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it('a not-found marks the document error, stops polling it and says so once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchFn = stubProgress({
      4: () => new Response(JSON.stringify({ error: 'Documento no encontrado', detail: 'document not found', code: 'NOT_FOUND' }), { status: 404 }),
    });
    const docs = [doc(4, 'processing', 'acta.pdf')];
    let current: RecentDocument[] = [];
    function Probe() {
      current = useProgressPolling(docs);
      return null;
    }
    render(
      <>
        <Probe />
        <ToastContainer />
      </>,
    );
    expect(await screen.findByText('Se ha detenido la actualización para "acta.pdf" (no encontrado)')).toBeInTheDocument();
    expect(current[0]!.status).toBe('error');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });
});
