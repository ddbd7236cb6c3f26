import { downloadFromApi } from '../../../lib/download.ts';

/** GET documents/{id}/file: the original PDF, fetched with the bearer token. */
export function downloadDocumentFile(id: string, filename: string): Promise<string> {
  return downloadFromApi(`documents/${encodeURIComponent(id)}/file`, filename);
}
