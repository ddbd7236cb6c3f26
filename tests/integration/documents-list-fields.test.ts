import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

// Issue 12: the documents list shows the applicant and the number of quality warnings.
let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startServer({}, { runJobs: false });
  token = await s.login();
  const doc = await s.ctx.documents.insert({ ownerId: 1, originalFilename: 'con-datos.pdf', storageKey: 'k-datos', sha256: 'datos', size: 1 });
  await s.ctx.db
    .updateTable('documents')
    .set({
      status: 'processed',
      header_json: JSON.stringify({ solicitante: ' María Gómez ', municipio: 'Tunja' }),
      quality_json: JSON.stringify({ tables: [], warnings: ['Faltan columnas', 'Totales no cuadran'], ocr_pages: [] }),
    })
    .where('id', '=', doc.id)
    .execute();
  await s.ctx.documents.insert({ ownerId: 1, originalFilename: 'sin-datos.pdf', storageKey: 'k-sin', sha256: 'sin', size: 1 });
});
afterAll(() => s.close());

describe('GET /api/documents list fields', () => {
  it('answers the applicant (or null) and the warnings count of each document', async () => {
    const res = await s.api('/api/documents?all_documents=true', { token });
    const body = (await res.json()) as { data: { original_filename: string; applicant: string | null; warnings_count: number }[] };
    const byName = new Map(body.data.map((d) => [d.original_filename, d]));
    expect(byName.get('con-datos.pdf')).toMatchObject({ applicant: 'María Gómez', warnings_count: 2 });
    expect(byName.get('sin-datos.pdf')).toMatchObject({ applicant: null, warnings_count: 0 });
    // Corrections are counted per document in the list too (tests/integration/corrections.test.ts has non-zero counts).
    expect(byName.get('con-datos.pdf')).toMatchObject({ corrections_count: 0, corrections_to_review: 0 });
  });
});
