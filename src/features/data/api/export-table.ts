import type { ExportFormat } from '../../../shared/api/tables.ts';
import { downloadFromApi } from '../../../lib/download.ts';
import { dataMessages } from '../../../shared/messages/web.ts';

export interface ExportFilters {
  nosolicitud?: string;
  search?: string;
  sortByNosolicitud?: boolean;
}

/** GET tables/{t}/export?format=csv|xlsx with the screen's filters: the whole filtered table. */
export function exportTable(tableType: string, format: ExportFormat, filters: ExportFilters): Promise<string> {
  return downloadFromApi(`tables/${encodeURIComponent(tableType)}/export`, `${tableType}.${format}`, {
    query: {
      format,
      nosolicitud: filters.nosolicitud?.trim() || undefined,
      search: filters.search?.trim() || undefined,
      sort_by_nosolicitud: filters.sortByNosolicitud ?? false,
    },
    fallback: dataMessages.exportError,
  });
}
