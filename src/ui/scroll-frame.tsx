import { useCallback, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

interface ScrollFrameProps {
  /** The region's accessible name (the table's title). */
  label: string;
  /** Said and shown while the content is wider than the frame. */
  hint: string;
  children: ReactNode;
}

/**
 * A sideways-scrolling region (keyboard-focusable) that shows when there is more to the right: a
 * shadow on its right edge while content is hidden there, and a hint, visible and tied to the
 * region, while the content is wider than the frame at all (so it does not come and go mid-scroll).
 */
export function ScrollFrame({ label, hint, children }: ScrollFrameProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState({ scrollable: false, moreRight: false });
  const hintId = useId();
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const scrollable = el.scrollWidth > el.clientWidth + 1;
    const moreRight = scrollable && el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setState((prev) => (prev.scrollable === scrollable && prev.moreRight === moreRight ? prev : { scrollable, moreRight }));
  }, []);
  // Measured before the first paint: measured after it, the hint appeared above a table already
  // drawn and pushed it down (Lighthouse's layout shift on the data screen, issue 14). Measured in
  // React's commit, it forced the browser to lay the whole screen out there, in the same long task
  // as the render. Measured in the next animation frame, that layout is the frame's own (done once,
  // before its paint) and the hint, rendered at once (flushSync), is in that first paint. (A
  // ResizeObserver's first call came too late for that: its hint counted as a layout shift.)
  useLayoutEffect(() => {
    const el = ref.current;
    const frame = typeof requestAnimationFrame === 'undefined' ? (measure(), 0) : requestAnimationFrame(() => flushSync(measure));
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (el) observer?.observe(el);
    if (el?.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure]);
  return (
    <>
      {state.scrollable ? (
        <p id={hintId} className="scroll-hint">
          {hint}
        </p>
      ) : null}
      <div className={`scroll-frame${state.moreRight ? ' has-more-right' : ''}`}>
        <div
          ref={ref}
          className="table-scroll"
          tabIndex={0}
          role="region"
          aria-label={label}
          aria-describedby={state.scrollable ? hintId : undefined}
          onScroll={measure}
        >
          {children}
        </div>
      </div>
    </>
  );
}
