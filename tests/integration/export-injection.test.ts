import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTable, type TableRow } from '../../src/shared/catalog/index.ts';
import { startServer, type TestServer } from './helpers.ts';

// Issue 8: a value in a numeric or date column whose text did not parse is kept as text; it must be
// neutralised in CSV like any text cell, while real numbers (negative ones too) stay numbers.
let s: TestServer;
let token: string;

const ROWS: TableRow[] = [
  // numero_cuota:int fecha_pago:date saldo_inicial capital intereses valor_cuota saldo_final:money
  { numero_cuota: '=3*3', fecha_pago: '@SUM(9)', saldo_inicial: '-2+3', capital: '+7+7', intereses: '\tx', valor_cuota: '\rfoo', saldo_final: -5 },
  { numero_cuota: 2, fecha_pago: '2025-01-31', saldo_inicial: 1000.5, capital: -5, intereses: 0, valor_cuota: '=HYPERLINK("http://x")', saldo_final: null },
];

beforeAll(async () => {
  s = await startServer({}, { runJobs: false });
  token = await s.login();
  const table = findTable('PlanAmortizacionDetalle')!;
  const doc = await s.ctx.documents.insert({ ownerId: 1, originalFilename: 'inj.pdf', storageKey: 'k-inj', sha256: 'inj', size: 1 });
  await s.ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('documents').set({ status: 'processed', nosolicitud: '-77' }).where('id', '=', doc.id).execute();
    await s.ctx.rows.replaceForDocument(trx, doc.id, '-77', [{ table, rows: ROWS.map((values) => ({ values })) }]);
  });
  // A text cell holding the noncharacters U+FFFE/U+FFFF (a PDF's text layer, or a reviewer's correction).
  const costs = findTable('CostosDirectos')!;
  const other = await s.ctx.documents.insert({ ownerId: 1, originalFilename: 'nc.pdf', storageKey: 'k-nc', sha256: 'nc', size: 1 });
  await s.ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('documents').set({ status: 'processed', nosolicitud: '55' }).where('id', '=', other.id).execute();
    await s.ctx.rows.replaceForDocument(trx, other.id, '55', [{ table: costs, rows: [{ values: { concepto: 'Urea\uFFFE granulada\uFFFF', cantidad: 2 } }] }]);
  });
});
afterAll(() => s.close());

describe('export formula guard', () => {
  it('CSV neutralises every string cell starting with = + - @ tab or CR, whatever its column type; numbers stay numbers', async () => {
    const res = await s.api('/api/tables/PlanAmortizacionDetalle/export?format=csv', { token });
    expect(res.status).toBe(200);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(`'-77;'=3*3;'@SUM(9);'-2+3;'+7+7;'\tx;"'\rfoo";-5`);
    expect(lines[2]).toBe(`'-77;2;2025-01-31;1000,5;-5;0;"'=HYPERLINK(""http://x"")";`);
  });

  it('XLSX writes a string starting with = as a string, never a formula; numbers as numbers', async () => {
    const res = await s.api('/api/tables/PlanAmortizacionDetalle/export?format=xlsx', { token });
    expect(res.status).toBe(200);
    const bytes = await res.arrayBuffer();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const sheet = workbook.getWorksheet('PlanAmortizacionDetalle')!;
    const first = sheet.getRow(2);
    expect(first.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(2).value).toBe('=3*3');
    expect(first.getCell(3).value).toBe('@SUM(9)');
    expect(first.getCell(8).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(8).value).toBe(-5);
    const second = sheet.getRow(3);
    expect(second.getCell(7).type).toBe(ExcelJS.ValueType.String);
    expect(second.getCell(7).value).toBe('=HYPERLINK("http://x")');
    expect(second.getCell(5).value).toBe(-5);
    // The sheet XML itself holds no formula element.
    const zip = await JSZip.loadAsync(bytes);
    const sheets = Object.keys(zip.files).filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name));
    expect(sheets.length).toBeGreaterThan(0);
    for (const name of sheets) expect(await zip.file(name)!.async('string')).not.toMatch(/<f[\s>]/);
  });

  // Attacker's audit (2026-12-02, decision 037): XML 1.0 has no U+FFFE or U+FFFF, and ExcelJS
  // writes them as they are: one such cell made every XLSX export of its table a file that
  // Excel calls damaged and ExcelJS refuses to open ("disallowed character").
  it('XLSX leaves out the noncharacters XML cannot hold: the file opens, the text is kept', async () => {
    const res = await s.api('/api/tables/CostosDirectos/export?format=xlsx', { token });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet('CostosDirectos')!;
    const values = sheet.getRow(2).values as unknown[];
    expect(values).toContain('Urea granulada');
  });
});
