import { expect, test } from '@playwright/test';
import { goOffline, goOnline, launchTablet, login, waitForServiceWorker } from './browser.ts';
import { DIST_A } from './global-setup.ts';
import { Api, corpusPdf, freePort, startServer, tempDir, type ServerHandle } from './harness.ts';

let server: ServerHandle;
const api = new Api(() => server.url);
const OTHER = { email: 'tecnico@campo.test', password: 'otra-clave-456' };

test.beforeAll(async () => {
  server = await startServer({ port: await freePort(), dataDir: tempDir('sep-data-'), distDir: DIST_A });
});
test.afterAll(async () => server?.stop());

async function processedTable(token: string): Promise<string> {
  const id = await api.upload(token, corpusPdf('grid-1005.pdf'));
  for (let i = 0; i < 240; i++) {
    const doc = (await api.documents(token)).find((d) => d.id === id);
    if (doc?.status === 'processed') {
      const [table] = Object.entries(doc.tables_info.by_table).find(([, rows]) => rows > 0) ?? [];
      if (!table) throw new Error('the fixture PDF produced no rows');
      return table;
    }
    if (doc?.status === 'error') throw new Error('the fixture PDF failed to process');
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('processing did not finish');
}

/** The signed-in user's id as the server gives it (`users/me`): the worker names its cache by it. */
async function userIdOf(token: string): Promise<string> {
  const res = await fetch(`${server.url}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } });
  return String(((await res.json()) as { data: { id: number } }).data.id);
}

test('a table page seen online opens offline with its rows and the offline label; logout removes it', async () => {
  const adminToken = await api.login();
  await api.createUser(adminToken, OTHER.email, OTHER.password);
  const table = await processedTable(adminToken);
  const adminId = await userIdOf(adminToken);

  const context = await launchTablet(tempDir('sep-prof-'));
  const page = await context.newPage();
  await login(page, server.url);
  await waitForServiceWorker(page);
  const url = `${server.url}/dashboard/data?table=${table}`;
  // In-app navigation, no reload: on this first visit the worker learns the user from the app's
  // message, not from a `users/me` answer.
  await page.getByRole('button', { name: 'Datos Extraídos' }).click();
  // The link reads the table's Spanish title, then its name.
  await page.getByRole('link', { name: new RegExp(`(^|\\s)${table}$`) }).click();
  await expect(page).toHaveURL(url);
  const rows = page.locator('table tbody tr');
  await expect(rows.first()).toBeVisible();
  const onlineCount = await rows.count();
  const firstRow = await rows.first().innerText();

  await goOffline(context);
  await page.reload();
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBe(onlineCount);
  expect(await rows.first().innerText()).toBe(firstRow);
  await expect(page.getByText(/^Sin conexión — datos del \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  expect(await page.evaluate(() => caches.keys())).toContain(`sep-api-${adminId}`);

  await goOnline(context);
  await page.reload();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain(`sep-api-${adminId}`);

  // The next user of the tablet, offline, gets none of the previous user's pages.
  await login(page, server.url, OTHER.email, OTHER.password);
  await goOffline(context);
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Datos Extraídos' })).toBeVisible();
  await expect(page.getByText(firstRow.split('\t')[0] ?? firstRow)).toHaveCount(0);
  await expect(rows).toHaveCount(0);
  await context.close();
});

// Second attacker's audit: a session ended by a 401 (here an administrator resets the password,
// which revokes every token) dropped only the pages in memory; the worker's API cache of that user
// stayed on the tablet for 14 days.
test('a session ended by a 401 removes that user’s cached API answers, as logout does', async () => {
  const adminToken = await api.login();
  const field = { email: 'revocado@campo.test', password: 'clave-revocada-1' };
  await api.createUser(adminToken, field.email, field.password);
  const table = await processedTable(adminToken);
  const users = (await (await fetch(`${server.url}/api/users`, { headers: { Authorization: `Bearer ${adminToken}` } })).json()) as {
    data: { id: number; email: string }[];
  };
  const userId = users.data.find((u) => u.email === field.email)!.id;

  const context = await launchTablet(tempDir('sep-prof-'));
  const page = await context.newPage();
  await login(page, server.url, field.email, field.password);
  await waitForServiceWorker(page);
  await page.goto(`${server.url}/dashboard/data?table=${table}`);
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => caches.keys())).toContain(`sep-api-${userId}`);

  const reset = await fetch(`${server.url}/api/users/${userId}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: 'otra-clave-nueva-2' }),
  });
  expect(reset.status).toBe(200);
  // The next request of the app is refused: back to the login page, and the cache goes.
  await page.getByRole('link', { name: 'Documentos' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain(`sep-api-${userId}`);
  await context.close();
});

// Fifth attacker's audit: on a slow link, answers still on the wire when the user signed out came
// back after the cache was deleted; the `users/me` one taught the worker the signed-out token
// again, the cache was made anew, and the documents list was filed in it: the previous user's
// applicants stayed on a shared tablet.
test('answers still on a slow link at logout do not bring that user’s cache back', async () => {
  const adminToken = await api.login();
  const adminId = await userIdOf(adminToken);
  const context = await launchTablet(tempDir('sep-prof-'));
  const page = await context.newPage();
  await login(page, server.url);
  await waitForServiceWorker(page);
  // A full load: the worker learns the user from the `users/me` answer and keeps the list.
  await page.goto(`${server.url}/dashboard/documents`);
  await expect
    .poll(() => page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), `sep-api-${adminId}`))
    .toContain('/api/documents');

  // The server answers at once; the answers take 7 s to come down the link.
  await context.route(/\/api\/(users\/me|documents\?)/, async (route) => {
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, 7_000));
    await route.fulfill({ response }).catch(() => undefined);
  });
  await page.reload();
  // After 4 s the worker answers from the cache; the network answers are still coming.
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain(`sep-api-${adminId}`);
  await page.waitForTimeout(9_000);
  expect(await page.evaluate(() => caches.keys())).not.toContain(`sep-api-${adminId}`);
  await context.close();
});
