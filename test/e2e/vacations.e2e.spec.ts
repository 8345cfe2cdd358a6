import { expect, test } from '@playwright/test';
import { shot } from './support/shots';
import { createStudent } from './support/students';
import { signedInTrainerWithToken } from './support/trainer';

test('a vacation over sessions already booked lists them, to cancel or to move each one', async ({ page, request }, testInfo) => {
  const { token, headers } = await signedInTrainerWithToken(page, request);
  const book = async (nome: string, day: string) => {
    const studentId = await createStudent(request, token, { nome });
    const booked = await request.post('/api/sessions', {
      data: { studentId, inicio: `${day}T09:00:00-03:00`, fim: `${day}T10:00:00-03:00` },
      headers,
    });
    expect(booked.status(), await booked.text()).toBe(201);
  };
  await book('Ana Souza', '2030-05-14');
  await book('Bia Lima', '2030-05-20');
  // Outside the period: not listed.
  await book('Carla Dias', '2030-05-28');

  await page.goto('/agenda?data=2030-05-13');
  await page.getByRole('button', { name: 'Configurações da agenda' }).click();
  await page.getByRole('menuitem', { name: 'Modo Férias' }).click();
  const vacation = page.getByRole('dialog', { name: 'Modo Férias' });
  await vacation.getByLabel('Data de início').fill('2030-05-13');
  await vacation.getByLabel('Data de término').fill('2030-05-26');
  await vacation.getByRole('button', { name: 'Ativar férias' }).click();

  const booked = vacation.getByRole('region', { name: '2 sessões já agendadas neste período' });
  await expect(booked.getByRole('listitem')).toHaveText([/^Ana Souza14\/05\/2030 09:00/, /^Bia Lima20\/05\/2030 09:00/]);
  await shot(page, 'vacation-booked-sessions', testInfo.project.name);

  const ana = booked.getByRole('listitem', { name: 'Ana Souza, 14/05/2030 09:00' });
  await ana.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Sessão cancelada')).toBeVisible();
  await expect(vacation.getByRole('region', { name: '1 sessão já agendada neste período' }).getByRole('listitem')).toHaveText([
    /^Bia Lima/,
  ]);
  const sessions = (await (
    await request.get(`/api/sessions?from=2030-05-14T00:00:00-03:00&to=2030-05-15T00:00:00-03:00`, { headers })
  ).json()) as { items: { status: string }[] };
  expect(sessions.items.map((session) => session.status)).toEqual(['cancelada']);

  // 'Remarcar' opens the session's own form, to move it out of the period.
  await vacation.getByRole('listitem', { name: 'Bia Lima, 20/05/2030 09:00' }).getByRole('button', { name: 'Remarcar' }).click();
  const form = page.getByRole('dialog', { name: 'Editar agendamento' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Aluno' })).toHaveValue('Bia Lima');
});
