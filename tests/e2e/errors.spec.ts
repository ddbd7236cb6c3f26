import { expect, test } from '@playwright/test';
import { ensureUser, loginUi } from './helpers.ts';

test('unknown paths show the 404 page with its two buttons', async ({ page }) => {
  await page.goto('/no/existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir al Panel' })).toHaveAttribute('href', '/dashboard');
  await page.getByRole('link', { name: 'Ir al Inicio de Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a user without the admin permission gets 403 on Usuarios and does not see the entry', async ({ page, request }) => {
  await ensureUser(request, 'agente@example.com', 'Agente-e2e-2025');
  await page.goto('/login');
  await loginUi(page, 'agente@example.com', 'Agente-e2e-2025');
  await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Documentos', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
  await page.goto('/dashboard/users');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: '403 Acceso Denegado' })).toBeVisible();
  await expect(
    page.getByText('No tienes permisos para acceder a esta página. Contacta al administrador si crees que esto es un error.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Ir al Panel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/upload$/);
});
