import { expect, test } from '@playwright/test';
import { ADMIN, loginUi } from './helpers.ts';

test.describe('session', () => {
  test('an unauthenticated visit goes to /login and, after signing in, back to where it was going', async ({ page }) => {
    await page.goto('/dashboard/documents');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fdocuments/);
    await expect(page.getByRole('heading', { name: 'Sistema de Extracción PDF' })).toBeVisible();
    await loginUi(page);
    await expect(page).toHaveURL(/\/dashboard\/documents$/);
    await expect(page.getByText(`¡Bienvenido ${ADMIN.email.split('@')[0]}!`)).toBeVisible();
    // History was replaced: going back does not return to the login screen.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('wrong credentials show the inline message; the password toggle shows the text', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    const password = page.getByLabel('Contraseña', { exact: true });
    await password.fill('wrong-password');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByRole('alert')).toHaveText('Credenciales inválidas. Intenta de nuevo.');
    await expect(page).toHaveURL(/\/$/);
  });

  test('default landing is the upload screen; logout goes to /login and protects the dashboard again', async ({ page }) => {
    await page.goto('/login');
    await loginUi(page);
    await expect(page).toHaveURL(/\/dashboard\/upload$/);
    await expect(page.getByRole('heading', { name: 'Subir Documentos', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.goto('/dashboard/upload');
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });

  test('a revoked token (any 401) sends the browser to /login', async ({ page }) => {
    await page.goto('/login');
    await loginUi(page);
    await page.evaluate(() => localStorage.setItem('authToken', 'not-a-valid-token'));
    await page.goto('/dashboard/documents');
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });
});
