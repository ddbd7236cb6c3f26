import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tinyPdf, upload, type TestServer } from './helpers.ts';

// Attacker's audit (2026-12-02, decision 037): the upload accepts a file whose `%PDF-` sits
// anywhere in its first 1 KB (decision 031), so an HTML page (or an HTA, an SVG, an executable
// stub) followed by a PDF is stored. Its download kept the uploader's name: a colleague's browser
// saved `Solicitud.html` and the operating system opened it by that extension, not as a PDF.
let s: TestServer;
let uploader: string;
let colleague: string;
beforeAll(async () => {
  s = await startServer({}, { runJobs: false });
  uploader = await s.createUser('uploader@example.com');
  colleague = await s.createUser('colleague@example.com');
});
afterAll(() => s.close());

/** An HTML page whose comment holds a PDF: accepted as a PDF, and a web page if saved as .html. */
const polyglot = (label: string) =>
  Buffer.concat([Buffer.from('<html><body><script>document.title="x"</script><!--\n'), tinyPdf(label), Buffer.from('\n--></body></html>\n')]);

async function uploadAs(name: string, bytes: Buffer): Promise<number> {
  const res = await upload(s, uploader, [{ name, bytes }]);
  expect(res.status, name).toBe(201);
  return (await res.json()).documents[0].id as number;
}

const dispositionOf = async (id: number) => {
  const res = await s.api(`/api/documents/${id}/file`, { token: colleague });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return res.headers.get('content-disposition') ?? '';
};

describe('a stored PDF is always downloaded under a .pdf name', () => {
  it('an HTML page with a PDF inside, named .html, is offered as .pdf (both name forms)', async () => {
    const id = await uploadAs('Solicitud-2025.html', polyglot('html'));
    expect(await dispositionOf(id)).toBe(`attachment; filename="Solicitud-2025.html.pdf"; filename*=UTF-8''Solicitud-2025.html.pdf`);
    // The list keeps the name the agent uploaded.
    const doc = await (await s.api(`/api/documents/${id}`, { token: colleague })).json();
    expect(doc.data.original_filename).toBe('Solicitud-2025.html');
  });

  it('executable and script extensions, a trailing dot, no extension: .pdf added', async () => {
    const cases: [string, string][] = [
      ['Solicitud.pdf.hta', 'Solicitud.pdf.hta.pdf'],
      ['Factura.exe', 'Factura.exe.pdf'],
      ['plano.svg', 'plano.svg.pdf'],
      ['acta.pdf.', 'acta.pdf..pdf'],
      ['sin-extension', 'sin-extension.pdf'],
    ];
    for (const [i, [name, expected]] of cases.entries()) {
      const id = await uploadAs(name, tinyPdf(`ext-${i}`));
      expect(await dispositionOf(id), name).toContain(`filename="${expected}"`);
    }
  });

  it('a name already ending in .pdf (any case) is kept; a 255-character name still ends in .pdf', async () => {
    expect(await dispositionOf(await uploadAs('Acta Final.PDF', tinyPdf('upper')))).toContain('filename="Acta Final.PDF"');
    const long = `${'a'.repeat(252)}.js`;
    const disposition = await dispositionOf(await uploadAs(long, tinyPdf('long')));
    const name = /filename="([^"]+)"/.exec(disposition)![1]!;
    expect(name.endsWith('.pdf')).toBe(true);
    expect(name.length).toBeLessThanOrEqual(255);
  });
});
