import { useState } from 'react';
import { toast } from 'react-toastify';
import type { ExportFormat } from '../../../shared/api/tables.ts';
import type { TableFilters } from '../../../shared/table-filters.ts';
import { dataMessages } from '../messages.ts';
import { useNeedsServer } from '../../../lib/pwa/needs-server.tsx';
import { DownloadIcon } from '../../../ui/icons.tsx';
import { exportTable } from '../api/export-table.ts';

/** 'Exportar CSV' / 'Exportar Excel': the whole filtered table, downloaded from the server. */
export function ExportButtons({ table, filters }: { table: string; filters: TableFilters }) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  // An export is built by the server: while offline it waits, disabled, with the reason shown.
  const server = useNeedsServer();

  async function handleExport(format: ExportFormat) {
    setBusy(format);
    try {
      await exportTable(table, format, filters);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : dataMessages.exportError);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="export-buttons">
      <button
        type="button"
        className="btn btn-secondary"
        disabled={busy !== null || server.offline}
        onClick={() => handleExport('csv')}
        {...server.buttonProps}
      >
        <DownloadIcon /> {dataMessages.exportCsv}
      </button>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={busy !== null || server.offline}
        onClick={() => handleExport('xlsx')}
        {...server.buttonProps}
      >
        <DownloadIcon /> {dataMessages.exportExcel}
      </button>
      {server.hint}
    </div>
  );
}
