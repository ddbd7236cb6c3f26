// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Document } from '../../../shared/api/documents.ts';
import { toDocumentSummary, type DocumentSummary } from '../api/get-documents.ts';
import { DocumentCard } from './document-card.tsx';

const summary = (overrides: Partial<DocumentSummary> = {}): DocumentSummary => ({
  id: '7',
  name: 'solicitud-7.pdf',
  nosolicitud: '2025-000123',
  uploadedAt: '2025-04-15T14:30:00.000Z',
  status: 'processed',
  tablesCount: 3,
  pages: 0,
  applicant: 'María Gómez',
  warningsCount: 2,
  correctionsCount: null,
  reviewed: false,
  duplicates: [],
  ...overrides,
});

function renderRow(doc: DocumentSummary) {
  return render(
    <MemoryRouter>
      <ul>
        <DocumentCard doc={doc} />
      </ul>
    </MemoryRouter>,
  );
}

describe('DocumentCard (issue 12: a list people can scan)', () => {
  it('is one link to the document holding applicant, request number, status in words, tables, warnings and date', () => {
    renderRow(summary());
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/dashboard/documents/7');
    expect(within(link).getByText('María Gómez')).toBeInTheDocument();
    expect(within(link).getByText('solicitud-7.pdf')).toBeInTheDocument();
    expect(within(link).getByText('N° Solicitud: 2025-000123')).toBeInTheDocument();
    expect(within(link).getByText('Procesado')).toBeInTheDocument();
    expect(within(link).getByText('3 tablas')).toBeInTheDocument();
    expect(within(link).getByText('2 advertencias')).toBeInTheDocument();
    expect(link).toHaveAccessibleName(/^María Gómez solicitud-7\.pdf N° Solicitud: 2025-000123 Procesado 3 tablas 2 advertencias hace \d+ días$/);
    // Nothing focusable inside the link (the date's tooltip still works on hover).
    expect(link.querySelector('[tabindex]')).toBeNull();
    expect(screen.queryByText(/correcci/)).toBeNull();
  });

  it("says 'No disponible', an error in words, no warnings, and corrections when the server counts them", () => {
    renderRow(summary({ nosolicitud: '', applicant: '', status: 'error', tablesCount: 1, warningsCount: 0, correctionsCount: 1 }));
    const link = screen.getByRole('link');
    expect(within(link).getByText('N° Solicitud: No disponible')).toBeInTheDocument();
    expect(within(link).getByText('Con error')).toBeInTheDocument();
    expect(within(link).getByText('1 tabla')).toBeInTheDocument();
    expect(within(link).getByText('Sin advertencias')).toBeInTheDocument();
    expect(within(link).getByText('1 corrección')).toBeInTheDocument();
  });

  it("says 'N correcciones' as the list API counts them", () => {
    renderRow(summary({ correctionsCount: 3 }));
    expect(within(screen.getByRole('link')).getByText('3 correcciones')).toBeInTheDocument();
  });

  it('reads applicant, warnings and corrections_count from the API, tolerating servers without them', () => {
    const base = { id: 3, filename: 'a.pdf', original_filename: 'a.pdf', nosolicitud: '1', status: 'processed', upload_date: '2025-01-01T00:00:00Z' } as unknown as Document;
    expect(toDocumentSummary(base)).toMatchObject({ applicant: '', warningsCount: 0, correctionsCount: null });
    const full = { ...base, applicant: 'Ana', warnings_count: 4, corrections_count: 2 } as Document;
    expect(toDocumentSummary(full)).toMatchObject({ applicant: 'Ana', warningsCount: 4, correctionsCount: 2 });
  });
});
