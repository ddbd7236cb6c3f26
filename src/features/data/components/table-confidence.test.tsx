// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confidenceLevel } from '../confidence.ts';
import { DataScreen } from './data-screen.tsx';

// Issue 12: the data screen says how far to trust the table in each document, in words.
function stubApi(documents: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/tables') return new Response('{}', { status: 503 });
      if (url.pathname.endsWith('/totals')) return new Response(JSON.stringify({ totals: {} }));
      return new Response(
        JSON.stringify({
          data: [
            { nosolicitud: '009176', concepto: 'Urea', valor_total: 300000 },
            { nosolicitud: '2024-1', concepto: 'Jornal', valor_total: 200000 },
          ],
          meta: [
            { id: 41, document_id: 7, corrected: {} },
            { id: 42, document_id: 8, corrected: {} },
          ],
          documents,
          pagination: { page: 1, total_pages: 1, total_items: 2 },
        }),
      );
    }),
  );
}

function renderScreen() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={['/dashboard/data?table=CostosDirectos']}>
        <Routes>
          <Route path="/dashboard/data" element={<DataScreen canReview={false} />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('table confidence', () => {
  it('in words per document, with its percentage', async () => {
    stubApi([
      { id: 7, nosolicitud: '009176', filename: 'a.pdf', confidence: 0.93 },
      { id: 8, nosolicitud: '', filename: 'b.pdf', confidence: 0.64 },
      { id: 9, nosolicitud: '777', filename: 'c.pdf', confidence: null },
    ]);
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Confianza de la extracción' })).toBeVisible();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['● 009176: confianza alta (93 %)', '○ b.pdf: confianza baja (64 %)', '– 777: confianza sin dato']);
  });

  it('levels: alta from 0.9, media from 0.7, baja below', () => {
    expect([0.9, 0.89, 0.7, 0.69, null].map(confidenceLevel)).toEqual(['high', 'medium', 'medium', 'low', 'unknown']);
  });

  it('nothing when the server answers no documents (an older server)', async () => {
    stubApi(undefined);
    renderScreen();
    await screen.findByText('Urea');
    expect(screen.queryByText('Confianza de la extracción')).toBeNull();
  });
});
