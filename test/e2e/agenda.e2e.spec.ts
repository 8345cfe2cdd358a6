import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { shot } from './support/shots';
import { createPlan, createStudent } from './support/students';
import { signedInTrainerWithToken } from './support/trainer';

/** `date` at `time` in São Paulo, as the API takes instants. */
const at = (date: string, time: string) => `${date}T${time}:00-03:00`;

/** A day of the month view: the cell whose button (the day's number) has this name. */
const monthDay = (page: Page, name: string) =>
  page.getByRole('gridcell').filter({ has: page.getByRole('button', { name, exact: true }) });

async function api(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const send = async (url: string, data: unknown) => {
    const response = await request.post(url, { data, headers });
    expect(response.ok(), await response.text()).toBeTruthy();
    return (await response.json()) as { id: string; position: number };
  };
  return {
    location: (nome: string) => send('/api/locations', { nome }),
    grant: (studentId: string, amount: number) => send(`/api/students/${studentId}/credits`, { amount, reason: 'Pacote' }),
    book: (session: { studentId: string; locationId?: string; inicio: string; fim: string }) => send('/api/sessions', session),
    balance: async (studentId: string) => {
      const response = await request.get(`/api/students/${studentId}`, { headers });
      return ((await response.json()) as { creditos: number }).creditos;
    },
  };
}

