import { expect, test } from '@playwright/test';

test.describe('shell without a session', () => {
  test('a guarded page sends the visitor to /auth', async ({ page }) => {
    await page.goto('/agenda');
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Cadastrar' })).toBeVisible();
  });

  test('an unknown path shows the 404 page with a link home', async ({ page }) => {
    const response = await page.goto('/rota/que/nao/existe');
    expect(response?.status()).toBe(200); // the SPA answers; the router shows the 404 page
    await expect(page.getByText('404')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar para o início' }).click();
    await expect(page).toHaveURL(/\/auth/);
  });

  test('the quick-create button is hidden on /auth and on the public pages', async ({ page }) => {
    for (const path of ['/auth', '/convite/abc', '/p/ana-souza']) {
      await page.goto(path);
      await expect(page.locator('body')).not.toBeEmpty();
      await expect(page.getByRole('button', { name: 'Criação rápida' })).toHaveCount(0);
    }
  });

  test('the stored theme survives a reload', async ({ page }) => {
    await page.goto('/auth');
    await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.evaluate(() => window.localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});
