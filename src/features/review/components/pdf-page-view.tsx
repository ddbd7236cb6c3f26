import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { Box, PageSize } from '../../../shared/api/sources.ts';
import type { OpenedPdf } from '../api/get-document-pdf.ts';
import { boxToScreen, screenToPoint } from '../geometry.ts';
import { cellAt, isSelected, type PageCell, type Selection } from '../highlight.ts';
import { reviewMessages } from '../messages.ts';

export interface TableOnPage {
  tableIndex: number;
  title: string;
  box: Box;
}

interface PdfPageViewProps {
  /** Null while pdf.js loads: the sheet and its outlines are shown at their size, the page drawn later. */
  pdf: OpenedPdf | null;
  pageNumber: number;
  /** The engine's upright page (decision 011); the boxes are in its points. */
  pageSize: PageSize;
  scale: number;
  tables: readonly TableOnPage[];
  cells: readonly PageCell[];
  selection: Selection | null;
  onTouch: (cell: PageCell | undefined) => void;
}

type Drawn = { for: string; width: number; height: number } | { for: string; error: true };

/**
 * One page drawn by pdf.js on a canvas, with each table's box (labelled with its title) and each
 * value's cell outlined over it. The outlines are one picture for the eye and the finger: a touch is
 * hit-tested in PDF points (`cellAt`), so cells a few points tall are still easy to pick; keyboard
 * and screen-reader users select the same values from the rows beside it.
 */
export function PdfPageView({ pdf, pageNumber, pageSize, scale, tables, cells, selection, onTouch }: PdfPageViewProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const drawing = `${pageNumber}@${scale}`;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !pdf) return;
    let cancelled = false;
    let cancel: (() => void) | undefined;
    pdf
      .render(pdf.doc, pageNumber, canvas, scale, pageSize.rotation)
      .then(async ({ task, width, height }) => {
        cancel = () => task.cancel();
        if (cancelled) return task.cancel();
        await task.promise;
        if (!cancelled) setDrawn({ for: drawing, width, height });
      })
      .catch((err: unknown) => {
        // A drawing replaced by a newer one is cancelled on purpose.
        if (!cancelled && !(err instanceof Error && err.name === 'RenderingCancelledException')) setDrawn({ for: drawing, error: true });
      });
    return () => {
      cancelled = true;
      cancel?.();
    };
  }, [pdf, pageNumber, scale, pageSize.rotation, drawing]);

  // The selected cell (or row) comes into view: opened from a link, or picked in the rows.
  useEffect(() => {
    overlayRef.current?.querySelector('.review-cell.is-selected, .review-cell.in-row')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selection, drawn]);

  const current = drawn && drawn.for === drawing ? drawn : null;
  // Until the canvas reports its size, the scaled page size is the same figure.
  const viewport = current && 'width' in current ? current : { width: pageSize.width * scale, height: pageSize.height * scale };

  function handleClick(event: MouseEvent<HTMLDivElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    const p = screenToPoint(event.clientX - rect.left, event.clientY - rect.top, pageSize, viewport);
    onTouch(cellAt(cells, p.x, p.y));
  }

  return (
    // data-drawn: the page is on the canvas (the outlines are shown before it, while pdf.js loads).
    <div className="review-sheet" data-drawn={current && 'width' in current ? 'true' : undefined} style={{ width: viewport.width, height: viewport.height }}>
      <canvas ref={canvasRef} className="review-canvas" aria-hidden="true" />
      {pdf ? null : (
        <p className="muted review-sheet-status" role="status">
          {reviewMessages.loadingPdf}
        </p>
      )}
      {/* Mouse and touch only: the same choice is offered to keyboards by the value buttons. */}
      <div
        ref={overlayRef}
        className="review-overlay"
        aria-hidden="true"
        data-page={pageNumber}
        data-scale={viewport.width / (pageSize.width || 1)}
        onClick={handleClick}
      >
        {tables.map((t) => {
          const s = boxToScreen(t.box, pageSize, viewport);
          return (
            <div key={`t${t.tableIndex}`} className="review-table-box" style={{ left: s.left, top: s.top, width: s.width, height: s.height }}>
              <span className="review-table-label">{t.title}</span>
            </div>
          );
        })}
        {cells.map((c) => {
          const s = boxToScreen(c.box, pageSize, viewport);
          const selected = isSelected(selection, c.rowId, c.column);
          const inRow = !selected && isSelected(selection, c.rowId, null);
          const cls = `review-cell${c.flags.length ? ' is-flagged' : ''}${c.corrected ? ' is-corrected' : ''}${selected ? ' is-selected' : ''}${inRow ? ' in-row' : ''}`;
          return (
            <div
              key={`${c.rowId}.${c.column}`}
              className={cls}
              data-row-id={c.rowId}
              data-column={c.column}
              style={{ left: s.left, top: s.top, width: s.width, height: s.height }}
            >
              {c.flags.length ? <span className="review-cell-mark">!</span> : null}
              {c.corrected ? <span className="review-cell-mark review-cell-corrected">✎</span> : null}
            </div>
          );
        })}
      </div>
      {current && 'error' in current ? (
        <p className="review-sheet-error form-error" role="alert">
          {reviewMessages.renderError}
        </p>
      ) : null}
    </div>
  );
}
