import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { tableColumns, type CatalogTable, type CellValue, type ColumnType, type TableRow } from '../shared/catalog/index.ts';
import type { ExportFormat } from '../shared/api/tables.ts';

export const BOM = '\uFEFF';

/** One CSV cell (`;`-separated, Spanish Excel), a string starting a formula neutralised: every CSV export goes through it. */
export function csvCell(value: CellValue): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number') {
    // Spanish Excel reads a comma as the decimal mark; no thousands separator so it stays a number.
    text = String(value).replace('.', ',');
  } else {
    text = value;
    // A cell starting with = + - @ tab or CR would run as a formula in Excel (CSV injection), in
    // any column: a numeric or date cell whose text did not parse is a string too.
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  }
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Writes `text` to an export's stream, waiting for it to drain; false once the stream is gone (the
 * client went away and Fastify destroyed it). Waiting for 'drain' alone waited for ever then, the
 * export holding its chunk of rows: a memory leak any signed-in user could repeat (decision 036).
 */
export async function writeOrStop(out: PassThrough, text: string): Promise<boolean> {
  if (out.destroyed) return false;
  if (out.write(text)) return true;
  return drainedOrGone(out, out);
}

/** A stream's writable side, as far as waiting for it goes (archiver's streams are readable-stream's). */
interface Drainable {
  readonly writableNeedDrain?: boolean;
  readonly _writableState?: { needDrain?: boolean };
  on(event: 'drain', listener: () => void): unknown;
  off(event: 'drain', listener: () => void): unknown;
}

const needsDrain = (s: Drainable) => s.writableNeedDrain ?? s._writableState?.needDrain ?? false;

/** What ExcelJS and archiver keep of a stream's state (readable-stream's fields). */
interface Buffered {
  _readableState?: { length: number };
  _writableState?: { length: number };
}

/**
 * Waits (polling: no event says it) until the zip has taken in the sheet's XML written so far, so
 * that its buffer then tells whether the client keeps up. ExcelJS's worksheet stream pipes into
 * archiver's PassThrough; without them (another ExcelJS), it does not wait.
 */
async function zipTookIn(sheet: ExcelJS.Worksheet, out: PassThrough): Promise<boolean> {
  const intake = (sheet as unknown as { _stream?: { pipes?: Buffered[] } })._stream?.pipes?.[0];
  const pending = () => (intake?._readableState?.length ?? 0) + (intake?._writableState?.length ?? 0);
  for (let waited = 0; pending() > 0 && !out.destroyed && waited < 2000; waited += 5) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return !out.destroyed;
}

/** Waits until `full` drains (at once if it need not); false if `out` is destroyed meanwhile. */
async function drainedOrGone(full: Drainable, out: PassThrough): Promise<boolean> {
  if (out.destroyed) return false;
  if (!needsDrain(full)) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      full.off('drain', done);
      out.off('close', done);
      resolve();
    };
    full.on('drain', done);
    out.on('close', done);
  });
  return !out.destroyed;
}

const NUM_FORMATS: Partial<Record<ColumnType, string>> = {
  money: '#,##0.##',
  int: '0',
  decimal: '#,##0.00##',
  hectares: '#,##0.00##',
  percent: '0.00##"%"',
  date: 'dd/mm/yyyy',
};

/**
 * Characters XML 1.0 cannot hold that ExcelJS writes as they are (it drops the C0 controls itself):
 * one U+FFFE in a cell (a PDF's text layer, a reviewer's correction) made every XLSX export of its
 * table a file Excel calls damaged and ExcelJS refuses to open (attacker's audit, 2026-12-02).
 */
const NOT_XML = /[\uFFFE\uFFFF]/g;

function xlsxCell(value: CellValue, type: ColumnType | 'text'): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (type === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
  return typeof value === 'string' ? value.replace(NOT_XML, '') : value;
}

/** The whole filtered table as CSV (UTF-8 BOM, `;`) or XLSX (typed cells), written as rows arrive. */
export function exportStream(
  table: CatalogTable,
  format: ExportFormat,
  chunks: AsyncIterable<TableRow[]>,
  onError: (err: unknown) => void,
): Readable {
  const out = new PassThrough();
  const columns = tableColumns(table.columns);
  const fail = (err: unknown) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };

  if (format === 'csv') {
    void (async () => {
      out.write(BOM + columns.map((c) => csvCell(c.label)).join(';') + '\r\n');
      for await (const rows of chunks) {
        const text = rows.map((r) => columns.map((c) => csvCell(r[c.key] ?? null)).join(';')).join('\r\n') + '\r\n';
        // Leaving the loop closes the rows' generator: no more reading for a client that is gone.
        if (!(await writeOrStop(out, text))) return;
      }
      out.end();
    })().catch(fail);
    return out;
  }

  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(table.name.slice(0, 31));
    sheet.columns = columns.map((c) => ({
      header: c.label,
      key: c.key,
      width: Math.max(12, c.label.length + 2),
      style: NUM_FORMATS[c.type as ColumnType] ? { numFmt: NUM_FORMATS[c.type as ColumnType]! } : {},
    }));
    // ExcelJS writes the sheet into its zip (archiver) without waiting for it: for a slow client the
    // XML piled up in the zip's buffers, a whole table per request, and a gone client's export was
    // read whole for nobody. So each chunk lets the zip work, then waits while its buffer is full
    // (it empties as the client reads). `zip` is ExcelJS's own field; without it, unpaced as before.
    const zip = (workbook as unknown as { zip?: Drainable }).zip;
    for await (const rows of chunks) {
      for (const r of rows) sheet.addRow(columns.map((c) => xlsxCell(r[c.key] ?? null, c.type))).commit();
      if (!(await zipTookIn(sheet, out))) return;
      if (!(await drainedOrGone(zip ?? out, out))) return;
    }
    sheet.commit();
    await workbook.commit();
  })().catch(fail);
  return out;
}
