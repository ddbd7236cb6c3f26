import { useSyncExternalStore } from 'react';

/** Below this width the sidebar is a drawer; the same number as layout.css's media query. */
export const NARROW_QUERY = '(max-width: 1023px)';

function media(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** True on small screens (tablet portrait, phones), following rotation and resizing. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
}
