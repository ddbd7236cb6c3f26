import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, ensureDocument, loginUi, processedNosolicitud } from './helpers.ts';

// Issue 12: an administrator corrects a value in 'Datos Extraídos', sees it marked, finds it in
// the CSV export, and reverts it (docs/decisions/039-corrections.md).
const TABLE = 'CostosDirectos';
const COLUMN = 'valor_total';
const NEW_VALUE = '7.654.321';

/**
 * The processed document and the row the screen shows first with a number in the column, not
 * corrected yet (same query as the screen's page 1).
 */
async function uncorrectedRow(request: APIRequestContext) {
  const id = await ensureDocument(request, 'grid-1001.pdf');
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const nosolicitud = await processedNosolicitud(request, id);
  const rowsRes = await request.get(`/api/tables/${TABLE}`, { params: { page: 1, page_size: 10, nosolicitud, sort_by_nosolicitud: false }, headers });
  const body = (await rowsRes.json()) as { data: Record<string, unknown>[]; meta: { id: number; corrected: Record<string, unknown> }[] };
  const index = body.data.findIndex((r, i) => typeof r[COLUMN] === 'number' && !(COLUMN in body.meta[i]!.corrected));
  expect(index).toBeGreaterThanOrEqual(0);
  return { id, headers, nosolicitud, index, body };
}

test('an admin corrects a value, sees it marked, exports it, and reverts it', async ({ page, request }) => {
  const { id, nosolicitud, index } = await uncorrectedRow(request);

  await page.goto(`/dashboard/data?table=${TABLE}&nosolicitud=${nosolicitud}`);
  await loginUi(page);
  const row = page.locator('.data-table tbody tr').nth(index);
  await expect(row).toBeVisible();
  const cellIndex = await page.locator('.data-table thead th').evaluateAll((ths, key) => ths.findIndex((th) => th.getAttribute('title')?.startsWith(`${key} —`)), COLUMN);
  expect(cellIndex).toBeGreaterThan(0);
  const cell = row.locator('td').nth(cellIndex);
  const original = (await cell.textContent())!.trim();

  // Correct: the editor opens on the cell, the server reads the Colombian number.
  await cell.getByRole('button', { name: 'Corregir Valor total' }).click();
  const input = page.getByRole('textbox', { name: 'Nuevo valor de Valor total' });
  await input.fill('12abc');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(row.getByRole('alert')).toContainText('no es válido para Valor total');
  await input.fill(NEW_VALUE);
  await page.getByRole('textbox', { name: 'Motivo (opcional)' }).fill('Prueba e2e');
  await page.getByRole('button', { name: 'Guardar' }).click();

  // Marked, with the extracted value said in words.
  await expect(cell).toHaveText(new RegExp(`^\\$ ${NEW_VALUE.replace(/\./g, '\\.')}`));
  await expect(cell).toHaveClass(/is-corrected/);
  await expect(cell).toHaveAttribute('title', `Corregido; valor extraído: ${original}`);

  // The CSV export carries the corrected value.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const csv = (await readFile((await (await download).path())!)).toString('utf8');
  expect(csv).toContain(';7654321');

  // Revert: the extracted value back, no mark.
  await cell.getByRole('button', { name: 'Corregir Valor total' }).click();
  await page.getByRole('button', { name: 'Restaurar valor extraído' }).click();
  await expect(cell).not.toHaveClass(/is-corrected/);
  await expect(cell).toHaveText(original);

  // The trail keeps both, on the document's page.
  await page.goto(`/dashboard/documents/${id}`);
  const trail = page.locator('section', { has: page.getByRole('heading', { name: 'Correcciones' }) });
  await expect(trail.getByRole('row').filter({ hasText: 'Prueba e2e' })).toContainText('revertida');
  await expect(trail.getByRole('row').filter({ hasText: 'reversión' })).toBeVisible();
});

// Sixth attacker's audit (decision 037): another reviewer saves the cell while this one edits it.
// The real server refuses the stale save (409 CELL_CHANGED); the editor says so, shows the value
// now and keeps what was typed; saving again (having seen it) holds.
test('a value changed by someone else while it is edited is shown, not overwritten unseen', async ({ page, request }) => {
  const { headers, nosolicitud, index, body } = await uncorrectedRow(request);
  const rowId = body.meta[index]!.id;
  const cellUrl = `/api/tables/${TABLE}/rows/${rowId}/cells/${COLUMN}`;

  await page.goto(`/dashboard/data?table=${TABLE}&nosolicitud=${nosolicitud}`);
  await loginUi(page);
  const row = page.locator('.data-table tbody tr').nth(index);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Corregir Valor total' }).click();
  const input = page.getByRole('textbox', { name: 'Nuevo valor de Valor total' });

  // Another reviewer, meanwhile.
  expect((await request.put(cellUrl, { headers, data: { value: '1.111.111', expected: body.data[index]![COLUMN] } })).status()).toBe(200);

  await input.fill('2.222.222');
  await page.getByRole('button', { name: 'Guardar' }).click();
  const alert = row.getByRole('alert');
  await expect(alert).toContainText('Otra persona cambió este valor mientras lo editabas.');
  await expect(alert).toContainText('Valor actual: $ 1.111.111');
  await expect(input).toHaveValue('2.222.222');

  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(input).toBeHidden();
  const after = (await (await request.get(`/api/tables/${TABLE}`, { params: { page: 1, page_size: 10, nosolicitud, sort_by_nosolicitud: false }, headers })).json()) as {
    data: Record<string, unknown>[];
  };
  expect(after.data[index]![COLUMN]).toBe(2222222);
  // Back as it was, for the other tests on this document.
  expect((await request.delete(cellUrl, { headers })).status()).toBe(200);
});
