import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewResponse } from '../../src/shared/api/review.ts';
import type { Document } from '../../src/shared/api/documents.ts';
import { gridSpec, makePdf } from '../fixtures/engine/make-pdf.ts';
import { startServer, upload, waitForDocument, type TestServer } from './helpers.ts';

// Issue 12: a printed TOTAL that does not hold is stored structured with the quality report
// (failed_check_sums) and the review flags the values it added up, with the warning people read.
let s: TestServer;
let token: string;
let docId: number;

const XS = [40, 200, 270, 340, 430, 530];
const YS = [120, 140, 160, 180, 200];
const cells = [
  ['Concepto', 'Unidad', 'Cantidad', 'Valor unitario', 'Valor total'],
  ['Urea', 'Bulto', '10', '100.000', '1.000.000'],
  ['Semilla', 'Kg', '20', '50.000', '1.000.000'],
  ['TOTAL COSTOS DIRECTOS', '', '', '', '2.500.000'],
];

beforeAll(async () => {
  s = await startServer();
  token = await s.login();
  const page = gridSpec(XS, YS, cells);
  page.texts!.push({ text: 'COSTOS DIRECTOS', x: 40, y: 105, size: 11, bold: true });
  const res = await upload(s, token, [{ name: 'total-malo.pdf', bytes: await makePdf([page]) }]);
  docId = (await res.json()).documents[0].id;
  expect(await waitForDocument(s, token, docId)).toMatchObject({ status: 'processed' });
}, 90_000);
afterAll(() => s.close());

describe('a printed total that does not hold', () => {
  it('is stored structured and flags the values it added up in the review', async () => {
    const detail = (await (await s.api(`/api/documents/${docId}`, { token })).json()) as { data: Document & { tables: { name: string; quality: { failed_check_sums: unknown[]; warnings: string[] }[] }[] } };
    const costos = detail.data.tables.find((t) => t.name === 'CostosDirectos')!;
    const [failed] = costos.quality[0]!.failed_check_sums;
    expect(failed).toEqual({
      kind: 'column', label: 'TOTAL COSTOS DIRECTOS', page: 1, column: 'valor_total', header: null,
      printed: 2_500_000, computed: 2_000_000, rows: { from: 0, to: 2 }, message: costos.quality[0]!.warnings[0],
    });
    const { data } = (await (await s.api(`/api/documents/${docId}/review`, { token })).json()) as ReviewResponse;
    const table = data.tables.find((t) => t.name === 'CostosDirectos')!;
    expect(table.rows.map((r) => r.flags)).toEqual([
      [{ kind: 'check_sum', column: 'valor_total', message: expect.stringContaining('imprime 2.500.000 en Valor total') }],
      [{ kind: 'check_sum', column: 'valor_total', message: expect.stringContaining('suman 2.000.000') }],
    ]);
  });
});
