import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, CORPUS, ensureDocument, loginUi, tablesWithRows } from './helpers.ts';

const FILES = ['grid-1001.pdf', 'stream-2001.pdf', 'grid-1002.pdf'];

test.describe.configure({ mode: 'serial' });

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await loginUi(page);
  await expect(page).toHaveURL(new RegExp(path.replace(/\?.*$/, '')));
}

test('upload three real PDFs and watch them reach processed', async ({ page }) => {
  await signIn(page, '/dashboard/upload');
  await expect(page.getByText('máximo 10MB por archivo')).toBeVisible();
  await expect(page.getByText('0/3 archivos seleccionados')).toBeVisible();

  await page.getByTestId('file-input').setInputFiles(FILES.map((f) => `${CORPUS}/${f}`));
  await expect(page.getByText('3/3 archivos seleccionados')).toBeVisible();
  for (const f of FILES) await expect(page.getByRole('list').getByText(f, { exact: true }).first()).toBeVisible();
  // A fourth file is refused with the spec's toast.
  await page.getByTestId('file-input').setInputFiles(`${CORPUS}/grid-1003.pdf`);
  await expect(page.getByText('Solo se permiten 3 archivos como máximo')).toBeVisible();

  await page.getByRole('button', { name: 'Procesar Archivos' }).click();
  await expect(page.getByText('0/3 archivos seleccionados')).toBeVisible({ timeout: 60_000 });

  const recent = page.locator('section', { has: page.getByRole('heading', { name: 'Subidas Recientes' }) });
  for (const f of FILES) await expect(recent.getByText(f, { exact: true })).toBeVisible({ timeout: 60_000 });

  // Processing happens in the server's workers; the list refreshes itself every 30 s, a reload is quicker.
  await expect(async () => {
    await page.reload();
    for (const f of FILES) {
      await expect(recent.locator('li', { hasText: f })).toHaveAttribute('data-status', 'processed', { timeout: 2_000 });
    }
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  await expect(recent.locator('li', { hasText: FILES[0]! })).toContainText(/\d+ tablas · hace/);
});

test('Documentos: search, order, status filter, total, and the detail page', async ({ page }) => {
  await signIn(page, '/dashboard/documents');
  await expect(page.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();
  await expect(page.getByTestId('documents-total')).toHaveText(/^[3-9]|\d{2,}$/);

  await page.getByLabel('Buscar documentos...').fill('STREAM-2001');
  await expect(page.locator('.document-card')).toHaveCount(1);
  await expect(page.locator('.document-card')).toContainText('stream-2001.pdf');
  await page.getByLabel('Buscar documentos...').fill('zzz-no-existe');
  await expect(page.getByText('No se encontraron documentos')).toBeVisible();
  await expect(page.getByText('Intenta con otros términos de búsqueda')).toBeVisible();
  await page.getByLabel('Buscar documentos...').fill('');

  await page.getByLabel('Estado').selectOption({ label: 'Con error' });
  await expect(page.getByText('No se encontraron documentos')).toBeVisible();
  await page.getByLabel('Estado').selectOption({ label: 'Procesados' });
  await expect(page.locator('.document-card').first()).toBeVisible();

  await page.getByLabel('Ordenar por fecha').selectOption({ label: 'Más antiguo' });
  await expect(page.locator('.document-card').first()).toContainText('grid-1001.pdf');

  const card = page.locator('.document-card', { hasText: 'grid-1001.pdf' });
  await expect(card).toContainText(/N° Solicitud: (\d[\d-]*|No disponible)/);
  const date = card.locator('time');
  const relative = await date.textContent();
  await date.hover();
  await expect(date).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  expect(relative).toMatch(/^hace /);

  await card.getByRole('link', { name: 'grid-1001.pdf' }).click();
  await expect(page).toHaveURL(/\/dashboard\/documents\/\d+$/);
  await expect(page.getByRole('heading', { name: 'grid-1001.pdf' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tablas encontradas' })).toBeVisible();
  const tableLinks = page.locator('.tables-found a');
  expect(await tableLinks.count()).toBeGreaterThan(0);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF original' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  await tableLinks.first().click();
  await expect(page).toHaveURL(/\/dashboard\/data\?table=\w+/);
  await expect(page.locator('.data-table tbody tr').first()).toBeVisible();
});

test('Datos Extraídos: every table with rows, both searches, sort toggle, pagination, export', async ({ page, request }) => {
  const tables = await tablesWithRows(request);
  expect(tables.length).toBeGreaterThan(0);
  const token = await apiToken(request);
  await signIn(page, '/dashboard/data?table=Nope');
  // An unknown table redirects to the first table of the list.
  await expect(page).toHaveURL(/table=CultivoProyecto/);

  for (const table of tables) {
    await page.goto(`/dashboard/data?table=${table.name}`);
    await expect(page.getByText(`Visualización de la tabla ${table.name}`)).toBeVisible();
    const rows = page.locator('.data-table tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect(page.locator('.data-table thead th').first()).toContainText('nosolicitud');
    expect(await rows.count()).toBe(Math.min(10, table.row_count));
    const pages = Math.max(1, Math.ceil(table.row_count / 10));
    await expect(page.getByText(`Página 1 de ${pages}`)).toBeVisible();

    // Values to search for come from the real API answer.
    const res = await request.get(`/api/tables/${table.name}`, { headers: { Authorization: `Bearer ${token}` } });
    const first = ((await res.json()) as { data: Record<string, string | number | null>[] }).data[0]!;
    const nosolicitud = String(first.nosolicitud ?? '');
    const text = Object.entries(first).find(([k, v]) => k !== 'nosolicitud' && typeof v === 'string' && v.length >= 3 && !/^\d{4}-\d{2}-\d{2}$/.test(v))?.[1] as string | undefined;

    if (pages > 1) {
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await expect(page.getByText(`Página 2 de ${pages}`)).toBeVisible();
    }
    await page.getByRole('button', { name: 'Agrupar y ordenar por N° solicitud' }).click();
    await expect(page).toHaveURL(/sortByNosolicitud=true/);
    await expect(page.getByText(`Página 1 de ${pages}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Quitar agrupación por N° solicitud' })).toHaveAttribute('aria-pressed', 'true');

    if (nosolicitud) {
      await page.getByRole('textbox', { name: 'N° solicitud', exact: true }).fill(nosolicitud.slice(0, 6));
      await page.getByRole('textbox', { name: 'N° solicitud', exact: true }).press('Enter');
      await expect(page).toHaveURL(new RegExp(`nosolicitud=${nosolicitud.slice(0, 6)}`));
      await expect(rows.first()).toBeVisible();
      await page.getByRole('button', { name: 'Limpiar N° solicitud' }).click();
      await expect(page).not.toHaveURL(/nosolicitud=/);
    }
    if (text) {
      await page.getByRole('textbox', { name: 'Buscar...', exact: true }).fill(text);
      await page.getByRole('button', { name: 'Buscar', exact: true }).click();
      await expect(page).toHaveURL(/search=/);
      await expect(rows.first()).toBeVisible();
      await expect(page.locator('.data-table tbody')).toContainText(text);
      await page.getByRole('button', { name: 'Limpiar búsqueda' }).click();
    }
    await page.getByRole('textbox', { name: 'Buscar...', exact: true }).fill('zzzz-nada-coincide');
    await page.getByRole('textbox', { name: 'Buscar...', exact: true }).press('Enter');
    await expect(page.getByText('No hay datos disponibles')).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar búsqueda' }).click();
    await expect(rows.first()).toBeVisible();
  }

  // Export: the whole table, from the server, with the bearer token.
  const table = tables[0]!.name;
  await page.goto(`/dashboard/data?table=${table}`);
  await expect(page.locator('.data-table tbody tr').first()).toBeVisible();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = (await readFile((await csv.path())!)).toString('utf8');
  expect(csvText.startsWith('\uFEFFN° Solicitud;')).toBe(true);
  expect(csvText.trim().split(/\r?\n/).length).toBeGreaterThanOrEqual(tables[0]!.row_count + 1);

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Excel' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = await readFile((await xlsx.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
});

test('Documentos pages through the server beyond the first 10', async ({ page, request }) => {
  // Eight more real PDFs through the API (the upload screen was exercised above): 11 in all.
  for (const f of ['grid-1003.pdf', 'grid-1004.pdf', 'grid-1005.pdf', 'grid-1006.pdf', 'grid-1007.pdf', 'grid-1008.pdf', 'stream-2002.pdf', 'stream-2003.pdf']) {
    await ensureDocument(request, f);
  }
  const token = await apiToken(request);
  const res = await request.get('/api/documents', { params: { all_documents: true }, headers: { Authorization: `Bearer ${token}` } });
  const total = ((await res.json()) as { pagination: { total_items: number } }).pagination.total_items;
  expect(total).toBeGreaterThanOrEqual(11);
  const pages = Math.ceil(total / 10);
  await signIn(page, '/dashboard/documents');
  await expect(page.getByTestId('documents-total')).toHaveText(String(total));
  await expect(page.locator('.document-card')).toHaveCount(10);
  await expect(page.getByText(`Página 1 de ${pages}`)).toBeVisible();
  for (let p = 2; p <= pages; p++) await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText(`Página ${pages} de ${pages}`)).toBeVisible();
  await expect(page.locator('.document-card')).toHaveCount(total - 10 * (pages - 1));
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
});
