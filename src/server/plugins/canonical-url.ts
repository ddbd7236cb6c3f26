/**
 * One spelling per path, before the router sees it (Fastify `rewriteUrl`). The router decodes
 * percent-escapes itself, so `/%61pi/users` and `/api/users` always reached the same route; this
 * also folds the spellings it would otherwise treat as other paths (`/api/./users`,
 * `/x/../api/users`, `//api/users`, `/api%2fusers`, `\`), so every spelling of an API path meets
 * the same route and the same permission check. Security does not rest on this: auth is decided by
 * the matched route's config (plugins/auth.ts); this only stops odd spellings from falling through
 * to the 404 handler.
 */

// Percent-escapes of characters that mean the same decoded or not (RFC 3986 unreserved), plus `/`
// and `\`: decoding them changes no meaning for our routes (no parameter of ours holds a slash).
const FOLDABLE = /%([0-9A-Fa-f]{2})/g;
const SAFE_DECODED = /^[A-Za-z0-9\-._~/\\]$/;

function decodeFoldable(path: string): string {
  return path.replace(FOLDABLE, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return SAFE_DECODED.test(char) ? char : escape;
  });
}

/** RFC 3986 §5.2.4 on an absolute path, with empty segments (`//`) folded too. */
function removeDotSegments(path: string): string {
  const out: string[] = [];
  const segments = path.split('/');
  for (const segment of segments.slice(1)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  const trailing = segments.length > 2 && ['', '.', '..'].includes(segments[segments.length - 1]!);
  return `/${out.join('/')}${trailing && out.length > 0 ? '/' : ''}`;
}

/** The canonical form of a request target: path folded, query string untouched. */
export function canonicalUrl(rawUrl: string): string {
  const q = rawUrl.indexOf('?');
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const query = q === -1 ? '' : rawUrl.slice(q);
  const decoded = decodeFoldable(path).replace(/\\/g, '/');
  const absolute = decoded.startsWith('/') ? decoded : `/${decoded}`;
  return removeDotSegments(absolute) + query;
}

/** True for `/api` and anything under it, whatever the case (the router ignores case). */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0]!.toLowerCase();
  return path === '/api' || path.startsWith('/api/');
}
