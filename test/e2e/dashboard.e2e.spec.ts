import { expect, type Page, test } from '@playwright/test';
import { shot } from './support/shots';
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

test("after the onboarding the dashboard's first steps lead the way, each ticked by what the trainer does, and leave once all are done", async ({
  page,
  request,
}, testInfo) => {
  const trainer = await signedInTrainer(page, request);
  const steps = page.getByRole('region', { name: 'Primeiros passos' });
  const step = (name: string) => steps.getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(steps).toContainText('0 de 5');
  await expect(steps.getByRole('listitem')).toHaveText([
    '1Cadastre um local',
    '2Crie um plano',
    '3Cadastre um aluno',
    '4Agende a primeira sessão',
    '5Configure o PIX',
  ]);
  await shot(page, 'dashboard-first-steps', testInfo.project.name);

  // Each step opens where it is done.
  await step('Cadastre um local').click();
  await expect(page).toHaveURL(/\/locais\/novo$/);
  await page.goBack();
  await step('Configure o PIX').click();
  await expect(page).toHaveURL(/\/ajustes\/pix$/);
  await page.goBack();
  await step('Agende a primeira sessão').click();
  await expect(page).toHaveURL(/\/agenda\?novo=agendamento$/);
  await page.goBack();

  // Done elsewhere (a script with the trainer's token), ticked on the open screen.
  const token = await apiToken(request, trainer);
  const headers = { authorization: `Bearer ${token}` };
  const send = async (url: string, data: unknown, method: 'post' | 'put' = 'post') => {
    const response = await request[method](url, { data, headers });
    expect(response.ok(), await response.text()).toBeTruthy();
    return ((await response.json()) as { id: string }).id;
  };
  const locationId = await send('/api/locations', { nome: 'Studio Centro' });
  await expect(step('Cadastre um local')).toHaveAccessibleName('Cadastre um local (feito)');
  await expect(steps).toContainText('1 de 5');
  await send('/api/plans', { nome: 'Pacote 8 aulas', valor: 480, creditos: 8 });
  const studentId = await send('/api/students', { nome: 'Bia Lima', whatsapp: '11977776666' });
  await expect(step('Crie um plano')).toHaveAccessibleName('Crie um plano (feito)');
  await expect(step('Cadastre um aluno')).toHaveAccessibleName('Cadastre um aluno (feito)');
  await expect(step('Agende a primeira sessão')).toHaveAccessibleName('Agende a primeira sessão');
  const day = saoPauloDay(1);
  await send('/api/sessions', { studentId, locationId, inicio: `${day}T09:00:00-03:00`, fim: `${day}T10:00:00-03:00` });
  await expect(steps).toContainText('4 de 5');
  await shot(page, 'dashboard-first-steps-four', testInfo.project.name);
  await send('/api/settings/pix', { chave: 'ana@exemplo.com', nomeRecebedor: 'Ana Souza', cidade: 'Recife' }, 'put');
  await expect(steps).toHaveCount(0);
  await expect(count(page, 'Total de Alunos')).toHaveText('1');
});
