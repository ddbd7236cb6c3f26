import { expect, test, type Page } from '@playwright/test';
import { ensureDocument, loginUi, seriousA11yViolations } from './helpers.ts';

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

// axe-core is injected as a script; the server's CSP (rightly) forbids that, so this test bypasses it.
test.use({ bypassCSP: true });

test('axe-core: no serious or critical violation on any screen', async ({ page, request }) => {
  const id = await ensureDocument(request, 'grid-1001.pdf');

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/unauthorized');
  await expect(page.getByRole('heading', { name: '403 Acceso Denegado' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/login');
  await loginUi(page);
  await expect(page.getByRole('heading', { name: 'Subidas Recientes' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/dashboard/documents');
  await expect(page.locator('.document-card').first()).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto(`/dashboard/documents/${id}`);
  await expect(page.getByRole('heading', { name: 'Tablas encontradas' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/dashboard/data?table=CultivoProyecto');
  await expect(page.getByText('Visualización de la tabla CultivoProyecto')).toBeVisible();
  await expect(page.getByText(/Cargando datos/)).toHaveCount(0);
  await expectNoSeriousViolations(page);

  await page.goto('/dashboard/users');
  await expect(page.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible();
  await expect(page.locator('table')).toBeVisible();
  await expectNoSeriousViolations(page);

  // The drawer open on a tablet.
  await page.setViewportSize({ width: 800, height: 1280 });
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expectNoSeriousViolations(page);
});
