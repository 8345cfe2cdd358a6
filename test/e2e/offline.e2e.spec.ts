import { expect, test, type Page } from '@playwright/test';
import { apiToken, createStudent, studentCard } from './support/students';
import { signedInTrainer } from './support/trainer';

// The offline shell comes from the service worker; the data from what the app saved on the device.
test.use({ serviceWorkers: 'allow' });

/** Whether the app has saved its query cache on this device (IndexedDB 'vira' / 'query-cache'). */
const savedQueries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('vira');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('query-cache')) return resolve(0);
          const read = database.transaction('query-cache').objectStore('query-cache').get('signed-in-user');
          read.onsuccess = () => resolve((read.result as { state?: { queries?: unknown[] } } | undefined)?.state?.queries?.length ?? 0);
          read.onerror = () => resolve(0);
        };
      }),
  );

test.describe('offline', () => {
  test('what was last synced stays readable offline with a banner; a write says so and sends nothing; back online it refreshes', async ({
    page,
    context,
    request,
  }, testInfo) => {
    const isPhone = testInfo.project.name === 'phone';
    const trainer = await signedInTrainer(page, request);
    const token = await apiToken(request, trainer);
    await createStudent(request, token, { nome: 'Bianca Offline', whatsapp: '11987650001' });

    await page.goto('/alunos');
    await expect(studentCard(page, 'Bianca Offline')).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => savedQueries(page)).toBeGreaterThan(1);

    await context.setOffline(true);
    await page.reload();
    const banner = page.getByRole('status').filter({ hasText: 'Você está offline — mostrando dados de' });
    await expect(banner).toBeVisible();
    await expect(banner).toHaveText(/mostrando dados de \d{2}:\d{2}$/);
    await expect(studentCard(page, 'Bianca Offline')).toBeVisible();

    // A write is refused on the spot with the offline message; nothing leaves the browser.
    const writes: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() !== 'GET') writes.push(`${sent.method()} ${sent.url()}`);
    });
    await page.goto('/alunos/novo').catch(() => undefined); // a navigation is served by the service worker
    await page.getByLabel('Nome completo *').fill('Caio Sem Rede');
    await page.getByLabel('WhatsApp *').pressSequentially('11987650002');
    await page.getByRole('button', { name: 'Cadastrar Aluno' }).click();
    await expect(page.getByText('Você está offline. Conecte-se à internet para salvar.')).toBeVisible();
    expect(writes.filter((write) => write.includes('/api/'))).toEqual([]);

    // Meanwhile another device adds a student; back online, the list shows it without a reload.
    await createStudent(request, token, { nome: 'Davi Outro Aparelho', whatsapp: '11987650003' });
    await context.setOffline(false);
    if (isPhone) await page.getByRole('link', { name: 'Alunos' }).last().click();
    else await page.getByRole('link', { name: 'Alunos' }).first().click();
    await expect(banner).toBeHidden();
    await expect(studentCard(page, 'Davi Outro Aparelho')).toBeVisible();
    await expect(studentCard(page, 'Bianca Offline')).toBeVisible();
  });
});
