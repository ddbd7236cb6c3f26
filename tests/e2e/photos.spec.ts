import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { apiToken, loginUi, seriousA11yViolations } from './helpers.ts';

/**
 * Issue 11: a paper application photographed on the tablet (the camera input given committed
 * JPEGs), put in order, assembled into one PDF on the device while offline, queued, and sent by
 * the outbox once the connection is back; the real server stores it and the list says its state
 * in words.
 */
const PHOTOS = path.resolve(import.meta.dirname, '../fixtures/photos');
const OFFLINE_BANNER = 'Sin conexión: los archivos se enviarán automáticamente cuando vuelva la conexión';
const STATUS_WORDS: Record<string, RegExp> = {
  pending: /Pendiente|En proceso/,
  processing: /En proceso|Procesado|Con error/,
  processed: /Procesado/,
  error: /Con error/,
};

interface StoredDocument {
  id: number;
  original_filename: string;
  status: string;
}

// axe-core is injected as a script; the server's CSP (rightly) forbids that, so this test bypasses it.
test.use({ viewport: { width: 800, height: 1280 }, hasTouch: true, bypassCSP: true });

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  // The service worker's own requests too (Playwright routes them).
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

async function goOnline(context: BrowserContext) {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}

async function photoDocuments(page: Page, token: string): Promise<StoredDocument[]> {
  const res = await page.request.get('/api/documents', { params: { page_size: 100, all_documents: true }, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: StoredDocument[] }).data.filter((d) => /^fotos-\d{4}-\d{2}-\d{2}-\d{4}\.pdf$/.test(d.original_filename));
}

test('photograph a paper application, assemble it offline, queue it, and see it reach the server and read', async ({ page, context, request }) => {
  // OCR of two photographed pages takes some seconds each, more on a loaded machine.
  test.setTimeout(240_000);
  const token = await apiToken(request);
  const before = new Set((await photoDocuments(page, token)).map((d) => d.id));
  const chunks: string[] = [];
  page.on('request', (req) => chunks.push(new URL(req.url()).pathname));

  await page.goto('/login');
  await loginUi(page);
  await expect(page.getByRole('heading', { name: 'Fotografiar una solicitud en papel' })).toBeVisible();
  // pdf-lib is not part of the first visit nor of the upload screen: it comes when photos are taken.
  expect(chunks.filter((p) => p.includes('pdf-writer'))).toEqual([]);

  const writerLoaded = page.waitForResponse((res) => res.url().includes('pdf-writer') && res.ok());
  await page.getByTestId('camera-input').setInputFiles(['solicitud-p1.jpg', 'solicitud-p2.jpg', 'solicitud-p3-horizontal.jpg'].map((f) => path.join(PHOTOS, f)));
  await expect(page.getByText('3 páginas')).toBeVisible();
  await writerLoaded;
  const pages = page.getByRole('list', { name: 'Páginas fotografiadas' });
  await expect(pages.getByRole('img')).toHaveCount(3);

  // The third photo was taken sideways: turn it upright, put it second, and drop the old second page.
  await page.getByRole('button', { name: 'Girar la página 3' }).click();
  await expect(pages.locator('li').nth(2)).toHaveAttribute('data-rotation', '90');
  await page.getByRole('button', { name: 'Mover la página 3 antes' }).click();
  await expect(pages.locator('li').nth(1)).toHaveAttribute('data-rotation', '90');
  await page.getByRole('button', { name: 'Quitar la página 3' }).click();
  await expect(page.getByText('2 páginas')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Offline: the PDF is made on the device and waits in the outbox.
  await goOffline(context);
  await page.getByRole('button', { name: 'Crear PDF y enviar' }).click();
  const queued = page.getByText(/^Se creó "fotos-\d{4}-\d{2}-\d{2}-\d{4}\.pdf" con las fotos y quedó en la cola de envío\.$/);
  await expect(queued).toBeVisible({ timeout: 30_000 });
  const name = (await queued.textContent())!.match(/"(.+)"/)![1]!;
  const row = page.locator('.outbox-item', { hasText: name });
  await expect(row).toContainText('pendiente');
  await expect(page.getByTestId('connection-banner')).toContainText(OFFLINE_BANNER);
  // One banner at a time.
  await expect(page.getByRole('status').filter({ hasText: /Sin conexión|Conexión lenta/ })).toHaveCount(1);
  // 'Reintentar' needs the server: disabled, with the reason in words.
  const retry = page.getByRole('button', { name: 'Reintentar', exact: true });
  await expect(retry).toBeDisabled();
  await expect(retry).toHaveAccessibleDescription(/esta acción necesita el servidor/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect((await photoDocuments(page, token)).filter((d) => !before.has(d.id))).toEqual([]);

  // Back online: the outbox sends it by itself.
  await goOnline(context);
  await expect(row).toContainText('enviado', { timeout: 60_000 });
  await expect(page.getByTestId('connection-banner')).toBeHidden();

  const stored = (await photoDocuments(page, token)).filter((d) => !before.has(d.id));
  expect(stored.map((d) => d.original_filename)).toEqual([name]);
  const id = stored[0]!.id;

  // What arrived is the assembled PDF: two upright pages, the turned photo among them.
  const file = await page.request.get(`/api/documents/${id}/file`, { headers: { Authorization: `Bearer ${token}` } });
  expect(file.ok()).toBeTruthy();
  const body = await file.body();
  expect(body.length).toBeLessThan(10 * 1024 * 1024);
  const pdf = await PDFDocument.load(body);
  expect(pdf.getPageCount()).toBe(2);
  for (const p of pdf.getPages()) expect(p.getHeight()).toBeGreaterThan(p.getWidth());

  // OCR reads the photographed pages: the document is processed with its request number.
  let status = stored[0]!.status;
  await expect
    .poll(
      async () => {
        status = (await photoDocuments(page, token)).find((d) => d.id === id)?.status ?? 'missing';
        return status;
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toMatch(/^(processed|error)$/);
  expect(status).toBe('processed');
  const detail = await page.request.get(`/api/documents/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await detail.json()) as { data: { nosolicitud: string | null } }).data.nosolicitud).toBe('2025-0147');
  await page.reload();
  const recent = page.locator('section', { has: page.getByRole('heading', { name: 'Subidas Recientes' }) });
  const link = recent.getByRole('link', { name: new RegExp(name.replace(/\./g, '\\.')) });
  await expect(link).toContainText(STATUS_WORDS[status] ?? /Pendiente|En proceso|Procesado|Con error/);
  if (status === 'error') await expect(link).toContainText('Qué hacer:');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/documents/${id}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
});
