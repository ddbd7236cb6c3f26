import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { reviewMessages } from '../messages.ts';
import type { PDFDocumentProxy, renderPage } from '../pdf/pdf-renderer.ts';

/** An opened PDF and the function that draws its pages (both from the lazily loaded pdf.js chunk). */
export interface OpenedPdf {
  doc: PDFDocumentProxy;
  render: typeof renderPage;
}

export type PdfState = { status: 'loading' } | ({ status: 'ready' } & OpenedPdf) | { status: 'error'; message: string };

/** GET documents/{id}/file as bytes (with the bearer token), opened with pdf.js, loaded on first need. */
export async function getDocumentPdf(id: string, signal?: AbortSignal): Promise<OpenedPdf> {
  const [renderer, response] = await Promise.all([
    // A chunk that fails to load says so in Spanish, not in the browser's English.
    import('../pdf/pdf-renderer.ts').catch(() => {
      throw new Error(reviewMessages.pdfError);
    }),
    apiRequest(`documents/${encodeURIComponent(id)}/file`, { raw: true, signal, fallback: reviewMessages.pdfError }),
  ]);
  const bytes = await response.arrayBuffer();
  try {
    return { doc: await renderer.openPdf(bytes), render: renderer.renderPage };
  } catch {
    throw new Error(reviewMessages.pdfUnreadable);
  }
}

/**
 * The document's PDF, opened once per screen (and per retry) and destroyed when it goes; nothing is
 * fetched nor loaded until `start` (the screen shows its rows first).
 */
export function useDocumentPdf(id: string, attempt = 0, start = true): PdfState {
  // Each answer is kept with the request it answers, so a retry reads as loading at once.
  const [answer, setAnswer] = useState<{ for: string; state: PdfState } | null>(null);
  const request = `${id}#${attempt}`;
  useEffect(() => {
    if (!start) return;
    const controller = new AbortController();
    let opened: PDFDocumentProxy | undefined;
    getDocumentPdf(id, controller.signal).then(
      (pdf) => {
        opened = pdf.doc;
        if (controller.signal.aborted) void pdf.doc.destroy();
        else setAnswer({ for: request, state: { status: 'ready', ...pdf } });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ for: request, state: { status: 'error', message: err instanceof Error ? err.message : reviewMessages.pdfError } });
      },
    );
    return () => {
      controller.abort();
      void opened?.destroy();
    };
  }, [id, request, start]);
  return answer && answer.for === request ? answer.state : { status: 'loading' };
}
