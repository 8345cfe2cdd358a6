import { expect, test } from '@playwright/test';

// With motion. With reduced motion the reloaded page was controlled by the app's own /sw.js
// registration instead of this test's ?versao=2 (every run; not understood yet). A real update has
// one URL, so the user is not affected: it is an artefact of faking the update with a second URL.
test.use({ serviceWorkers: 'allow', reducedMotion: 'no-preference' });

interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; purpose?: string; type: string }>;
}

test.describe('installable app', () => {
  test('meets the install criteria: a pt-BR manifest with maskable icons, and a service worker in control', async ({
    page,
    request,
  }) => {
    await page.goto('/auth');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await request.get(href!)).json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Vira — Sua agenda que vira dinheiro',
      short_name: 'Vira',
      lang: 'pt-BR',
      start_url: '/',
      display: 'standalone',
    });
    for (const [sizes, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['192x192', 'maskable'],
      ['512x512', 'maskable'],
    ]) {
      const icon = manifest.icons.find(
        (candidate) => candidate.sizes === sizes && candidate.purpose === purpose,
      );
      expect(icon, `${sizes} ${purpose}`).toBeDefined();
      const image = await request.get(icon!.src);
      expect(image.headers()['content-type']).toBe('image/png');
    }

    // The browser's own view: registered, activated, controlling the page.
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { script: registration.active?.scriptURL, scope: registration.scope };
    });
    expect(worker.script).toMatch(/\/sw\.js$/);
    expect(new URL(worker.scope).pathname).toBe('/');
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toMatch(/\/sw\.js$/);
  });

  test('opens without a network once installed, and asks before switching to a new version', async ({
    page,
    context,
  }) => {
    await page.goto('/auth');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
    await page.goto('/alguma/pagina');
    await expect(page.getByText('404')).toBeVisible();
    await context.setOffline(false);

    // A new build is deployed: a new worker installs beside the one in control and waits. (Playwright
    // cannot intercept the browser's own update check, so the new worker comes from another URL.)
    await page.goto('/auth');
    // The app registers /sw.js itself once the page has loaded (update-prompt.tsx); on a busy machine
    // that came after this test's registration and turned the registration back to /sw.js.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?versao=2'));
    const prompt = page.getByRole('alert').filter({ hasText: 'Nova versão disponível' });
    await expect(prompt).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Atualizar' }).click();
    // The page reloads under the new worker. (Not "nothing waiting": the reloaded app registers
    // /sw.js again, a different URL from this test's ?versao=2, which on a slower machine already
    // installs another worker by the time it is asked.) The form was already there before the
    // reload: wait for the reload itself, then ask the reloaded page.
    await reloaded;
    await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null).catch(() => null))
      .toMatch(/\/sw\.js\?versao=2$/);
  });
});
