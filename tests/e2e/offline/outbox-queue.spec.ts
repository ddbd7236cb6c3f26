import { expect, test } from '@playwright/test';
import { goOffline, goOnline, launchTablet, login, outboxCount, outboxRow, waitForServiceWorker } from './browser.ts';
import { DIST_A } from './global-setup.ts';
import { Api, corpusPdf, freePort, startServer, tempDir, type ServerHandle } from './harness.ts';

const FILES = ['grid-1001.pdf', 'stream-2001.pdf', 'grid-1002.pdf'];
const BANNER = 'Sin conexión: los archivos se enviarán automáticamente cuando vuelva la conexión';

let server: ServerHandle;
const api = new Api(() => server.url);

test.beforeAll(async () => {
  server = await startServer({ port: await freePort(), dataDir: tempDir('sep-queue-'), distDir: DIST_A });
});
test.afterAll(async () => server?.stop());

test('three PDFs queued offline survive a reload and a browser restart, then arrive once each, in order', async () => {
  const profile = tempDir('sep-prof-');
  let context = await launchTablet(profile);
  let page = await context.newPage();
  await login(page, server.url);
  await waitForServiceWorker(page);

  await goOffline(context);
  await page.getByTestId('file-input').setInputFiles(FILES.map(corpusPdf));
  await page.getByRole('button', { name: 'Procesar Archivos' }).click();
  await expect(page.getByText(BANNER)).toBeVisible();
  await expect(page.getByText(/Sin conexión: los archivos quedaron en cola/)).toBeVisible();
  for (const name of FILES) await expect(outboxRow(page, name)).toContainText('pendiente');
  expect(await outboxCount(page)).toBe(3);

  // Reload while offline: the shell comes from the service worker, the queue from IndexedDB.
  await page.reload();
  for (const name of FILES) await expect(outboxRow(page, name)).toContainText('pendiente');

  // Close the browser (the tablet restarts) and come back, still offline.
  await context.close();
  context = await launchTablet(profile);
  await goOffline(context);
  page = await context.newPage();
  await page.goto(`${server.url}/dashboard/upload`);
  for (const name of FILES) await expect(outboxRow(page, name)).toContainText('pendiente');
  expect(await outboxCount(page)).toBe(3);
  const token = await api.login();
  expect(await api.documents(token)).toHaveLength(0);

  await goOnline(context);
  await expect.poll(() => outboxCount(page), { timeout: 60_000 }).toBe(0);
  for (const name of FILES) await expect(outboxRow(page, name)).toContainText('enviado');
  await expect(page.getByText(BANNER)).toBeHidden();

  const stored = await api.documents(token);
  expect(stored.map((d) => d.original_filename)).toEqual(FILES);
  await context.close();
});

test('logging out with files pending warns, keeps them, and sends them when that user signs in again', async () => {
  const context = await launchTablet(tempDir('sep-prof-'));
  const page = await context.newPage();
  await login(page, server.url);
  await waitForServiceWorker(page);
  const token = await api.login();
  const before = (await api.documents(token)).length;

  await goOffline(context);
  await page.getByTestId('file-input').setInputFiles([corpusPdf('stream-2005.pdf')]);
  await page.getByRole('button', { name: 'Procesar Archivos' }).click();
  await expect(outboxRow(page, 'stream-2005.pdf')).toContainText('pendiente');

  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page.getByText('Tienes 1 archivo sin enviar. Se guardará en este dispositivo y se enviará cuando vuelvas a iniciar sesión.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // Online but signed out: nothing leaves without its owner's session.
  await goOnline(context);
  await page.waitForTimeout(3_000);
  expect(await outboxCount(page)).toBe(1);
  expect(await api.documents(token)).toHaveLength(before);

  await login(page, server.url);
  await expect.poll(() => outboxCount(page), { timeout: 60_000 }).toBe(0);
  expect((await api.documents(token)).map((d) => d.original_filename)).toContain('stream-2005.pdf');
  await context.close();
});