/** Picks `option` in the Mantine select labelled `label` inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** 'Novo agendamento' on a wide screen; on a phone the one '+' offers 'Evento' and 'Tarefa'. */
async function openNewSession(page: Page) {
  const wide = page.getByRole('button', { name: 'Novo agendamento' });
  if (await wide.isVisible()) return wide.click();
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByRole('menuitem', { name: 'Tarefa' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Evento' }).click();
}

async function fillSession(page: Page, fields: { aluno: string; local?: string; data: string; inicio: string; fim: string }) {
  const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
  await choose(page, dialog, 'Aluno', fields.aluno);
  if (fields.local) await choose(page, dialog, 'Local', fields.local);
  await dialog.getByRole('textbox', { name: 'Data', exact: true }).fill(fields.data);
  await dialog.getByRole('textbox', { name: 'Início' }).fill(fields.inicio);
  await dialog.getByRole('textbox', { name: 'Fim', exact: true }).fill(fields.fim);
  return dialog;
}

test.describe('agenda', () => {
  test('a session booked from the quick action, seen in the views, Realizada takes a credit, cancelled gives it back, a conflict booked anyway, deleted', async ({
    page,
    request,
  }, testInfo) => {
    const { token } = await signedInTrainerWithToken(page, request);
    const calls = await api(request, token);
    const ana = await createStudent(request, token, { nome: 'Ana Souza' });
    const bia = await createStudent(request, token, { nome: 'Bia Lima' });
    await calls.grant(ana, 3);
    await calls.location('Academia Central');
    await calls.book({ studentId: bia, inicio: at('2030-05-06', '09:00'), fim: at('2030-05-06', '10:00') });

    // The quick action opens the form on the agenda.
    await page.getByRole('button', { name: 'Criação rápida' }).click();
    await page.getByRole('menuitem', { name: 'Agendamento' }).click();
    await expect(page).toHaveURL(/\/agenda\?novo=agendamento$/);
    let dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
    // Spec 000 §5: student, date and times are required.
    await dialog.getByRole('textbox', { name: 'Início' }).fill('');
    await dialog.getByRole('button', { name: 'Agendar' }).click();
    await expect(page.getByText('Preencha aluno, data e horários.')).toBeVisible();
    dialog = await fillSession(page, { aluno: 'Ana Souza', local: 'Academia Central', data: '2030-05-06', inicio: '07:00', fim: '06:00' });
    await dialog.getByRole('button', { name: 'Agendar' }).click();
    await expect(dialog.getByText('O horário de término deve ser depois do início')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Fim', exact: true }).fill('08:00');
    await dialog.getByRole('button', { name: 'Agendar' }).click();
    await expect(page.getByText('Agendamento criado com sucesso!')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The week of 6 May 2030, then its month: the session is there.
    await page.goto('/agenda?modo=semana&data=2030-05-06');
    await expect(page.getByRole('heading', { name: '5 – 11 de maio de 2030' })).toBeVisible();
    const session = page.getByRole('button', { name: 'Ana Souza 07:00–08:00 · Academia Central · Agendada' });
    await expect(session).toBeVisible();
    await expect(page.getByRole('button', { name: /Bia Lima 09:00–10:00/ })).toBeVisible();
    await shot(page, 'agenda-semana', testInfo.project.name);
    await page.getByRole('radiogroup', { name: 'Modo do calendário' }).getByText('Mês', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Maio de 2030' })).toBeVisible();
    await expect(monthDay(page, '6 de maio: 2 sessões')).toBeVisible();
    await shot(page, 'agenda-mes', testInfo.project.name);
    // A day of the month opens that day.
    await monthDay(page, '6 de maio: 2 sessões').click();
    await expect(page.getByRole('heading', { name: 'Segunda-feira, 6 de maio de 2030' })).toBeVisible();
    // Search by the student's name.
    await page.getByRole('textbox', { name: 'Buscar' }).fill('bia');
    await expect(page.getByRole('button', { name: /Bia Lima \d\d:\d\d–/ })).toBeVisible();
    await expect(session).toBeHidden();
    await page.getByRole('textbox', { name: 'Buscar' }).fill('ninguém');
    await expect(page.getByText('Nenhum resultado encontrado')).toBeVisible();
    await page.getByRole('textbox', { name: 'Buscar' }).fill('');

    // Realizada takes one of Ana's 3 credits; Cancelada gives it back.
    await session.click();
    const detail = page.getByRole('dialog', { name: 'Agendamento' });
    await expect(detail.getByText('3 créditos')).toBeVisible();
    await detail.getByText('Realizada', { exact: true }).click();
    await expect(detail.getByText('2 créditos')).toBeVisible();
    await shot(page, 'agenda-detalhe', testInfo.project.name);
    await expect.poll(() => calls.balance(ana)).toBe(2);
    await detail.getByText('Cancelada', { exact: true }).click();
    await expect(detail.getByText('3 créditos')).toBeVisible();
    await detail.getByRole('button', { name: 'Fechar' }).click();
    await expect(page.getByRole('button', { name: 'Ana Souza 07:00–08:00 · Academia Central · Cancelada' })).toBeVisible();

    // A conflict with Bia: the API's message, then booked anyway.
    await openNewSession(page);
    dialog = await fillSession(page, { aluno: 'Ana Souza', data: '2030-05-06', inicio: '09:30', fim: '10:30' });
    await dialog.getByRole('button', { name: 'Agendar' }).click();
    await expect(dialog.getByText('Conflito de horário com Bia Lima')).toBeVisible();
    await dialog.getByRole('button', { name: 'Agendar mesmo assim' }).click();
    await expect(page.getByText('Agendamento criado com sucesso!').first()).toBeVisible();
    const overlapping = page.getByRole('button', { name: 'Ana Souza 09:30–10:30 · Sem local · Agendada' });
    await expect(overlapping).toBeVisible();

    // Edited to another time over Bia's: the permission was for the time it was given, so the edit
    // is refused with the same message as a new booking, and nothing moves.
    await overlapping.click();
    await detail.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar agendamento' });
    await edit.getByRole('textbox', { name: 'Início' }).fill('09:15');
    await edit.getByRole('textbox', { name: 'Fim', exact: true }).fill('10:15');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(edit.getByRole('alert')).toContainText('Conflito de horário com Bia Lima');
    await expect(edit.getByRole('button', { name: 'Agendar mesmo assim' })).toBeVisible();
    await expect(page.getByText('Fora do horário de atendimento configurado')).toHaveCount(0);
    await shot(page, 'agenda-edicao-conflito', testInfo.project.name);
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await expect(overlapping).toBeVisible();

    // Deleted after a confirmation.
    await overlapping.click();
    await detail.getByRole('button', { name: 'Excluir' }).click();
    await detail.getByRole('alert').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('O agendamento foi removido com sucesso.')).toBeVisible();
    await expect(overlapping).toBeHidden();

    // Cancelled 3 hours before its start, under a policy of 24 hours that burns credits: one of Ana's goes.
    const studio = await calls.location('Estúdio');
    const policy = await request.put(`/api/locations/${studio.id}/policy`, {
      data: { cancelLimiteHoras: 24, taxaPercent: 0, queimaCredito: true },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(policy.ok(), await policy.text()).toBeTruthy();
    const soon = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3 * 3_600_000);
    await calls.book({
      studentId: ana,
      locationId: studio.id,
      inicio: soon.toISOString(),
      fim: new Date(soon.getTime() + 3_600_000).toISOString(),
    });
    const soonDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(soon);
    await page.goto(`/agenda?modo=dia&data=${soonDay}`);
    await page.getByRole('button', { name: /Ana Souza \d\d:\d\d–\d\d:\d\d · Estúdio · Agendada$/ }).click();
    await expect(detail.getByText('3 créditos')).toBeVisible();
    await expect(detail.getByText('Cancelar agora queima 1 crédito do aluno (menos de 24 h de antecedência).')).toBeVisible();
    await detail.getByText('Cancelada', { exact: true }).click();
    const late = page.getByRole('dialog', { name: 'Cancelamento tardio' });
    await expect(late.getByText('queima 1 crédito do aluno;')).toBeVisible();
    await late.getByRole('button', { name: 'Cancelar sessão' }).click();
    await expect(page.getByText('1 crédito de Ana Souza foi queimado (menos de 24 h de antecedência).')).toBeVisible();
    await expect(detail.getByText('2 créditos')).toBeVisible();
    await expect.poll(() => calls.balance(ana)).toBe(2);
    await detail.getByRole('button', { name: 'Fechar' }).click();

    // On a wide screen a session is dragged to another day and hour of the week grid (the mouse;
    // on a phone a finger scrolls the day instead).
    if (testInfo.project.name === 'desktop') {
      await page.goto('/agenda?modo=semana&data=2030-05-06');
      // Only the hours with sessions are drawn (spec 000 §2) until the whole day is asked for.
      const eightPm = page.locator('[class*="hourLabel"]').getByText('20:00', { exact: true });
      await expect(page.getByRole('button', { name: 'Bia Lima 09:00–10:00 · Sem local · Agendada' })).toBeVisible();
      await expect(eightPm).toHaveCount(0);
      await page.getByRole('button', { name: 'Mostrar todas as horas' }).click();
      await expect(eightPm).toHaveCount(1);
      const biaSession = page.getByRole('button', { name: 'Bia Lima 09:00–10:00 · Sem local · Agendada' });
      const from = (await biaSession.boundingBox())!;
      const tuesday = (await page.getByRole('group', { name: 'Sessões de terça-feira, 7 de maio' }).boundingBox())!;
      const start = { x: from.x + from.width / 2, y: from.y + 10 };
      // One column to the right, two hours (56 px each) down.
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(start.x + tuesday.width, start.y + 112, { steps: 12 });
      await page.mouse.up();
      await expect(page.getByText('Agendamento atualizado com sucesso!').first()).toBeVisible();
      await expect(
        page
          .getByRole('group', { name: 'Sessões de terça-feira, 7 de maio' })
          .getByRole('button', { name: 'Bia Lima 11:00–12:00 · Sem local · Agendada' }),
      ).toBeVisible();
    }
  });

  test("a late cancel names the R$ 40 fee and waits for a yes; put back to 'Agendada', its fee leaves Cobranças", async ({
    page,
    request,
  }, testInfo) => {
    const { token, headers } = await signedInTrainerWithToken(page, request);
    const calls = await api(request, token);
    const plan = await createPlan(request, token, { nome: 'Pacote 8 aulas', valor: 320, creditos: 8 });
    const carla = await createStudent(request, token, { nome: 'Carla Dias', planoId: plan });
    await calls.grant(carla, 8);
    const studio = await calls.location('Estúdio');
    const policy = await request.put(`/api/locations/${studio.id}/policy`, {
      data: { cancelLimiteHoras: 24, taxaPercent: 100, queimaCredito: true },
      headers,
    });
    expect(policy.ok(), await policy.text()).toBeTruthy();
    const soon = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3 * 3_600_000);
    await calls.book({
      studentId: carla,
      locationId: studio.id,
      inicio: soon.toISOString(),
      fim: new Date(soon.getTime() + 3_600_000).toISOString(),
    });
    const fees = async () => {
      const response = await request.get('/api/charges?status=pendente', { headers });
      return ((await response.json()) as { items: Array<{ origem: string; valor: number }> }).items
        .filter((charge) => charge.origem === 'taxa')
        .map((charge) => charge.valor);
    };
    const soonDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(soon);
    await page.goto(`/agenda?modo=dia&data=${soonDay}`);
    await page.getByRole('button', { name: /Carla Dias \d\d:\d\d–\d\d:\d\d · Estúdio · Agendada$/ }).click();
    const detail = page.getByRole('dialog', { name: 'Agendamento' });
    await expect(
      detail.getByText(
        'Cancelar agora queima 1 crédito do aluno e cobra a taxa de cancelamento de R$ 40,00 (menos de 24 h de antecedência).',
      ),
    ).toBeVisible();

    // Tapping 'Cancelada' asks first, naming the credit and the fee; 'Voltar' changes nothing.
    await detail.getByText('Cancelada', { exact: true }).click();
    const late = page.getByRole('dialog', { name: 'Cancelamento tardio' });
    await expect(late.getByText('queima 1 crédito do aluno;')).toBeVisible();
    await expect(late.getByText(/cobra a taxa de cancelamento de R\$\s40,00 \(100% do valor da aula\)/)).toBeVisible();
    await shot(page, 'agenda-cancelamento-tardio', testInfo.project.name);
    await late.getByRole('button', { name: 'Voltar' }).click();
    await expect(late).toBeHidden();
    await expect(detail.getByText('Agendada', { exact: true }).first()).toBeVisible();
    expect(await fees()).toEqual([]);

    await detail.getByText('Cancelada', { exact: true }).click();
    await late.getByRole('button', { name: 'Cancelar sessão' }).click();
    await expect(page.getByText(/Taxa de cancelamento de R\$\s40,00 cobrada de Carla Dias\./)).toBeVisible();
    await expect.poll(fees).toEqual([40]);
    await expect(detail.getByText('7 créditos')).toBeVisible();

    // Undone: the credit comes back and the fee is cancelled with it.
    await detail.getByText('Agendada', { exact: true }).click();
    await expect(detail.getByText('8 créditos')).toBeVisible();
    await expect.poll(fees).toEqual([]);
  });

  test('vacation on, availability saved, a 6-week series across the vacation lists its refused dates, vacation removed', async ({
    page,
    request,
  }, testInfo) => {
    const { token, headers } = await signedInTrainerWithToken(page, request);
    await createStudent(request, token, { nome: 'Ana Souza' });
    // A task due on 8 May: the calendar shows it on its day and the search finds it.
    const lists = (await (await request.get('/api/task-lists', { headers })).json()) as { items: { id: string }[] };
    const task = await request.post('/api/tasks', {
      data: { titulo: 'Comprar elásticos', dataVencimento: '2030-05-08', listId: lists.items[0].id },
      headers,
    });
    expect(task.status(), await task.text()).toBe(201);
    await page.goto('/agenda?data=2030-05-06');
    const settings = () => page.getByRole('button', { name: 'Configurações da agenda' }).click();

    await settings();
    await page.getByRole('menuitem', { name: 'Modo Férias' }).click();
    const vacation = page.getByRole('dialog', { name: 'Modo Férias' });
    await vacation.getByRole('button', { name: 'Ativar férias' }).click();
    await expect(page.getByText('Preencha as datas de início e término.')).toBeVisible();
    await vacation.getByLabel('Data de início').fill('2030-05-26');
    await vacation.getByLabel('Data de término').fill('2030-05-13');
    await vacation.getByRole('button', { name: 'Ativar férias' }).click();
    await expect(page.getByText('Datas inválidas')).toBeVisible();
    await expect(page.getByText('A data de início deve ser anterior à data de término.')).toBeVisible();
    await vacation.getByLabel('Data de início').fill('2030-05-13');
    await vacation.getByLabel('Data de término').fill('2030-05-26');
    await vacation.getByRole('button', { name: 'Ativar férias' }).click();
    await expect(page.getByText('Modo férias ativado')).toBeVisible();
    await expect(vacation.getByRole('listitem').filter({ hasText: '13/05/2030 a 26/05/2030' })).toBeVisible();
    await vacation.getByRole('button', { name: 'Fechar' }).click();

    await settings();
    await page.getByRole('menuitem', { name: 'Configurar Horários' }).click();
    let hours = page.getByRole('dialog', { name: 'Configurar Horários' });
    await hours.getByRole('button', { name: 'Adicionar horário' }).click();
    const row = hours.getByRole('listitem', { name: 'Horário 1' });
    // Spec 000 §9: a new row is Monday, 08:00 to 18:00, not blocked.
    await expect(row.getByLabel('Dia da semana')).toHaveValue('1');
    await expect(row.getByLabel('Início')).toHaveValue('08:00');
    await expect(row.getByLabel('Fim')).toHaveValue('18:00');
    await expect(row.getByLabel('Bloqueado')).not.toBeChecked();
    await hours.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Horários salvos')).toBeVisible();
    await settings();
    await page.getByRole('menuitem', { name: 'Configurar Horários' }).click();
    hours = page.getByRole('dialog', { name: 'Configurar Horários' });
    await expect(hours.getByRole('listitem', { name: 'Horário 1' }).getByLabel('Início')).toHaveValue('08:00');
    await hours.getByRole('button', { name: 'Cancelar' }).click();

    // Monday 07:00 is outside 08:00–18:00: booked with a warning; two weeks fall in the vacation.
    await openNewSession(page);
    const dialog = await fillSession(page, { aluno: 'Ana Souza', data: '2030-05-06', inicio: '07:00', fim: '08:00' });
    await dialog.getByLabel('Repetir semanalmente').check();
    await dialog.getByRole('textbox', { name: 'Semanas' }).fill('6');
    await dialog.getByRole('button', { name: 'Agendar' }).click();
    await expect(page.getByText('Fora do horário de atendimento configurado')).toBeVisible();
    const created = dialog.getByRole('list', { name: 'Criados' });
    await expect(created.getByRole('listitem')).toHaveText([
      '06/05/2030 07:00',
      '27/05/2030 07:00',
      '03/06/2030 07:00',
      '10/06/2030 07:00',
    ]);
    await expect(dialog.getByRole('list', { name: 'Recusados' }).getByRole('listitem')).toHaveText([
      '13/05/2030 07:00 — Período bloqueado (férias)',
      '20/05/2030 07:00 — Período bloqueado (férias)',
    ]);
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await page.goto('/agenda?modo=mes&data=2030-05-06');
    await expect(monthDay(page, '27 de maio: 1 sessão')).toBeVisible();
    // The vacation's days are shaded and read out as 'férias'.
    const vacationDay = monthDay(page, '13 de maio: 0 sessões, férias');
    await expect(vacationDay).toHaveAttribute('data-vacation', 'true');
    await expect(monthDay(page, '6 de maio: 1 sessão')).not.toHaveAttribute('data-vacation');
    await shot(page, 'agenda-month-vacation', testInfo.project.name);
    await expect(monthDay(page, '8 de maio: 0 sessões, 1 tarefa')).toBeVisible();
    await page.getByRole('textbox', { name: 'Buscar' }).fill('ELÁSTICOS');
    await page.getByRole('link', { name: 'Tarefa: Comprar elásticos' }).click();
    await expect(page).toHaveURL(/\/agenda\/tarefas\?lista=/);
    await expect(page.getByRole('button', { name: 'Comprar elásticos', exact: true })).toBeVisible();
    await page.goto('/agenda?modo=mes&data=2030-05-06');

    // 'Esta e as próximas': the 27 May one and the later ones move to 09:00; 6 May stays at 07:00.
    await monthDay(page, '27 de maio: 1 sessão').click();
    await page.getByRole('button', { name: 'Ana Souza 07:00–08:00 · Sem local · Agendada' }).click();
    await page.getByRole('dialog', { name: 'Agendamento' }).getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar agendamento' });
    await edit.getByRole('textbox', { name: 'Início' }).fill('09:00');
    await edit.getByRole('textbox', { name: 'Fim', exact: true }).fill('10:00');
    // Realizada too: for this one only (Ana has no credits: said, not refused).
    await choose(page, edit, 'Status', 'Realizada');
    await edit.getByText('Esta e as próximas').click();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Agendamento atualizado com sucesso!')).toBeVisible();
    await expect(page.getByText('Aluno sem créditos disponíveis')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ana Souza 09:00–10:00 · Sem local · Realizada' })).toBeVisible();
    await page.goto('/agenda?modo=dia&data=2030-06-10');
    await expect(page.getByRole('button', { name: 'Ana Souza 09:00–10:00 · Sem local · Agendada' })).toBeVisible();
    await page.goto('/agenda?modo=dia&data=2030-05-06');
    await expect(page.getByRole('button', { name: 'Ana Souza 07:00–08:00 · Sem local · Agendada' })).toBeVisible();

    // The private calendar feed: issued, copied, and it serves the sessions.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Links públicos' }).click();
    const links = page.getByRole('dialog', { name: 'Links públicos' });
    await links.getByRole('button', { name: 'Gerar link do calendário' }).click();
    await expect(page.getByText('Link criado!')).toBeVisible();
    const feedUrl = (await links.getByText(/\/api\/calendar\/.+\.ics$/).textContent())!;
    await links.getByRole('button', { name: 'Copiar Link do calendário' }).click();
    await expect(page.getByText('Link copiado!')).toBeVisible();
    const feed = await request.get(new URL(feedUrl).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    await links.getByRole('button', { name: 'Fechar' }).click();

    await settings();
    await page.getByRole('menuitem', { name: 'Modo Férias' }).click();
    await page.getByRole('dialog', { name: 'Modo Férias' }).getByRole('button', { name: 'Remover 13/05/2030 a 26/05/2030' }).click();
    await expect(page.getByText('Período removido')).toBeVisible();
    await expect(page.getByText('Nenhum período de férias ativo.')).toBeVisible();
  });
});
