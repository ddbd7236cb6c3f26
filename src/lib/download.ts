import { apiRequest, type RequestOptions } from './api-client.ts';

/** The file name a Content-Disposition header offers, RFC 5987 form first. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads an API resource that needs the bearer token: a plain link cannot carry the
 * Authorization header, so the file is fetched, then handed to the browser as a blob link.
 */
export async function downloadFromApi(
  path: string,
  fallbackName: string,
  options: Pick<RequestOptions, 'query' | 'fallback'> = {},
): Promise<string> {
  const response = await apiRequest(path, { ...options, raw: true });
  const blob = await response.blob();
  const name = filenameFromDisposition(response.headers.get('Content-Disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: Chromium reads the blob asynchronously after the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
