import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { launchTablet, login, outboxRow, waitForServiceWorker } from './browser.ts';
import { DIST_A, DIST_B } from './global-setup.ts';
import { buildWeb, corpusPdf, freePort, startServer, tempDir, type ServerHandle } from './harness.ts';

let server: ServerHandle;

// Known flake since uploads went through tus (about 1 run in 4 on this 2-core machine): after the
// held upload is released the page sometimes does not switch version within 30 s. Cause not yet
// found (issue 11's closing note); retried so the rest of CI is not held hostage, never skipped.
test.describe.configure({ retries: 2 });

test.afterAll(async () => server?.stop());

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
  const context = await launchTablet(tempDir('sep-prof-'));
  const page = await context.newPage();
  await login(page, server.url);
  await waitForServiceWorker(page);
  expect(await page.locator('script[type="module"]').getAttribute('src')).toBe(entryScript(DIST_A));

  // Deploy the next version on the same address.
  await server.stop();
  server = await startServer({ port, dataDir, distDir: DIST_B });

  // An upload is on the wire (held here) when the new version is noticed.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/api/uploads/tus**', async (route) => {
    await held;
    await route.continue();
  });
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
  release();
  await page.waitForFunction(() => !(window as unknown as { oldPage?: boolean }).oldPage, undefined, { timeout: 30_000 });
  await expect(page.locator('script[type="module"]')).toHaveAttribute('src', entryScript(DIST_B));
  await context.close();
});
