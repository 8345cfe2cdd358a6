import { expect, test } from '@playwright/test';
import { trainerApi } from './support/catalogue';
import { createStudent, invitedStudentAccount, newDevice, studentSignedIn } from './support/students';
import { apiToken, signedInTrainerWithToken } from './support/trainer';

const SHOTS = 'test-results/screens';

test('the student books an open slot (refused without credits), the trainer sees it live; a late cancel under a burning policy says so first and the balance drops', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const viewport = testInfo.project.name;
  const { trainer, token } = await signedInTrainerWithToken(page, request);
  const catalogue = await trainerApi(request, trainer);
  const { id: locationId } = await catalogue.createLocation({ nome: 'Studio Centro' });
  const student = await invitedStudentAccount(request, token, 'Maria Clara Souza');
  const next = page.getByRole('region', { name: 'Próximas Sessões' });
  await expect(next.getByText('Nenhuma sessão agendada', { exact: true })).toBeVisible();

  const studentPage = await studentSignedIn(browser, testInfo, student);

  // Without credits: the page says so and the booking is refused.
  await studentPage.getByRole('link', { name: 'Agendar treino' }).click();
  await expect(studentPage).toHaveURL(/\/agenda\/[\w-]+$/);
  await expect(studentPage.getByText('Aluno sem créditos disponíveis').first()).toBeVisible();
  const firstDay = studentPage.getByRole('group').filter({ has: studentPage.getByRole('button') }).first();
  await firstDay.getByRole('button').first().click();
  await studentPage.getByRole('dialog', { name: 'Confirmar agendamento' }).getByRole('button', { name: 'Agendar' }).click();
  await expect(studentPage.getByText('Erro ao agendar')).toBeVisible();

  // With credits, the first slot of tomorrow.
  const granted = await request.post(`/api/students/${student.studentId}/credits`, {
    data: { amount: 2, reason: 'Plano' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(granted.ok()).toBeTruthy();
  // The student's open page hears of it: no reload.
  await expect(studentPage.getByText('Aluno sem créditos disponíveis')).toHaveCount(0);
  await expect(studentPage.locator('[data-tone]').first()).toHaveText('2 créditos');
  await studentPage.screenshot({ path: `${SHOTS}/self-scheduling-${viewport}.png`, fullPage: true });
  const slot = studentPage.getByRole('group').filter({ has: studentPage.getByRole('button') }).first().getByRole('button').first();
  const slotLabel = (await slot.getAttribute('aria-label')) ?? '';
  await slot.click();
  await studentPage.getByRole('dialog', { name: 'Confirmar agendamento' }).getByRole('button', { name: 'Agendar' }).click();
  await expect(studentPage.getByText('Sessão agendada', { exact: true })).toBeVisible();
  await expect(studentPage).toHaveURL(/\/aluno$/);
  await expect(studentPage.getByTestId('proxima-sessao')).toContainText('Studio Centro');
  expect(slotLabel).toContain(',');

  // The trainer's dashboard shows it without reloading.
  await expect(next.getByText('Maria Clara Souza')).toBeVisible();

  // The session holds one of the two credits until it is done or cancelled.
  await studentPage.getByRole('link', { name: 'Agendar treino' }).click();
  await expect(studentPage.getByText('1 reservado para sessão agendada')).toBeVisible();
  await expect(studentPage.getByText('Aluno sem créditos disponíveis')).toHaveCount(0);

  // The trainer books another student into the first slot this page shows: it leaves the page, no reload.
  const shownLabel = (await studentPage.getByRole('group').filter({ has: studentPage.getByRole('button') }).first().getByRole('button').first().getAttribute('aria-label')) ?? '';
  const open = await request.get(`/api/student/slots?locationId=${locationId}`, {
    headers: { authorization: `Bearer ${await apiToken(request, student)}` },
  });
  const [first] = ((await open.json()) as { items: { inicio: string; fim: string }[] }).items;
  const time = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' }).format(new Date(first.inicio));
  expect(shownLabel).toContain(time);
  const other = await createStudent(request, token, { nome: 'Bruno Lima' });
  const taken = await request.post('/api/sessions', {
    data: { studentId: other, locationId, inicio: first.inicio, fim: first.fim },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(taken.status(), await taken.text()).toBe(201);
  await expect(studentPage.getByRole('button', { name: shownLabel, exact: true })).toHaveCount(0);
  await studentPage.screenshot({ path: `${SHOTS}/self-scheduling-reserved-${viewport}.png`, fullPage: true });
  await studentPage.goBack();
  await expect(studentPage).toHaveURL(/\/aluno$/);

  // Late under a burning policy: the dialog says a credit goes before confirming.
  // The trainer changes the policy while the student's page is open: it hears of it, no reload.
  await catalogue.setPolicy(locationId, { cancelLimiteHoras: 72, taxaPercent: 0, queimaCredito: true });
  await studentPage.getByTestId('proxima-sessao').getByRole('button', { name: 'Cancelar' }).click();
  const dialog = studentPage.getByRole('dialog', { name: 'Cancelar sessão' });
  await expect(dialog.getByText('Pela política do local, 1 crédito será descontado do seu saldo.', { exact: false })).toBeVisible();
  await studentPage.screenshot({ path: `${SHOTS}/self-scheduling-cancel-${viewport}.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Cancelar sessão' }).click();
  await expect(studentPage.getByText('1 crédito foi descontado, conforme a política do local.')).toBeVisible();
  await expect(studentPage.locator('[data-tone]').first()).toHaveText('1 crédito');
  await expect(studentPage.getByText('Nenhuma sessão agendada')).toBeVisible();
  await expect(next.getByText('Maria Clara Souza')).toHaveCount(0);
  await expect(next.getByText('Bruno Lima')).toBeVisible();
  await studentPage.context().close();
});

test("'Agendamento pelo aluno' in the agenda's public links takes a signed-out student through sign-in to scheduling; a trainer is told the area is for students", async ({
  page,
  request,
  browser,
}, testInfo) => {
  const { trainer, token } = await signedInTrainerWithToken(page, request);
  const me = (await (await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    tenantId: string;
    tenantSlug: string;
  };
  const catalogue = await trainerApi(request, trainer);
  await catalogue.createLocation({ nome: 'Studio Centro' });
  const student = await invitedStudentAccount(request, token, 'Lia Campos');

  // The link the trainer copies from the agenda names their public slug.
  await page.goto('/agenda');
  await page.getByRole('button', { name: 'Links públicos' }).click();
  const links = page.getByRole('dialog', { name: 'Links públicos' });
  await expect(links.getByText('Agendamento pelo aluno')).toBeVisible();
  const url = (await links.getByText(/\/agenda\//).textContent())!.trim();
  expect(url).toBe(`${testInfo.project.use.baseURL}/agenda/${me.tenantSlug}`);
  await links.getByRole('button', { name: 'Fechar' }).click();

  // The trainer opening it is told it is the students' area.
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await expect(page.getByText('Esta área é exclusiva para alunos.')).toBeVisible();

  // The student, signed out, is asked to sign in as a student, then lands on scheduling.
  const device = await newDevice(browser, testInfo);
  const studentPage = await device.newPage();
  await studentPage.goto(url);
  await expect(studentPage).toHaveURL(/\/auth$/);
  await expect(studentPage.getByText('Entre com a sua conta de aluno para agendar seu treino.', { exact: false })).toBeVisible();
  await studentPage.screenshot({ path: `${SHOTS}/student-link-signed-out-${testInfo.project.name}.png`, fullPage: true });
  await studentPage.getByLabel('E-mail').fill(student.email);
  await studentPage.getByLabel('Senha').fill(student.password);
  await studentPage.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(studentPage).toHaveURL(new RegExp(`/agenda/${me.tenantSlug}$`));
  await expect(studentPage.getByRole('heading', { name: 'Agendar treino' })).toBeVisible();
  await expect(studentPage.getByText('Personal não encontrado')).toHaveCount(0);

  // Links sent before, with the tenant's id, still lead there; another trainer's, to a clear message.
  await studentPage.goto(`/agenda/${me.tenantId}`);
  await expect(studentPage.getByRole('heading', { name: 'Agendar treino' })).toBeVisible();
  await studentPage.goto('/agenda/outro-personal');
  await expect(studentPage.getByRole('heading', { name: 'Personal não encontrado' })).toBeVisible();
  await expect(studentPage.getByRole('link', { name: `Agendar com ${trainer.nome}` })).toBeVisible();
  await device.close();
});
