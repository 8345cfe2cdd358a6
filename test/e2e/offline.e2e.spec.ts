import { expect, test, type Page } from '@playwright/test';
import { createStudent, studentCard } from './support/students';
import { signedInTrainerWithToken } from './support/trainer';

// The offline shell comes from the service worker; the data from what the app saved on the device.
test.use({ serviceWorkers: 'allow' });

/** What the app has saved of its query cache on this device (IndexedDB 'vira' / 'query-cache'), as text. */
const savedCache = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('vira');
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('query-cache')) return resolve('');
          const read = database.transaction('query-cache').objectStore('query-cache').get('signed-in-user');
          read.onsuccess = () => resolve(JSON.stringify(read.result ?? ''));
          read.onerror = () => resolve('');
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
    const { token } = await signedInTrainerWithToken(page, request);
    // The agenda fetched ahead at sign-in is saved before her session exists: it must not stay that way.
    await expect.poll(() => savedCache(page)).toContain('["sessions",{"query":{"from"');
    const bianca = await createStudent(request, token, { nome: 'Bianca Offline', whatsapp: '11987650001' });
    // Tomorrow's session (this week or next): the agenda is fetched ahead at sign-in, never opened here.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const booked = await request.post('/api/sessions', {
      data: { studentId: bianca, inicio: `${tomorrow}T10:00:00-03:00`, fim: `${tomorrow}T11:00:00-03:00` },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { id: sessionId } = (await booked.json()) as { id: string };

    await page.goto('/alunos');
    await expect(studentCard(page, 'Bianca Offline')).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The list with her and the agenda with her session are saved (the app saves a moment after each
    // answer; what was fetched ahead at sign-in is fetched again when a change is pushed).
    await expect.poll(() => savedCache(page)).toContain('Bianca Offline');
    await expect.poll(() => savedCache(page)).toContain(sessionId);

    await context.setOffline(true);
    await page.reload();
    const banner = page.getByRole('status').filter({ hasText: 'Você está offline — mostrando dados de' });
    await expect(banner).toBeVisible();
    await expect(banner).toHaveText(/mostrando dados de \d{2}:\d{2}$/);
    await expect(studentCard(page, 'Bianca Offline')).toBeVisible();
    await page.goto(`/agenda?modo=dia&data=${tomorrow}`).catch(() => undefined);
    await expect(page.getByText('Bianca Offline').first()).toBeVisible();
    await expect(banner).toBeVisible();

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
