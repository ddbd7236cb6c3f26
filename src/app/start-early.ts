import { startSessionCheck } from '../features/auth/session-check.ts';
import { preloadRoute } from './router.tsx';

/**
 * What can start before React's first render (main.tsx): the session check, the route's chunks and,
 * on the data screen, its first answers, all in parallel rather than one after the other (issue 14).
 * Resolves once all of them are in (or failed): rendering before the chunks would suspend on them,
 * and React then holds the screen back up to 300 ms after its fallback (see lazy-route.ts); before
 * the session check or the data, each answer would re-render the whole screen, each a long task on
 * a phone. The static spinner of index.html shows meanwhile.
 */
export function startEarly(location: Pick<Location, 'pathname' | 'search'>): Promise<void> {
  return Promise.all([startSessionCheck(), preloadRoute(location.pathname, location.search)]).then(() => undefined);
}
