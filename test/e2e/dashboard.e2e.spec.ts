import { expect, type Page, test } from '@playwright/test';
import { createStudent } from './support/students';
import { apiToken, signedInTrainer } from './support/trainer';

const count = (page: Page, card: string) => page.getByRole('group', { name: card }).getByTestId('stat-value');

/** 'YYYY-MM-DD' of today in São Paulo, plus `days`. */
function saoPauloDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test('the dashboard counts and the next sessions follow what another device books, live', async ({ page, request }) => {
  const trainer = await signedInTrainer(page, request);
  await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();
  for (const card of ['Hoje', 'Esta Semana', 'Total de Alunos', 'Locais Ativos']) await expect(count(page, card)).toHaveText('0');
  await expect(page.getByRole('region', { name: 'Próximas Sessões' }).getByText('Nenhuma sessão agendada', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Hoje' })).toContainText('sessões agendadas');
  await expect(page.getByRole('group', { name: 'Esta Semana' })).toContainText('sessões programadas');
  await expect(page.getByRole('group', { name: 'Total de Alunos' })).toContainText('alunos cadastrados');
  await expect(page.getByRole('group', { name: 'Locais Ativos' })).toContainText('locais de atendimento');

  // Another device (a script with the trainer's token) adds a student, a location and two sessions.
  const token = await apiToken(request, trainer);
  const headers = { authorization: `Bearer ${token}` };
  const bia = await createStudent(request, token, { nome: 'Bia Lima' });
  await expect(count(page, 'Total de Alunos')).toHaveText('1');
  const location = await request.post('/api/locations', { data: { nome: 'Academia Central' }, headers });
  expect(location.status()).toBe(201);
  await expect(count(page, 'Locais Ativos')).toHaveText('1');
  const locationId = ((await location.json()) as { id: string }).id;
  const book = async (date: string, start: string, end: string) => {
    const response = await request.post('/api/sessions', {
      data: { studentId: bia, locationId, inicio: `${date}T${start}:00-03:00`, fim: `${date}T${end}:00-03:00` },
      headers,
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  // Early today (already past: counted today, not among the next ones) and in 8 days (another week).
  await book(saoPauloDay(), '00:00', '00:15');
  await book(saoPauloDay(8), '10:00', '11:00');
  await expect(count(page, 'Hoje')).toHaveText('1');
  await expect(count(page, 'Esta Semana')).toHaveText('1');
  const next = page.getByRole('region', { name: 'Próximas Sessões' });
  await expect(next.getByRole('listitem')).toHaveCount(1);
  await expect(next.getByRole('listitem')).toContainText('10:00');
  await expect(next.getByRole('listitem')).toContainText('Bia Lima');
  await expect(next.getByRole('listitem')).toContainText('Academia Central');
  await expect(next.getByText('Nenhuma sessão agendada', { exact: true })).toBeHidden();
});
