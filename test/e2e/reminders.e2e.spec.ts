import { expect, test } from '@playwright/test';
import { createStudent } from './support/students';
import { signedInTrainerWithToken } from './support/trainer';

/** Tomorrow in São Paulo at `time`, as an instant with its offset (UTC−3 all year). */
function tomorrowAt(time: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return `${tomorrow}T${time}:00-03:00`;
}

test.describe('reminders', () => {
  test("'Lembretes de amanhã' on the dashboard with the WhatsApp reminder written; the settings saved from Ajustes", async ({
    page,
    request,
  }) => {
    const { trainer, token } = await signedInTrainerWithToken(page, request);
    const studentId = await createStudent(request, token, { nome: 'Marina Costa', whatsapp: '11976543210' });
    const booked = await request.post('/api/sessions', {
      data: { studentId, inicio: tomorrowAt('07:30'), fim: tomorrowAt('08:30') },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Lembretes de amanhã' })).toBeVisible();
    const reminder = page.getByTestId('tomorrow-reminder');
    await expect(reminder).toContainText('07:30 · Marina Costa');
    const whatsapp = reminder.getByRole('link', { name: 'Lembrar Marina Costa no WhatsApp' });
    const href = new URL((await whatsapp.getAttribute('href')) ?? '');
    expect(href.origin + href.pathname).toBe('https://wa.me/5511976543210');
    expect(href.searchParams.get('text')).toMatch(
      new RegExp(`^Olá, Marina! Lembrete do seu treino com ${trainer.nome} amanhã \\(\\d\\d/\\d\\d\\) às 07:30\\.`),
    );

    await page.screenshot({ path: test.info().outputPath('lembretes-de-amanha.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: test.info().outputPath('lembretes-de-amanha-escuro.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });

    await page.goto('/ajustes');
    await page.getByRole('link', { name: /Lembretes/ }).click();
    await expect(page).toHaveURL(/\/ajustes\/lembretes$/);
    await expect(page.getByLabel('Antecedência do lembrete')).toHaveValue('24');
    await page.getByLabel('Antecedência do lembrete').selectOption({ label: '48 horas antes' });
    await page.getByLabel('Horário do e-mail').selectOption({ label: '07:00' });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Lembretes salvos')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Antecedência do lembrete')).toHaveValue('48');
    await expect(page.getByLabel('Horário do e-mail')).toHaveValue('7');
    await page.screenshot({ path: test.info().outputPath('lembretes.png'), fullPage: true });
  });
});
