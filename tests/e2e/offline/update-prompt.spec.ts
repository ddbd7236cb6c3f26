import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { launchTablet, login, outboxRow, waitForServiceWorker } from './browser.ts';
import { DIST_A, DIST_B } from './global-setup.ts';
import { buildWeb, corpusPdf, freePort, startServer, tempDir, type ServerHandle } from './harness.ts';
import { HoldProxy } from './hold-proxy.ts';

let server: ServerHandle;

let proxy: Awaited<ReturnType<typeof HoldProxy.start>> | undefined;

test.afterAll(async () => {
  await proxy?.stop();
  await server?.stop();
});

function entryScript(distDir: string): string {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const match = /<script type="module" crossorigin src="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no entry script in ${distDir}`);
  return match[1];
}

test('a new build shows the update prompt, which waits for the running upload before reloading', async () => {
  buildWeb(DIST_B, 'next-version');
  expect(entryScript(DIST_B)).not.toBe(entryScript(DIST_A));

  const port = await freePort();
  const dataDir = tempDir('sep-update-');
  server = await startServer({ port, dataDir, distDir: DIST_A });
  // The browser talks to the server through a proxy that can hold an upload on the wire.
  proxy = await HoldProxy.start({ host: '127.0.0.1', port }, /^(POST|PATCH) \/api\/uploads\/tus/);
  const context = await launchTablet(tempDir('sep-prof-'));
  const page = await context.newPage();
  await login(page, proxy.url);
  await waitForServiceWorker(page);
  expect(await page.locator('script[type="module"]').getAttribute('src')).toBe(entryScript(DIST_A));

  // Deploy the next version on the same address.
  await server.stop();
  server = await startServer({ port, dataDir, distDir: DIST_B });

  // An upload is on the wire (held by the proxy) when the new version is noticed.
  proxy.hold();
  await page.reload();
  await page.getByTestId('file-input').setInputFiles([corpusPdf('stream-2004.pdf')]);
  await page.getByRole('button', { name: 'Procesar Archivos' }).click();
  await expect(outboxRow(page, 'stream-2004.pdf')).toContainText('enviando');

  await expect(page.getByText('Nueva versión disponible')).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => ((window as unknown as { oldPage: boolean }).oldPage = true));
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText('Se actualizará al terminar el envío de archivos')).toBeVisible();
  await page.waitForTimeout(2_000);
  expect(await page.evaluate(() => (window as unknown as { oldPage?: boolean }).oldPage)).toBe(true);

  // The upload ends; only then does the page switch to the new version.
  proxy.release();
  await page.waitForFunction(() => !(window as unknown as { oldPage?: boolean }).oldPage, undefined, { timeout: 30_000 });
  await expect(page.locator('script[type="module"]')).toHaveAttribute('src', entryScript(DIST_B));
  await context.close();
});
