import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Download, type Page, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { seriousFindings } from './support/axe';
import { shot, useScheme } from './support/shots';
import {
  createPlan,
  createStudent,
  invitedStudentAccount,
  newDevice,
  studentCard,
  studentSignedIn,
} from './support/students';
import { apiToken, signedInTrainer, signedInTrainerWithToken, signInThroughTheForm, validCpf } from './support/trainer';

const LOW_BALANCE = 'Saldo baixo - Sugerir renovação do plano';

/** The file a click downloads: its suggested name and its bytes. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const download: Promise<Download> = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** An open dialog passes the accessibility engine in both schemes. */
async function expectAccessible(page: Page): Promise<void> {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    found.push(...(await seriousFindings(page)).map((finding) => `[${scheme}] ${finding}`));
  }
  expect(found).toEqual([]);
}

/** Today in São Paulo, as the screens write a day. */
const todayPtBr = () => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());

test.describe('students', () => {
  test('a student with a plan: Renovar turns the badge green, the history says who and why, the invite becomes an account that lands on /aluno', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const { trainer, token } = await signedInTrainerWithToken(page, request);
    await createPlan(request, token, { nome: 'Mensal 4 aulas', valor: 320, creditos: 4 });

    // New student, in the UI, with that plan.
    await page.goto('/alunos/novo');
    await expect(page.getByRole('heading', { name: 'Novo Aluno' })).toBeVisible();
    await page.getByLabel('Nome completo *').fill('Maria Clara Souza');
    await page.getByLabel('WhatsApp *').pressSequentially('11987654321');
    await expect(page.getByLabel('WhatsApp *')).toHaveValue('(11) 98765-4321');
    await page.getByRole('combobox', { name: 'Plano' }).click();
    await page.getByRole('option', { name: 'Mensal 4 aulas - 4 créditos' }).click();
    await page.getByLabel('Observações').fill('Prefere treinar de manhã');
    await page.getByRole('button', { name: 'Cadastrar Aluno' }).click();

    await expect(page.getByText('Aluno cadastrado com sucesso!')).toBeVisible();
    const link = page.getByLabel('Link de convite');
    await expect(link).toHaveValue(/\/convite\/[\w-]+$/);
    const sentByWhatsApp = await link.inputValue();
    await expect(page.getByRole('link', { name: 'Enviar WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/5511987654321\?text=.*convite/,
    );
    await page.getByRole('button', { name: 'Copiar Link' }).click();
    await expect(page.getByText('Link copiado para a área de transferência!')).toBeVisible();
    await page.getByRole('button', { name: 'Voltar para Alunos' }).click();

    // The list: red badge and the low-balance warning, then Renovar.
    await expect(page).toHaveURL(/\/alunos$/);
    await expect(page.getByText('1 aluno cadastrado')).toBeVisible();
    const card = studentCard(page, 'Maria Clara Souza');
    await expect(card.getByText('(11) 98765-4321')).toBeVisible();
    await expect(card.getByText('Mensal 4 aulas')).toBeVisible();
    await expect(card.getByText('Prefere treinar de manhã')).toBeVisible();
    await expect(card.locator('[data-tone]')).toHaveAttribute('data-tone', 'red');
    await expect(card.getByText(LOW_BALANCE)).toBeVisible();
    // Renovar asks first: Cancelar adds nothing, Confirmar adds the plan's credits.
    await card.getByRole('button', { name: 'Renovar' }).click();
    const renewal = page.getByRole('dialog', { name: 'Renovar plano' });
    await expect(renewal).toContainText('+4 créditos para Maria Clara Souza?');
    await shot(page, 'renovar-confirmar', testInfo.project.name);
    await renewal.getByRole('button', { name: 'Cancelar' }).click();
    await expect(renewal).toBeHidden();
    await expect(card.locator('[data-tone]')).toHaveText('0 créditos');
    await card.getByRole('button', { name: 'Renovar' }).click();
    await renewal.getByRole('button', { name: 'Confirmar' }).click();
    await expect(card.locator('[data-tone]')).toHaveText('4 créditos');
    await expect(card.locator('[data-tone]')).toHaveAttribute('data-tone', 'green');
    await expect(card.getByText(LOW_BALANCE)).toBeHidden();

    // The student's page: the grant in the history, with who and why.
    await card.getByRole('link', { name: 'Maria Clara Souza' }).click();
    await expect(page).toHaveURL(/\/alunos\/[\w-]+$/);
    await expect(page.getByRole('heading', { name: 'Maria Clara Souza' })).toBeVisible();
    const entry = page.getByTestId('credit-history-entry');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Créditos concedidos');
    await expect(entry).toContainText('+4');
    await expect(entry).toContainText('Personal');
    await expect(entry).toContainText('Renovação do plano Mensal 4 aulas');
    await expect(entry).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    // Exportar CSV downloads the history with the trainer's token.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);

    // A fresh invite from the student's page: copied.
    await page.getByRole('button', { name: 'Gerar Link de Convite' }).click();
    await expect(page.getByText('Link copiado!', { exact: true })).toBeVisible();
    const inviteUrl = await page.evaluate(() => navigator.clipboard.readText());
    expect(inviteUrl).toMatch(/\/convite\/[\w-]+$/);

    // The student, on their own device: the link sent by WhatsApp still opens after the new one.
    const studentDevice = await newDevice(browser, testInfo);
    const studentPage = await studentDevice.newPage();
    await studentPage.goto(new URL(sentByWhatsApp).pathname);
    await expect(studentPage.getByLabel(/^Nome completo/)).toHaveValue('Maria Clara Souza');
    // They create the account from the newer link and sign in.
    await studentPage.goto(new URL(inviteUrl).pathname);
    await expect(studentPage.getByText(trainer.nome)).toBeVisible();
    await expect(studentPage.getByLabel(/^Nome completo/)).toHaveValue('Maria Clara Souza');
    const student = { email: `aluna-${randomUUID()}@vira.test`, password: 'treino123' };
    await studentPage.getByLabel(/^E-mail/).fill(student.email);
    await studentPage.getByLabel(/^Senha/).fill(student.password);
    await studentPage.getByLabel(/^Confirmar senha/).fill('outra-senha');
    await studentPage.getByRole('button', { name: 'Criar conta' }).click();
    await expect(studentPage.getByText('As senhas não coincidem')).toBeVisible();
    await studentPage.getByLabel(/^Confirmar senha/).fill(student.password);
    await studentPage.getByRole('button', { name: 'Criar conta' }).click();
    await expect(studentPage.getByText('Conta criada com sucesso! Você será redirecionado...').first()).toBeVisible();
    await expect(studentPage).toHaveURL(/\/auth$/, { timeout: 5_000 });

    await studentPage.getByLabel('E-mail').fill(student.email);
    await studentPage.getByLabel('Senha').fill(student.password);
    await studentPage.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(studentPage).toHaveURL(/\/aluno$/);
    await expect(studentPage.getByText('Olá, Maria!')).toBeVisible();
    await expect(studentPage.locator('[data-tone]').first()).toHaveText('4 créditos');
    await expect(studentPage.getByText(trainer.nome)).toBeVisible();
    await expect(studentPage.getByTestId('credit-history-entry')).toContainText('Renovação do plano Mensal 4 aulas');
    // Trainer pages send a student back to their area; the used invite and the older one are gone.
    await studentPage.goto('/alunos');
    await expect(studentPage).toHaveURL(/\/aluno$/);
    for (const used of [inviteUrl, sentByWhatsApp]) {
      await studentPage.goto(new URL(used).pathname);
      await expect(studentPage.getByText('Convite inválido ou expirado').first()).toBeVisible();
    }
    await studentDevice.close();

    // The trainer's invite for a student who has an account now: the API's reason.
    await page.getByRole('button', { name: 'Gerar Link de Convite' }).click();
    await expect(page.getByText('Este aluno já tem uma conta no Vira.')).toBeVisible();
  });

  test('Excluir removes a student with no sessions or payments after a confirmation', async ({ page, request }) => {
    const { token } = await signedInTrainerWithToken(page, request);
    await createStudent(request, token, { nome: 'Bruno Lima', whatsapp: '11912345678' });
    await createStudent(request, token, { nome: 'Carla Nunes' });
    await page.goto('/alunos');
    await expect(page.getByText('2 alunos cadastrados')).toBeVisible();

    await studentCard(page, 'Bruno Lima').getByRole('button', { name: 'Excluir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir aluno' });
    await expect(dialog).toContainText('Tem certeza que deseja excluir Bruno Lima?');
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Aluno excluído')).toBeVisible();
    await expect(page.getByText('O aluno foi removido com sucesso.')).toBeVisible();
    await expect(studentCard(page, 'Bruno Lima')).toHaveCount(0);
    await expect(page.getByText('1 aluno cadastrado')).toBeVisible();
    await expect(studentCard(page, 'Carla Nunes').getByText('Sem contato')).toBeVisible();
  });

  test('Editar changes a student and inactivates them: hidden from the list until asked', async ({ page, request }) => {
    const { token } = await signedInTrainerWithToken(page, request);
    await createStudent(request, token, { nome: 'Diego Alves', whatsapp: '21998765432' });
    await page.goto('/alunos');
    await studentCard(page, 'Diego Alves').getByRole('link', { name: 'Editar' }).click();
    await expect(page.getByRole('heading', { name: 'Editar Aluno' })).toBeVisible();
    await expect(page.getByLabel('WhatsApp')).toHaveValue('(21) 99876-5432');
    await page.getByLabel('E-mail').fill('diego@exemplo.com');
    await page.getByRole('switch', { name: /Aluno ativo/ }).click();
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByText('Aluno atualizado')).toBeVisible();
    await expect(page).toHaveURL(/\/alunos$/);
    await expect(studentCard(page, 'Diego Alves')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Mostrar inativos (1)' }).click();
    await expect(studentCard(page, 'Diego Alves').getByText('Inativo')).toBeVisible();
    await expect(studentCard(page, 'Diego Alves').getByText('(21) 99876-5432')).toBeVisible();
  });

  test('two browsers of one trainer: a student created in one appears in the other, and a renewal shows there live', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    test.setTimeout(60_000);
    const { trainer, token } = await signedInTrainerWithToken(page, request);
    await createPlan(request, token, { nome: 'Pacote 10', valor: 600, creditos: 10 });

    const other = await newDevice(browser, testInfo);
    const otherPage = await other.newPage();
    await signInThroughTheForm(otherPage, trainer);
    await otherPage.goto('/alunos');
    await expect(otherPage.getByText('Nenhum aluno cadastrado')).toBeVisible();

    await page.goto('/alunos/novo');
    await page.getByLabel('Nome completo *').fill('Eduarda Reis');
    await page.getByLabel('WhatsApp *').fill('(31) 99999-1234');
    await page.getByRole('combobox', { name: 'Plano' }).click();
    await page.getByRole('option', { name: 'Pacote 10 - 10 créditos' }).click();
    await page.getByRole('button', { name: 'Cadastrar Aluno' }).click();
    await expect(page.getByText('Aluno cadastrado com sucesso!')).toBeVisible();
    // The quick menu's 'Aluno', from the success panel: a new, empty form.
    await page.getByRole('button', { name: 'Criação rápida' }).click();
    await page.getByRole('menuitem', { name: 'Aluno' }).click();
    await expect(page.getByLabel('Nome completo *')).toHaveValue('');
    await expect(page.getByText('Aluno cadastrado com sucesso!')).toBeHidden();

    // No reload in the other browser.
    const card = studentCard(otherPage, 'Eduarda Reis');
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.locator('[data-tone]')).toHaveText('0 créditos');

    await page.goto('/alunos');
    const renew = async () => {
      await studentCard(page, 'Eduarda Reis').getByRole('button', { name: 'Renovar' }).click();
      await page.getByRole('dialog', { name: 'Renovar plano' }).getByRole('button', { name: 'Confirmar' }).click();
      await expect(page.getByText('10 créditos adicionados para Eduarda Reis.')).toBeVisible();
    };
    // Desfazer, in the renewal's toast, takes exactly those credits back.
    await renew();
    await shot(page, 'renovar-desfazer', testInfo.project.name);
    await page.getByRole('button', { name: 'Desfazer' }).click();
    await expect(page.getByText('Renovação desfeita')).toBeVisible();
    await expect(studentCard(page, 'Eduarda Reis').locator('[data-tone]')).toHaveText('0 créditos');

    await renew();
    await expect(card.locator('[data-tone]')).toHaveText('10 créditos', { timeout: 15_000 });
    await expect(card.locator('[data-tone]')).toHaveAttribute('data-tone', 'green');
    await other.close();
  });

  test("/alunos/{id} lists the student's sessions from now on and before; one booked elsewhere shows without a reload, and each leads to its day", async ({
    page,
    request,
  }, testInfo) => {
    const { token, headers } = await signedInTrainerWithToken(page, request);
    const studentId = await createStudent(request, token, { nome: 'Helena Prado' });
    const location = await request.post('/api/locations', { data: { nome: 'Estúdio Sul' }, headers });
    expect(location.status(), await location.text()).toBe(201);
    const locationId = ((await location.json()) as { id: string }).id;
    const HOUR = 3_600_000;
    const base = Math.ceil(Date.now() / HOUR) * HOUR;
    const book = async (hours: number) => {
      const inicio = new Date(base + hours * HOUR);
      const response = await request.post('/api/sessions', {
        data: { studentId, locationId, inicio: inicio.toISOString(), fim: new Date(inicio.getTime() + HOUR).toISOString() },
        headers,
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const past = await book(-48);
    const done = await request.patch(`/api/sessions/${past}`, { data: { status: 'feita' }, headers });
    expect(done.ok(), await done.text()).toBeTruthy();
    const tomorrow = new Date(base + 24 * HOUR);
    await book(24);

    await page.goto(`/alunos/${studentId}`);
    const next = page.getByRole('region', { name: 'Próximas sessões' });
    const before = page.getByRole('region', { name: 'Sessões anteriores' });
    await expect(next.getByRole('link')).toHaveCount(1);
    await expect(next.getByRole('link').first()).toContainText('Estúdio Sul');
    await expect(next.getByRole('link').first()).toContainText('Agendada');
    await expect(before.getByRole('link')).toHaveCount(1);
    await expect(before.getByRole('link').first()).toContainText('Realizada');
    await expect(page.getByText('quando a agenda estiver disponível', { exact: false })).toHaveCount(0);

    // Booked from another device: on the page without a reload, in order.
    await book(72);
    await expect(next.getByRole('link')).toHaveCount(2);
    await shot(page, 'aluno-sessoes', testInfo.project.name);

    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(tomorrow);
    await next.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/agenda\\?modo=dia&data=${day}$`));
    await expect(page.getByRole('button', { name: /Helena Prado \d\d:\d\d–\d\d:\d\d · Estúdio Sul · Agendada$/ })).toBeVisible();
  });

  test('/ajustes: the settings hub leads to plans and locations, shows the version and signs out', async ({
    page,
    request,
  }) => {
    await signedInTrainer(page, request, '/ajustes');
    await expect(page.getByRole('heading', { name: 'Cadastros' })).toBeVisible();
    await expect(page.getByText('Versão 1.0.0')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Suporte' })).toBeDisabled();
    await page.getByRole('link', { name: /^Planos/ }).click();
    await expect(page).toHaveURL(/\/planos$/);
    await page.goBack();
    await page.getByRole('link', { name: /^Locais/ }).click();
    await expect(page).toHaveURL(/\/locais$/);
    await page.goBack();
    await page.getByRole('main').getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByText('Logout realizado com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });

  test('LGPD: the student downloads their data, sees their consents and asks to be erased; the trainer exports and erases them', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const nome = 'Renata Moraes Lima';
    const { token } = await signedInTrainerWithToken(page, request);
    const student = await invitedStudentAccount(request, token, nome);
    const contract = await request.post('/api/contracts', {
      data: { titulo: 'Termo de adesão', conteudo: 'Eu, {{nome}}, CPF {{cpf}}, aceito os termos.' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(contract.status(), await contract.text()).toBe(201);
    const signed = await request.post(`/api/contracts/${((await contract.json()) as { id: string }).id}/sign`, {
      data: { cpf: validCpf(), telefone: '11988887777', consentDataProcessing: true, consentTerms: true },
      headers: { authorization: `Bearer ${await apiToken(request, student)}` },
    });
    expect(signed.status(), await signed.text()).toBe(201);

    // The student, in 'Meus dados': their data in JSON and PDF, the consent they gave, the request.
    const studentPage = await studentSignedIn(browser, testInfo, student);
    await expect(studentPage.getByRole('heading', { name: 'Meus dados', exact: true })).toBeVisible();
    const consent = studentPage.getByTestId('consentimento');
    await expect(consent).toHaveCount(1);
    await expect(consent).toContainText('Termo de adesão · versão 1');
    await expect(consent).toContainText('consentiu com o tratamento dos seus dados e aceitou os termos');
    await expect(consent).toContainText(`Assinado em ${todayPtBr()}`);
    const ownJson = await downloaded(studentPage, () =>
      studentPage.getByRole('button', { name: 'Baixar meus dados (JSON)' }).click(),
    );
    expect(ownJson.name).toMatch(/\.json$/);
    expect(JSON.parse(ownJson.bytes.toString('utf8'))).toMatchObject({ titular: { id: student.studentId, nome } });
    const ownPdf = await downloaded(studentPage, () =>
      studentPage.getByRole('button', { name: 'Baixar meus dados (PDF)' }).click(),
    );
    expect(ownPdf.name).toMatch(/\.pdf$/);
    expect(ownPdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await studentPage.getByRole('button', { name: 'Pedir exclusão dos meus dados' }).click();
    const ask = studentPage.getByRole('dialog', { name: 'Pedir exclusão dos meus dados' });
    await expect(ask).toContainText('Seu personal recebe o pedido e confirma a exclusão.');
    await expect(ask).toContainText('registros fiscais');
    await expectAccessible(studentPage);
    await shot(studentPage, 'lgpd-pedir-exclusao', testInfo.project.name);
    await ask.getByRole('button', { name: 'Pedir exclusão' }).click();
    await expect(studentPage.getByText('Seu personal foi avisado e vai confirmar a exclusão.').first()).toBeVisible();
    await expect(studentPage.getByText(`Exclusão pedida em ${todayPtBr()}`)).toBeVisible();
    await expect(studentPage.getByRole('button', { name: 'Pedir exclusão dos meus dados' })).toHaveCount(0);
    await studentPage.getByRole('heading', { name: 'Meus dados', exact: true }).scrollIntoViewIfNeeded();
    await shot(studentPage, 'lgpd-meus-dados', testInfo.project.name);
    await studentPage.context().close();

    // The trainer sees the request on the student's page, exports, and erases.
    await page.goto(`/alunos/${student.studentId}`);
    await expect(page.getByText(`Pedido de exclusão de dados em ${todayPtBr()}`)).toBeVisible();
    const json = await downloaded(page, () => page.getByRole('button', { name: 'Exportar dados (JSON)' }).click());
    expect(json.name).toMatch(/\.json$/);
    expect(Object.keys((JSON.parse(json.bytes.toString('utf8')) as { tabelas: object }).tabelas)).toEqual(
      expect.arrayContaining(['students', 'contract_signatures']),
    );
    const pdf = await downloaded(page, () => page.getByRole('button', { name: 'Exportar dados (PDF)' }).click());
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByRole('button', { name: 'Exportar dados (PDF)' }).scrollIntoViewIfNeeded();
    await shot(page, 'lgpd-aluno-dados', testInfo.project.name);

    await page.getByRole('button', { name: 'Excluir dados do aluno' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir dados do aluno' });
    await expect(dialog).toContainText('O que é excluído');
    await expect(dialog).toContainText('O que fica guardado, e por quê');
    await expect(dialog).toContainText('números de recibo dos pagamentos (registros fiscais)');
    await expect(dialog).toContainText('IP anonimizado');
    const erase = dialog.getByRole('button', { name: 'Excluir dados' });
    await dialog.getByLabel('Para confirmar, digite o nome do aluno').fill('Renata');
    await expect(erase).toBeDisabled();
    await dialog.getByLabel('Para confirmar, digite o nome do aluno').fill(nome.toUpperCase());
    await expect(erase).toBeDisabled();
    await dialog.getByLabel('Para confirmar, digite o nome do aluno').fill(nome);
    await expect(erase).toBeEnabled();
    await expectAccessible(page);
    await shot(page, 'lgpd-excluir-dados', testInfo.project.name);
    await erase.click();
    await expect(page.getByText('Os dados pessoais do aluno foram excluídos.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Titular removido' })).toBeVisible();
    await expect(page.getByRole('heading', { name: nome })).toHaveCount(0);
    await shot(page, 'lgpd-titular-removido', testInfo.project.name);
    await page.goto('/alunos');
    await expect(page.getByText('Nenhum aluno cadastrado')).toBeVisible();
  });

  test("Ajustes: 'Exportar conta' downloads a zip of CSVs; 'Encerrar conta' with ENCERRAR signs out and the sign-in says the account no longer exists", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { trainer, token } = await signedInTrainerWithToken(page, request);
    await createStudent(request, token, { nome: 'Otávio Brandão', whatsapp: '11912345678' });
    await page.goto('/ajustes');

    const zip = await downloaded(page, () => page.getByRole('button', { name: /^Exportar conta/ }).click());
    expect(zip.name).toMatch(/\.zip$/);
    const files = unzipSync(new Uint8Array(zip.bytes));
    expect(strFromU8(files['students.csv']!)).toContain('Otávio Brandão');
    expect(files['password_credentials.csv']).toBeUndefined();

    await page.getByRole('button', { name: /^Encerrar conta/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Encerrar conta' });
    await expect(dialog).toContainText('Encerrar a conta apaga de vez, sem como desfazer');
    await expect(dialog).toContainText('Exportar conta');
    const close = dialog.getByRole('button', { name: 'Encerrar conta' });
    await expect(close).toBeDisabled();
    await dialog.getByLabel('Para confirmar, digite ENCERRAR').fill('encerrar');
    await expect(close).toBeDisabled();
    await dialog.getByLabel('Para confirmar, digite ENCERRAR').fill('ENCERRAR');
    await expect(close).toBeEnabled();
    await expectAccessible(page);
    await shot(page, 'lgpd-encerrar-conta', testInfo.project.name);
    await close.click();

    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Esta conta foi encerrada e não existe mais.')).toBeVisible();
    await shot(page, 'lgpd-conta-encerrada', testInfo.project.name);
    await page.goto('/auth');
    await page.getByLabel('E-mail').fill(trainer.email);
    await page.getByLabel('Senha').fill(trainer.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('Esta conta foi encerrada e não existe mais.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an invite that does not exist says so and goes to /auth after 2 s', async ({ page }) => {
    await page.goto('/convite/nao-existe');
    await expect(page.getByText('Convite inválido ou expirado').first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/, { timeout: 5_000 });
  });
});
