import { downloadFromApi } from '../../../lib/download.ts';
import { documentsMessages } from '../messages.ts';

/** GET corrections/export?format=csv (permission review): every correction, with the bearer token. */
export function exportCorrections(): Promise<string> {
  return downloadFromApi('corrections/export', 'correcciones.csv', { query: { format: 'csv' }, fallback: documentsMessages.exportCorrectionsError });
}
