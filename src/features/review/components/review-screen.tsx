import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { PageSize } from '../../../shared/api/sources.ts';
import { paths } from '../../../shared/paths.ts';
import { useConnection } from '../../../lib/pwa/connectivity.ts';
import { Pagination } from '../../../ui/pagination.tsx';
import { useDocumentPdf } from '../api/get-document-pdf.ts';
import { useReview } from '../api/get-review.ts';
import { fitWidthScale, zoomIn, zoomOut } from '../geometry.ts';
import { cellsOnPage, initialView, rowsOnPage, type Selection } from '../highlight.ts';
import { reviewMessages } from '../messages.ts';
import { PdfPageView } from './pdf-page-view.tsx';
import { ReviewRows } from './review-rows.tsx';
import { SelectionNote } from './selection-note.tsx';
import '../review.css';

export interface ReviewAt {
  rowId?: number | undefined;
  column?: string | undefined;
  page?: number | undefined;
}

/** US Letter, for a document stored before page sizes were kept. */
const LETTER = { width: 612, height: 792 };
/** The sheet's padding inside the PDF pane, on each side (review.css). */
const PANE_PADDING = 12;

/** The width of an element, followed as it changes (rotation of the tablet, the sidebar opening). */
function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  // Measured before the first paint: a pane painted without its sheet and then grown shifts the rows (CLS).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, []);
  return [ref, width];
}

/**
 * Issue 12: a document reviewed against its PDF. The page drawn by pdf.js with the tables and cells
 * the engine found outlined over it, beside the rows read from that page; touching a cell
 * highlights its row and value, touching a value highlights its cell. Side by side in landscape,
 * stacked in portrait (review.css). A reviewer (`canReview`) corrects values in place; the review is
 * read again after each change, so the marks, flags and boxes follow.
 */
