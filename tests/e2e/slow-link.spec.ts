import { expect, test } from '@playwright/test';
import { CORPUS, ensureDocument, loginUi } from './helpers.ts';

/**
 * Issue 11: a slow link is not offline. At 25 KB/s with 300 ms latency (Chromium's own network
 * emulation) an upload of half a megabyte takes about twenty seconds; meanwhile the app says
 * 'Conexión lenta', keeps sending, and never says 'Sin conexión'.
 */
const FILE = 'scan-stream-3004.pdf';

test('a 25 KB/s link with 300 ms latency shows Conexión lenta, keeps sending, and is never called offline', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  await ensureDocument(request, 'grid-1001.pdf');
  await page.goto('/login');
  await loginUi(page);
  // The service worker answers API reads from its cache when the network is slow: that must not read as offline.
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  // Seen once online, so the worker holds the documents list in its cache.
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await nav.getByRole('link', { name: 'Documentos', exact: true }).click();
  await expect(page.locator('.document-card').first()).toBeVisible();
  await nav.getByRole('link', { name: 'Subir Documentos' }).click();

  // Every banner text the page shows, as it changes.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { bannersSeen: string[] }).bannersSeen = seen;
    const note = () => {
      const banner = document.querySelector('[data-testid="connection-banner"]');
      const text = banner?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  // Chromium's emulation slows the page's own requests; the worker's reads, which on a real slow
  // link queue behind the upload, are slowed here by hand: past the worker's 4 s network timeout
  // (it then answers from its cache), and /health past what a healthy link takes.
  await context.route(/\/api\/(documents\?|health)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, route.request().url().includes('/health') ? 4_000 : 6_000));
    await route.continue().catch(() => undefined);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: 25 * 1024, uploadThroughput: 25 * 1024 });

  await page.getByTestId('file-input').setInputFiles(`${CORPUS}/${FILE}`);
  await page.getByRole('button', { name: 'Procesar Archivos' }).click();
  const row = page.locator('.outbox-item', { hasText: FILE });
  await expect(row).toContainText('enviando', { timeout: 30_000 });
  await expect(page.getByTestId('connection-banner')).toContainText('Conexión lenta', { timeout: 60_000 });

  // Elsewhere in the app the documents come from the worker's cache after its timeout: still
  // 'slow' (with the date of the data shown), never 'offline', and the queue is a tap away.
  await nav.getByRole('link', { name: 'Documentos', exact: true }).click();
  await expect(page.locator('.document-card').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('connection-banner')).toContainText('Conexión lenta');
  await expect(page.getByTestId('connection-banner')).toContainText(/Se muestran datos guardados del \d{2}\/\d{2}\/\d{4}/, { timeout: 20_000 });
  await expect(page.getByTestId('connection-banner').getByRole('link', { name: 'Ver la cola' })).toBeVisible();
  await page.getByTestId('connection-banner').getByRole('link', { name: 'Ver la cola' }).click();

  await expect(row).toContainText('enviado', { timeout: 180_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await context.unrouteAll({ behavior: 'ignoreErrors' });

  const seen = await page.evaluate(() => (window as unknown as { bannersSeen: string[] }).bannersSeen);
  expect(seen.some((t) => t.startsWith('Conexión lenta'))).toBe(true);
  expect(seen.filter((t) => t.includes('Sin conexión'))).toEqual([]);
});
