import { expect, test } from '@playwright/test';
import { loginUi } from './helpers.ts';

test.describe('10-inch tablet, portrait', () => {
  test.use({ viewport: { width: 800, height: 1280 }, hasTouch: true });

  test('the sidebar is a drawer opened by the menu toggle and closed by the overlay', async ({ page }) => {
    await page.goto('/login');
    await loginUi(page);
    const sidebar = page.locator('#sidebar');
    const toggle = page.getByRole('button', { name: 'Abrir menú', expanded: false });
    await expect(toggle).toBeVisible();
    await expect(sidebar).not.toBeInViewport();
    // The closed drawer's links are out of the keyboard's reach.
    await expect(sidebar.getByRole('link', { name: 'Documentos' })).toBeHidden();

    await toggle.click();
    await expect(sidebar).toBeInViewport();
    const overlay = page.getByTestId('drawer-overlay');
    await expect(overlay).toBeVisible();
    await overlay.click({ position: { x: 780, y: 600 } });
    await expect(sidebar).not.toBeInViewport();

    // Data expands to the ten tables; choosing one navigates and closes the drawer.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Datos Extraídos' }).click();
    const child = page.getByRole('link', { name: 'CostosDirectos' });
    await expect(child).toBeVisible();
    await child.click();
    await expect(page).toHaveURL(/\/dashboard\/data\?table=CostosDirectos$/);
    await expect(sidebar).not.toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Datos Extraídos', level: 1 })).toBeVisible();
    // Nothing spills sideways on the page itself (wide tables scroll inside their card).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('10-inch tablet, landscape', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: true });

  test('the sidebar is visible, highlights the active entry and collapses from the toggle', async ({ page }) => {
    await page.goto('/login');
    await loginUi(page);
    const sidebar = page.locator('#sidebar');
    await expect(sidebar).toBeInViewport();
    await expect(sidebar.getByRole('link', { name: 'Subir Documentos' })).toHaveAttribute('aria-current', 'page');
    // The toggle names what it will do: the sidebar is open, so 'Cerrar menú'.
    await page.getByRole('button', { name: 'Cerrar menú', expanded: true }).click();
    await expect(sidebar).not.toBeInViewport();
    await expect(sidebar.getByRole('link', { name: 'Subir Documentos' })).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menú', expanded: false }).click();
    await expect(sidebar).toBeInViewport();
  });
});
