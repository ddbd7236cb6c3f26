import type { ExportFormat } from '../../../shared/api/tables.ts';
import { filtersToQuery, type TableFilters } from '../../../shared/table-filters.ts';
import { downloadFromApi } from '../../../lib/download.ts';
import { dataMessages } from '../messages.ts';

/** GET tables/{t}/export?format=csv|xlsx with the screen's filters: the whole filtered table. */
export function exportTable(tableType: string, format: ExportFormat, filters: TableFilters): Promise<string> {
  return downloadFromApi(`tables/${encodeURIComponent(tableType)}/export`, `${tableType}.${format}`, {
    query: { format, ...filtersToQuery(filters, 'api') },
    fallback: dataMessages.exportError,
  });
}
