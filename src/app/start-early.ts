import { startSessionCheck } from '../features/auth/session-check.ts';
import { preloadRoute } from './router.tsx';

/**
 * What can start before React's first render (main.tsx): the session check, the route's chunks and,
 * on the data screen, its first answers, all in parallel rather than one after the other (issue 14).
 * Resolves once the route's chunks are in (or failed): rendering before that would suspend on them,
 * and React then holds the screen back up to 300 ms after its fallback (see lazy-route.ts).
 */
export function startEarly(location: Pick<Location, 'pathname' | 'search'>): Promise<void> {
  startSessionCheck();
  return preloadRoute(location.pathname, location.search);
}
