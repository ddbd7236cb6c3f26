import { expect, test } from '@playwright/test';
import { loginUi } from './helpers.ts';

test('an admin creates an account, resets its password and deactivates it', async ({ page, request }) => {
  const email = `tecnico-${Date.now()}@example.com`;
  await page.goto('/dashboard/users');
  await loginUi(page);
  await expect(page.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible();

  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Nombre').fill('Técnico de campo');
  await page.getByLabel('Contraseña').fill('Primera-clave-1');
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(page.getByText('Usuario creado')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Activo');

  await row.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await row.getByLabel(`Nueva contraseña para ${email}`).fill('Segunda-clave-2');
  await row.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Contraseña restablecida')).toBeVisible();
  const login = await request.post('/api/auth/login', { data: { email, password: 'Segunda-clave-2' } });
  expect(login.status()).toBe(200);

  await row.getByRole('button', { name: 'Desactivar' }).click();
  await expect(row).toContainText('Inactivo');
  const refused = await request.post('/api/auth/login', { data: { email, password: 'Segunda-clave-2' } });
  expect(refused.status()).toBe(401);
});
