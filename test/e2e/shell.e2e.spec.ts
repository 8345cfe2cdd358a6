import { expect, test } from '@playwright/test';
import { completeOnboarding, signedInTrainer, signInThroughTheForm, signUpTrainer } from './support/trainer';

test.describe('the signed-in shell', () => {
  // With the animations most people see: the sidebar, the menus and the toasts as they move.
  test.use({ reducedMotion: 'no-preference' });

  test('greets the trainer by first name', async ({ page, request }) => {
    await signedInTrainer(page, request);
    await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();
  });

  test('desktop sidebar: Ctrl+B collapses it to icons and the state survives a reload', async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the sidebar is the desktop navigation');
    await signedInTrainer(page, request);
    const sidebar = page.getByRole('navigation', { name: 'Menu lateral' });
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    const width = async () => Math.round((await sidebar.boundingBox())?.width ?? 0);
    await expect.poll(width).toBe(48); // 3rem, once the transition ends
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Menu lateral' })).toHaveAttribute('data-state', 'collapsed');

    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await expect.poll(width).toBe(256); // 16rem

    await sidebar.getByRole('link', { name: 'Alunos' }).click();
    await expect(page).toHaveURL(/\/alunos$/);
    await expect(sidebar.getByRole('link', { name: 'Alunos' })).toHaveAttribute('aria-current', 'page');
  });

  test('phone: a fixed 64 px bottom bar with five links, highlighting the exact match', async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the bottom bar is the phone navigation');
    await signedInTrainer(page, request);
    const bottomNav = page.getByRole('navigation', { name: 'Navegação inferior' });
    await expect(bottomNav.getByRole('link')).toHaveText(['Dashboard', 'Agenda', 'Alunos', 'Financeiro', 'Ajustes']);
    const box = await bottomNav.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(64);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(844, 0);
    await expect(page.getByRole('navigation', { name: 'Menu lateral' })).toBeHidden();

    await bottomNav.getByRole('link', { name: 'Financeiro' }).click();
    await expect(page).toHaveURL(/\/financeiro$/);
    await expect(bottomNav.getByRole('link', { name: 'Financeiro' })).toHaveAttribute('aria-current', 'page');
    await page.goto('/alunos/novo');
    await expect(bottomNav.getByRole('link', { name: 'Alunos' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('toasts sit above the quick-action button, bottom-right, 356 px wide; on a phone under the header, clear of every button at the bottom', async ({
    page,
    request,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    const trainer = await signUpTrainer(request);
    await completeOnboarding(request, trainer);
    await signInThroughTheForm(page, trainer); // lands on / with the 'Login realizado com sucesso!' toast
    const toast = page.getByRole('alert').filter({ hasText: 'Login realizado com sucesso!' });
    const fab = page.getByRole('button', { name: 'Criação rápida' });
    const viewport = page.viewportSize()!;
    const box = async (locator: typeof toast) => {
      const found = await locator.boundingBox();
      if (!found) throw new Error('not on screen');
      return { top: found.y, bottom: found.y + found.height, width: found.width, rightGap: Math.round(viewport.width - found.x - found.width) };
    };
    const fabBox = await box(fab);
    expect(fabBox.width).toBe(56);
    expect(fabBox.rightGap).toBe(phone ? 16 : 32);
    // Once it has slid in: right edge in line with the button.
    await expect.poll(async () => (await box(toast)).rightGap).toBe(fabBox.rightGap);
    const toastBox = await box(toast);
    expect(toastBox.width).toBe(Math.min(356, viewport.width - 32));
    if (phone) {
      // Under the header, far from the bottom bar, the quick action and a form's or dialog's buttons.
      const header = await box(page.getByRole('banner'));
      const bottomNav = await box(page.getByRole('navigation', { name: 'Navegação inferior' }));
      expect(toastBox.top).toBeGreaterThanOrEqual(header.bottom);
      expect(toastBox.bottom).toBeLessThan(viewport.height / 2);
      expect(fabBox.bottom).toBeLessThanOrEqual(bottomNav.top);
    } else {
      expect(toastBox.bottom).toBeLessThanOrEqual(fabBox.top);
    }

    // The quick-create menu opens over the toast: every item can be clicked.
    await fab.click();
    await expect(page.getByRole('menuitem', { name: 'Local' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Local' }).click({ trial: true });
  });

  test('the quick-create menu opens, closes, and takes the trainer to the chosen form', async ({ page, request }) => {
    await signedInTrainer(page, request);
    const button = page.getByRole('button', { name: 'Criação rápida' });
    await button.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Agendamento', 'Aluno', 'Plano', 'Lançamento', 'Local']);
    await page.getByRole('button', { name: 'Fechar criação rápida' }).click();
    await expect(menu).toBeHidden();

    await button.click();
    await page.getByRole('menuitem', { name: 'Plano' }).click();
    await expect(page).toHaveURL(/\/planos\/novo$/);
    await expect(page.getByRole('menu')).toBeHidden();
  });
});
