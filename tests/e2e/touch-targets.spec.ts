import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ensureDocument, loginUi } from './helpers.ts';

/**
 * Issue 11: on a tablet every visible button, link and field is at least 44 × 44 px (WCAG 2.5.5),
 * measured on each screen. The hit area is the element's box, padding included; a visually hidden
 * file input counts through the label or button that opens it.
 */
const MIN = 44;
const PHOTOS = path.resolve(import.meta.dirname, '../fixtures/photos');

interface Offender {
  what: string;
  width: number;
  height: number;
}

async function smallTargets(page: Page): Promise<Offender[]> {
  return page.evaluate((min) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';
    const out: { what: string; width: number; height: number }[] = [];
    // An element in motion (a toast closing: it bounces out, then its height collapses) is no
    // target a finger aims at, and its box is mid-way: measured, it failed the check at random.
    const moving = (node: Element): boolean => {
      for (let n: Element | null = node; n; n = n.parentElement) if (n.getAnimations().some((a) => a.playState === 'running')) return true;
      return false;
    };
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (!el.checkVisibility({ visibilityProperty: true }) || moving(el)) continue;
      let target: HTMLElement = el;
      let rect = el.getBoundingClientRect();
      // A visually hidden input (file pickers): the label wrapping it is what a finger taps; one
      // taken out of the tab order and the accessibility tree is opened by a button of its own.
      if (el instanceof HTMLInputElement && (rect.width <= 1 || rect.height <= 1)) {
        if (el.tabIndex === -1 && el.getAttribute('aria-hidden') === 'true') continue;
        const label = el.closest('label') ?? (el.id ? document.querySelector<HTMLElement>(`label[for="${el.id}"]`) : null);
        if (!label) {
          out.push({ what: `hidden input without a label: ${el.outerHTML.slice(0, 80)}`, width: rect.width, height: rect.height });
          continue;
        }
        target = label;
        rect = label.getBoundingClientRect();
      }
      if (rect.width === 0 && rect.height === 0) continue;
      // Half a pixel of rounding (rem-based sizes on a 16 px root land exactly; borders may not).
      if (rect.width + 0.5 >= min && rect.height + 0.5 >= min) continue;
      const name = target.getAttribute('aria-label') ?? target.textContent?.trim().slice(0, 40) ?? '';
      const cls = typeof target.className === 'string' && target.className ? `.${target.className.trim().split(/\s+/).join('.')}` : '';
      out.push({ what: `${target.tagName.toLowerCase()}${cls} "${name}"`, width: Math.round(rect.width * 10) / 10, height: Math.round(rect.height * 10) / 10 });
    }
    return out;
  }, MIN);
}

async function expectTouchFriendly(page: Page, screen: string) {
  const small = await smallTargets(page);
  expect.soft(small, `targets under ${MIN}×${MIN} px on ${screen}`).toEqual([]);
}

test.describe('touch targets on a 10-inch tablet (800×1280)', () => {
  test.use({ viewport: { width: 800, height: 1280 }, hasTouch: true });

  test('every visible button, link and field is at least 44×44 px on every screen', async ({ page, request }) => {
    const id = await ensureDocument(request, 'grid-1001.pdf');

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
    await expectTouchFriendly(page, 'login');

    await loginUi(page);
    // The welcome toast and its close button (react-toastify's is a 14 px cross by default).
    const close = page.locator('.Toastify__toast .Toastify__close-button').first();
    await expect(close).toBeVisible();
    const box = (await close.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(MIN);
    await expect(page.getByRole('heading', { name: 'Subidas Recientes' })).toBeVisible();
    await expect(page.locator('.recent-item').first()).toBeVisible();
    await expectTouchFriendly(page, 'upload (with a toast)');

    // A picked PDF (its remove button) and photographed pages (move, turn, remove).
    await page.getByTestId('file-input').setInputFiles(path.resolve(import.meta.dirname, '../integration/fixtures/grid-1001.pdf'));
    await page.getByTestId('camera-input').setInputFiles([path.join(PHOTOS, 'solicitud-p1.jpg'), path.join(PHOTOS, 'solicitud-p2.jpg')]);
    await expect(page.getByText('2 páginas')).toBeVisible();
    await expectTouchFriendly(page, 'upload with a file and photos');

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Datos Extraídos' }).click();
    await expect(page.getByRole('link', { name: 'CostosDirectos' })).toBeVisible();
    await expectTouchFriendly(page, 'the drawer open with the tables');
    await page.getByTestId('drawer-overlay').click({ position: { x: 780, y: 600 } });

    await page.goto('/dashboard/documents');
    await expect(page.locator('.document-card').first()).toBeVisible();
    await expectTouchFriendly(page, 'documents');

    await page.goto(`/dashboard/documents/${id}`);
    await expect(page.getByRole('heading', { name: 'Tablas encontradas' })).toBeVisible();
    await expectTouchFriendly(page, 'a document');

    await page.goto('/dashboard/data?table=CultivoProyecto');
    await expect(page.getByText('Visualización de la tabla CultivoProyecto')).toBeVisible();
    await expect(page.getByText(/Cargando datos/)).toHaveCount(0);
    await expectTouchFriendly(page, 'data');
    await page.getByPlaceholder('N° solicitud').fill('1');
    await page.getByPlaceholder('Buscar...').fill('a');
    await expectTouchFriendly(page, 'data with search text (clear buttons)');

    await page.goto('/dashboard/users');
    await expect(page.locator('table')).toBeVisible();
    await expectTouchFriendly(page, 'users');
    await page.getByRole('button', { name: /Restablecer contraseña/ }).first().click();
    await expectTouchFriendly(page, 'users, resetting a password');

    await page.goto('/unauthorized');
    await expect(page.getByRole('heading', { name: '403 Acceso Denegado' })).toBeVisible();
    await expectTouchFriendly(page, '403');

    await page.goto('/no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await expectTouchFriendly(page, '404');
  });
});
