import { expect, test, type Response } from '@playwright/test';

test.describe('shell without a session', () => {
  test('a guarded page sends the visitor to /auth', async ({ page }) => {
    await page.goto('/agenda');
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Cadastrar' })).toBeVisible();
  });

  test('the page and its scripts arrive compressed (brotli copies made by the build), under half their size', async ({ page }) => {
    // Responses are only gathered here; their bodies are read below, while the page is still open.
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    const document = await page.goto('/auth');
    expect(document?.headers()['content-encoding']).toBe('br');
    await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
    const scripts = await Promise.all(responses.map(async (response) => ({
      url: response.url(),
      encoding: response.headers()['content-encoding'],
      sent: (await response.request().sizes()).responseBodySize,
      size: (await response.body()).length,
    })));
    const large = scripts.filter((script) => script.size > 10_000);
    expect(large.length).toBeGreaterThan(0);
    for (const script of large) {
      expect(script.encoding, script.url).toBe('br');
      expect(script.sent, script.url).toBeLessThan(script.size / 2);
    }
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
