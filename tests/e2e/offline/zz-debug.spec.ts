import { test } from '@playwright/test';
import { launchTablet, login, waitForServiceWorker } from './browser.ts';
import { DIST_A } from './global-setup.ts';
import { corpusPdf, freePort, startServer, tempDir } from './harness.ts';

test('debug route', async () => {
  const server = await startServer({ port: await freePort(), dataDir: tempDir('sep-dbg-'), distDir: DIST_A });
  const context = await launchTablet(tempDir('sep-prof-'));
  const page = await context.newPage();
  await login(page, server.url);
  await waitForServiceWorker(page);
  context.on('request', (r) => console.log('ctx request', r.method(), r.url(), r.serviceWorker() ? 'sw' : 'page'));
  await context.route('**/api/documents/upload', async (route) => {
    console.log('ROUTED', route.request().url());
    await route.continue();
  });
  await page.getByTestId('file-input').setInputFiles([corpusPdf('grid-1006.pdf')]);
  await page.getByRole('button', { name: 'Procesar Archivos' }).click();
  await page.waitForTimeout(4000);
  await context.close();
  await server.stop();
});
