// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGES } from '../../../shared/messages/server.ts';
import { DocumentDetailView } from './document-detail.tsx';

// Sixth attacker's audit (decision 037): 'Revisado' clicked on a page showing the old extraction,
// after a reprocess had finished, marked the new one. The page sends the extraction it shows.
const date = '2025-04-15T14:30:00.000Z';
const OLD = '2026-12-02T10:00:00.000Z';
const NEW = '2026-12-02T10:05:00.000Z';

function detail(finishedAt: string) {
  return {
    data: {
      id: 5,
      filename: 'doc-5.pdf',
      original_filename: 'doc-5.pdf',
      nosolicitud: '7001',
      status: 'processed',
      progress: 100,
      upload_date: date,
      total_tables_extracted: 0,
      size: 1,
      owner_id: 1,
      processing_info: { upload_date: date, started_at: date, finished_at: finishedAt, pages: 1, error: null, error_code: null },
      tables_info: { total_extracted: 0, by_table: {} },
      reviewed: null,
      duplicates: [],
      header: {},
      tables: [],
      warnings: [],
      page_sizes: [],
      ocr_pages: [],
      corrections_count: 0,
      corrections_to_review: 0,
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("'Revisado' after a reprocess finished unseen", () => {
  it('sends the extraction on screen; refused, says why in words and shows the new extraction', async () => {
    const user = userEvent.setup();
    let stored = OLD;
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname === '/api/documents/5/reviewed') {
          const body = JSON.parse(init!.body as string) as { finished_at?: string };
          puts.push(body);
          if (body.finished_at !== undefined && body.finished_at !== stored) {
            return new Response(JSON.stringify({ error: SERVER_MESSAGES.reviewedStale, detail: 'processed again', code: 'EXTRACTION_CHANGED' }), { status: 409 });
          }
          return new Response(JSON.stringify(detail(stored)));
        }
        if (url.pathname === '/api/documents/5/corrections') return new Response(JSON.stringify({ data: [] }));
        return new Response(JSON.stringify(detail(stored)));
      }),
    );
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter>
          <DocumentDetailView id="5" canReview />
          <ToastContainer />
        </MemoryRouter>
      </SWRConfig>,
    );
    const button = await screen.findByRole('button', { name: 'Marcar como revisado' });
    stored = NEW; // a reprocess ends while the page shows the old extraction
    await user.click(button);
    expect(await screen.findByText(SERVER_MESSAGES.reviewedStale)).toBeInTheDocument();
    expect(puts[0]).toEqual({ reviewed: true, finished_at: OLD });
    expect(screen.getByText('Sin revisar')).toBeInTheDocument();
    // The page read the document again: the next click vouches for the new extraction.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Marcar como revisado' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Marcar como revisado' }));
    await waitFor(() => expect(puts[1]).toEqual({ reviewed: true, finished_at: NEW }));
  });
});