export function ReviewScreen({ id, at, canReview = false }: { id: string; at: ReviewAt; canReview?: boolean }) {
  const review = useReview(id);
  const [attempt, setAttempt] = useState(0);
  // pdf.js (its chunk, its parse, the drawing) starts once the rows are in: the rows are what a
  // reviewer reads first, and on a slow tablet pdf.js's main-thread work would hold them back (decision 055).
  const pdf = useDocumentPdf(id, attempt, review.data !== undefined || review.error !== undefined);
  const offline = useConnection() === 'offline';
  const [userView, setUserView] = useState<{ page: number; selection: Selection | null } | null>(null);
  const [zoom, setZoom] = useState<{ fit: true } | { fit: false; scale: number }>({ fit: true });
  const [paneRef, paneWidth] = useWidth<HTMLDivElement>();

  const data = review.data;
  const tables = useMemo(() => data?.tables ?? [], [data]);
  const pageCount = Math.max(pdf.status === 'ready' ? pdf.doc.numPages : 0, data?.page_sizes.length ?? 0, 1);
  const view = userView ?? (data ? initialView(tables, at, pageCount) : { page: 1, selection: null });
  const page = Math.min(view.page, pageCount);
  const stored = data?.page_sizes.find((p) => p.page === page);
  const pageSize: PageSize = stored ?? { page, ...LETTER, rotation: 0 };
  const scale = zoom.fit ? fitWidthScale(pageSize.width, paneWidth - 2 * PANE_PADDING) : zoom.scale;

  const cells = useMemo(() => cellsOnPage(tables, page), [tables, page]);
  const boxes = useMemo(
    () => tables.flatMap((t, tableIndex) => t.boxes.filter((b) => b.page === page).map((b) => ({ tableIndex, title: t.title, box: b.box }))),
    [tables, page],
  );
  const pageRows = useMemo(() => rowsOnPage(tables, page), [tables, page]);

  const select = (selection: Selection | null) => setUserView({ page, selection });
  const goTo = (n: number) => setUserView({ page: n, selection: view.selection });

  return (
    <div className="page review-page">
      <Link to={paths.dashboard.document.getHref(id)} className="back-link">
        ← {reviewMessages.back}
      </Link>
      <h1 className="page-title page-title-wrap">{reviewMessages.title}</h1>
      {data ? <p className="muted review-filename">{data.filename}</p> : null}

      {offline ? (
        <p className="review-offline card card-warning" role="status">
          {reviewMessages.offline}
        </p>
      ) : null}

      {review.error && !data ? (
        <div className="card card-error" role="alert">
          <p>{offline ? reviewMessages.offline : review.error instanceof Error ? review.error.message : reviewMessages.loadError}</p>
          <button type="button" className="btn btn-secondary" disabled={offline} onClick={() => void review.mutate()}>
            {reviewMessages.retry}
          </button>
        </div>
      ) : null}
      {!data && !review.error ? <p className="muted" role="status">{reviewMessages.loading}</p> : null}
      {data && tables.length === 0 ? <p className="muted">{reviewMessages.notProcessed}</p> : null}

      <div className="review-toolbar" role="toolbar" aria-label={reviewMessages.title}>
        <Pagination page={page} totalPages={pageCount} onChange={goTo} />
        <div className="review-zoom">
          <button type="button" className="btn btn-secondary" aria-label={reviewMessages.zoomOut} title={reviewMessages.zoomOut} onClick={() => setZoom({ fit: false, scale: zoomOut(scale) })}>
            −
          </button>
          <span className="review-zoom-level" aria-live="polite">
            {reviewMessages.zoomLevel(Math.round(scale * 100))}
          </span>
          <button type="button" className="btn btn-secondary" aria-label={reviewMessages.zoomIn} title={reviewMessages.zoomIn} onClick={() => setZoom({ fit: false, scale: zoomIn(scale) })}>
            +
          </button>
          <button type="button" className="btn btn-secondary" aria-pressed={zoom.fit} onClick={() => setZoom({ fit: true })}>
            {reviewMessages.fitWidth}
          </button>
        </div>
      </div>

      <div className="review-layout">
        <section className="review-pdf" aria-label={reviewMessages.pageRegion(page)}>
          {/* Focusable so a keyboard can scroll a zoomed page (its outlines are not controls). */}
          <div ref={paneRef} className="review-pane" tabIndex={0} role="group" aria-label={reviewMessages.pageScroll(page)}>
            {pdf.status === 'error' ? (
              <div className="card card-error" role="alert">
                <p>{offline ? reviewMessages.offline : pdf.message}</p>
                <button type="button" className="btn btn-secondary" disabled={offline} onClick={() => setAttempt((n) => n + 1)}>
                  {reviewMessages.retry}
                </button>
              </div>
            ) : null}
            {/* The sheet holds its size from the start (the page size is in the review, Letter before it):
                drawn later, the page does not push the rows down (Lighthouse's layout shift). */}
            {pdf.status !== 'error' && paneWidth > 0 ? (
              <PdfPageView
                pdf={pdf.status === 'ready' ? pdf : null}
                pageNumber={page}
                pageSize={pageSize}
                scale={scale}
                tables={boxes}
                cells={cells}
                selection={view.selection}
                onTouch={(cell) => select(cell ? { rowId: cell.rowId, column: cell.column } : null)}
              />
            ) : null}
          </div>
          <p className="muted review-help">{reviewMessages.pageHelp}</p>
          <p className="muted review-help">{reviewMessages.flagLegend}</p>
        </section>
        <section className="review-side" aria-labelledby="review-rows-title">
          <SelectionNote tables={tables} selection={view.selection} page={page} />
          <h2 id="review-rows-title" className="card-title">
            {reviewMessages.rowsTitle}
          </h2>
          {data ? <ReviewRows tables={pageRows} selection={view.selection} onSelect={select} canEdit={canReview} onCorrected={() => review.mutate()} /> : null}
        </section>
      </div>
    </div>
  );
}
