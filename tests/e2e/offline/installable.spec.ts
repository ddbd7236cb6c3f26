import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { launchTablet, login, waitForServiceWorker } from './browser.ts';
import { DIST_A } from './global-setup.ts';
import { freePort, startServer, tempDir, type ServerHandle } from './harness.ts';

let server: ServerHandle;

test.beforeAll(async () => {
  server = await startServer({ port: await freePort(), dataDir: tempDir('sep-inst-'), distDir: DIST_A });
});
test.afterAll(async () => server?.stop());

test('the app is installable: manifest, icons and a controlling service worker', async () => {
  const context = await launchTablet(tempDir('sep-prof-'));
  try {
    const page = await context.newPage();
    await login(page, server.url);
    await waitForServiceWorker(page);
    await page.reload();

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);

    const manifest = await (await page.request.get(`${server.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'Sistema de Extracción PDF', lang: 'es', display: 'standalone' });
    for (const file of ['sw.js', 'index.html', 'manifest.webmanifest']) {
      const res = await page.request.get(`${server.url}/${file === 'index.html' ? '' : file}`);
      expect(res.headers()['cache-control'], file).toContain('no-cache');
    }
    expect(fs.existsSync(path.join(DIST_A, 'icons', 'maskable-512.png'))).toBe(true);
  } finally {
    await context.close();
  }
});
