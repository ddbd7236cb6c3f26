import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { launchTablet, login, outboxCount, outboxRow, waitForServiceWorker } from './browser.ts';
import { DIST_A } from './global-setup.ts';
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

test('a connection cut after the server got the file, and a server killed mid-upload, still make one document per file', async () => {
  const context = await launchTablet(tempDir('sep-prof-'));
  const page = await context.newPage();
  await login(page, server.url);
  await waitForServiceWorker(page);

  const replayed: string[] = [];
  const keys: string[] = [];
  await context.route('**/api/documents/upload', async (route) => {
    const key = route.request().headers()['idempotency-key'] ?? '';
    const firstTry = !keys.includes(key);
    if (firstTry) keys.push(key);
    if (firstTry && keys.length === 1) {
      // 1st file: the server receives and stores it, then the answer is lost on the way back.
      await route.fetch();
      return route.abort('connectionreset');
    }
    if (firstTry && keys.length === 2) {
      // 2nd file: the server dies while the file is on the wire, and comes back a moment later.
      const inFlight = route.fetch().catch(() => null);
      await server.kill();
      await inFlight;
      await route.abort('connectionreset');
      server = await startServer({ port, dataDir, distDir: DIST_A });
      return;
    }
    // Retries that come while the server is still restarting find nobody listening.
    const response = await route.fetch().catch(() => null);
    if (!response) return route.abort('connectionrefused');
    if (response.headers()['idempotent-replayed'] === 'true') replayed.push(key);
    return route.fulfill({ response });
  });

  const files = ['grid-1003.pdf', 'stream-2002.pdf', 'grid-1004.pdf'];
  await page.getByTestId('file-input').setInputFiles(files.map(corpusPdf));
  await page.getByRole('button', { name: 'Procesar Archivos' }).click();

  await expect.poll(() => outboxCount(page), { timeout: 90_000 }).toBe(0);
  for (const name of files) await expect(outboxRow(page, name)).toContainText('enviado');

  const token = await api.login();
  const stored = await api.documents(token);
  expect(stored.map((d) => d.original_filename)).toEqual(files);
  // The first file's retry was answered from the server's idempotency record, not stored again.
  expect(replayed).toContain(keys[0]);
  expect(keys).toHaveLength(3);
  await context.close();
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
