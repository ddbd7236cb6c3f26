import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { launchTablet, login, outboxCount, outboxRow, waitForServiceWorker } from './browser.ts';
import { DIST_A } from './global-setup.ts';
import { passThrough, startFaultProxy } from './fault-proxy.ts';
import { Api, corpusPdf, freePort, startServer, tempDir, type ServerHandle } from './harness.ts';

let server: ServerHandle;
let port: number;
let dataDir: string;
const api = new Api(() => server.url);

test.beforeAll(async () => {
  port = await freePort();
  dataDir = tempDir('sep-once-');
  server = await startServer({ port, dataDir, distDir: DIST_A });
});
test.afterAll(async () => server?.stop());

/** The `filename` of a tus `Upload-Metadata` header. */
function metadataName(header: string | string[] | undefined): string {
  const pair = [header ?? ''].flat().join(',').split(',').find((p) => p.startsWith('filename '));
  return pair ? Buffer.from(pair.slice('filename '.length), 'base64').toString('utf8') : '';
}

test('an answer lost after the server stored the file, and a server killed mid-upload, still make one document per file; the killed one resumes', async () => {
  const files = ['grid-1003.pdf', 'scan-grid-3002.pdf', 'grid-1004.pdf'];
  // Each upload's address (from its creation's Location) → the file it carries.
  const names = new Map<string, string>();
  const offsets = new Map<string, number[]>();
  const replayed: string[] = [];
  let cut = false;
  let killed = false;
  let restarted: Promise<ServerHandle> | undefined;
  const tus = (url: string) => new URL(url, 'http://proxy').pathname.startsWith('/api/uploads/tus');
  const proxy = await startFaultProxy(port, async (exchange, forward) => {
    if (!tus(exchange.url)) return passThrough(exchange, forward);
    if (exchange.method === 'POST') {
      const answer = await forward();
      const location = answer?.headers['location'];
      if (typeof location === 'string') names.set(new URL(location, 'http://proxy').pathname, metadataName(exchange.headers['upload-metadata']));
      return answer ?? 'reset';
    }
    const name = names.get(new URL(exchange.url, 'http://proxy').pathname) ?? '';
    if (exchange.method === 'PATCH') {
      const offset = Number(exchange.headers['upload-offset']);
      offsets.set(name, [...(offsets.get(name) ?? []), offset]);
      if (name === files[0] && !cut) {
        // 1st file: its last bytes reach the server, which stores the document; the answer is lost on the way back.
        cut = true;
        await forward();
        return 'reset';
      }
      if (name === files[1] && offset > 0 && !killed) {
        // 2nd file (3 chunks of 256 KB): the server dies while the second chunk is on the wire, and comes back a moment later.
        killed = true;
        const inFlight = forward();
        await server.kill();
        await inFlight;
        restarted = startServer({ port, dataDir, distDir: DIST_A }).then((s) => (server = s));
        return 'reset';
      }
    }
    const answer = await forward();
    if (answer?.headers['idempotent-replayed'] === 'true') replayed.push(name);
    return answer ?? 'reset';
  });

  const context = await launchTablet(tempDir('sep-prof-'));
  try {
    const page = await context.newPage();
    await login(page, proxy.url);
    await waitForServiceWorker(page);
    await page.getByTestId('file-input').setInputFiles(files.map(corpusPdf));
    await page.getByRole('button', { name: 'Procesar Archivos' }).click();

    await expect.poll(() => outboxCount(page), { timeout: 120_000 }).toBe(0);
    for (const name of files) await expect(outboxRow(page, name)).toContainText('enviado');
    await restarted;

    const token = await api.login();
    const stored = await api.documents(token);
    expect(stored.map((d) => d.original_filename)).toEqual(files);
    // Both faults happened (the proxy saw every upload call).
    expect(cut).toBe(true);
    expect(killed).toBe(true);
    // The 1st file was sent again as a new upload under the same client id: answered from the
    // server's idempotency record, not stored again.
    expect(replayed).toContain(files[0]);
    // The 2nd went on from what the killed server had stored: after its first chunk, never from 0 again.
    const second = offsets.get(files[1]!)!;
    expect(second.lastIndexOf(0)).toBe(0);
    expect(Math.min(...second.slice(1))).toBeGreaterThanOrEqual(256 * 1024);
  } finally {
    await context.close();
    await proxy.close();
  }
});

test('a non-PDF renamed .pdf and an 11 MB PDF get their messages and do not hold back the others', async () => {
  const dir = tempDir('sep-bad-');
  const fake = path.join(dir, 'no-es-pdf.pdf');
  fs.writeFileSync(fake, 'Esto es una hoja de texto, no un PDF.\n'.repeat(200));
  const big = path.join(dir, 'muy-grande.pdf');
  const doc = await PDFDocument.create();
  doc.addPage();
  // Random bytes: they do not compress, so the file really weighs 11 MB.
  await doc.attach(randomBytes(11 * 1024 * 1024), 'relleno.bin');
  fs.writeFileSync(big, await doc.save({ useObjectStreams: false }));

  const context = await launchTablet(tempDir('sep-prof-'));
  const page = await context.newPage();
  await login(page, server.url);

  // The 11 MB file is refused before it is queued; the others are queued.
  await page.getByTestId('file-input').setInputFiles([fake, big, corpusPdf('stream-2003.pdf')]);
  await expect(page.getByText('El archivo "muy-grande.pdf" supera el máximo de 10MB por archivo')).toBeVisible();
  await page.getByRole('button', { name: 'Procesar Archivos' }).click();

  // The server looks at the content: the renamed text file is refused with its Spanish message.
  await expect(outboxRow(page, 'no-es-pdf.pdf')).toContainText('error', { timeout: 30_000 });
  await expect(outboxRow(page, 'no-es-pdf.pdf')).toContainText('Solo se permiten archivos PDF');
  await expect(outboxRow(page, 'stream-2003.pdf')).toContainText('enviado', { timeout: 30_000 });

  // 'Quitar' clears the refused file from the outbox.
  await outboxRow(page, 'no-es-pdf.pdf').getByRole('button', { name: 'Quitar no-es-pdf.pdf' }).click();
  await expect.poll(() => outboxCount(page)).toBe(0);
  const token = await api.login();
  expect((await api.documents(token)).map((d) => d.original_filename)).toContain('stream-2003.pdf');
  await context.close();
});
