/** Chromium helpers for the offline tests: a persistent profile (the tablet), offline, login. */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ADMIN } from './harness.ts';

export async function launchTablet(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
    serviceWorkers: 'allow',
    viewport: { width: 1024, height: 1280 },
    locale: 'es-CO',
  });
}

/**
 * Offline as issue 5 means it: the context's network off, and every request the page or the
 * service worker still tries aborted.
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}

export async function login(page: Page, base: string, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.waitForURL(/\/dashboard\/upload/);
}

/** Waits until the service worker controls the page (first visit: after clientsClaim). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** How many files the outbox holds in IndexedDB (what survives reloads and restarts). */
export async function outboxCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('sep-outbox-records');
        open.onupgradeneeded = () => open.result.createObjectStore('records');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('records').objectStore('records').count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

export function outboxRow(page: Page, name: string) {
  return page.locator('.outbox-item', { hasText: name });
}
