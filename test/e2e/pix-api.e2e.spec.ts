import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { expect, test } from '@playwright/test';
import { PSP_CONTROL_URL } from './playwright.config';
import { shot } from './support/shots';
import { createPlan, createStudent, studentAccountOf, studentCard, studentSignedIn } from './support/students';
import { signedInTrainerWithToken } from './support/trainer';

const certDir = process.env.E2E_PSP_CERT_DIR as string;
const pspFile = (name: string) => readFile(path.join(certDir, name), 'utf8');

/** Today and a few days ago in São Paulo (the app cuts days there whatever the machine's zone). */
const spDate = (daysAgo = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() - daysAgo * 86_400_000));

test.describe('Pix through the PSP (API Pix), overdue follow-up and the late-cancel fee', () => {
  test('sets up the PSP with Testar conexão, charges, the payment at the PSP moves the balance on the open screen without a tap', async ({
    page,
    request,
  }, testInfo) => {
    const { token } = await signedInTrainerWithToken(page, request);
    await createPlan(request, token, { nome: 'Pacote 8 aulas', valor: 480, creditos: 8 });
    await createStudent(request, token, { nome: 'Carla Dias', whatsapp: '81987654321' });
    const psp = JSON.parse(await pspFile('client.json')) as { baseUrl: string; clientId: string; clientSecret: string };

    await page.goto('/ajustes/pix');
    await page.getByLabel('Chave PIX').fill('ana@exemplo.com');
    await page.getByLabel('Nome do recebedor').fill('Ana Souza');
    await page.getByLabel('Cidade').fill('Recife');
    await shot(page, 'pix-settings-manual', testInfo.project.name);
    await page.getByRole('radio', { name: 'API Pix do meu banco ou PSP' }).check();
    await page.getByLabel('URL da API Pix').fill(psp.baseUrl);
    await page.getByLabel('Client ID').fill(psp.clientId);
    await page.getByLabel('Client secret').fill('segredo-errado');
    await page.getByLabel('Certificado (PEM)').fill(await pspFile('client.pem'));
    await page.getByLabel('Chave privada (PEM)').fill(await pspFile('client-key.pem'));
    await page.getByRole('button', { name: 'Testar conexão' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Falha na conexão' })).toContainText(
      'O PSP recusou as credenciais: confira o client id e o client secret',
    );
    await page.getByLabel('Client secret').fill(psp.clientSecret);
    await page.getByRole('button', { name: 'Testar conexão' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Conexão OK' })).toContainText(
      'token obtido e webhook de pagamentos registrado',
    );
    await shot(page, 'pix-settings-api-pix', testInfo.project.name);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Chave PIX salva')).toBeVisible();
    // Write-only: the secrets are not shown back.
    await page.reload();
    await expect(page.getByLabel('Client secret')).toHaveValue('');
    await expect(page.getByText('Salvo. Deixe em branco para manter.').first()).toBeVisible();

    // Cobrar: the PSP's dynamic code.
    await page.goto('/alunos');
    const card = studentCard(page, 'Carla Dias');
    await expect(card.locator('[data-tone]')).toHaveText('0 créditos');
    await card.getByRole('button', { name: 'Cobrar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cobrança Online' });
    await dialog.getByRole('radio', { name: /Pacote 8 aulas/ }).click();
    const created = page.waitForResponse((response) => response.url().endsWith('/api/charges') && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Gerar link de pagamento' }).click();
    const { txid } = (await (await created).json()) as { txid: string };
    await expect(dialog.getByRole('img', { name: 'QR Code PIX' })).toBeVisible();
    expect(await dialog.getByLabel('Pix Copia e Cola').inputValue()).toContain(`${new URL(psp.baseUrl).host}/qr/v2/`);

    // The student pays at the PSP; nobody taps anything here.
    const paid = await request.post(`${PSP_CONTROL_URL}/pay/${txid}`);
    expect(paid.status(), await paid.text()).toBe(200);
    await expect(dialog.getByText('Paga', { exact: true })).toBeVisible();
    await expect(card.locator('[data-tone]')).toHaveText('8 créditos');
    const violations = await request.get(`${PSP_CONTROL_URL}/violations`);
    expect(await violations.json()).toEqual([]);
  });

  test("a payment the PSP gives back: 'Devolvida (R$ x)' and the student's page asks 'Remover N créditos'", async ({
    page,
    request,
  }, testInfo) => {
    const { token, headers: auth } = await signedInTrainerWithToken(page, request);
    const psp = JSON.parse(await pspFile('client.json')) as { baseUrl: string; clientId: string; clientSecret: string };
    const saved = await request.put('/api/settings/pix', {
      data: {
        chave: '12.ABC.345/01DE-35',
        nomeRecebedor: 'Ana Souza',
        cidade: 'Recife',
        provedor: 'api-pix',
        ...psp,
        certificadoPem: await pspFile('client.pem'),
        chavePem: await pspFile('client-key.pem'),
      },
      headers: auth,
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const planId = await createPlan(request, token, { nome: 'Pacote 8 aulas', valor: 480, creditos: 8 });
    const studentId = await createStudent(request, token, { nome: 'Carla Dias', whatsapp: '81987654321' });
    const charge = await request.post('/api/charges', { data: { studentId, planId }, headers: auth });
    const { txid } = (await charge.json()) as { txid: string };
    expect((await request.post(`${PSP_CONTROL_URL}/pay/${txid}`)).status()).toBe(200);

    await page.goto(`/alunos/${studentId}`);
    await expect(page.locator('[data-tone]').first()).toHaveText('8 créditos');
    const refunded = await request.post(`${PSP_CONTROL_URL}/refund/${txid}?valor=480.00`);
    expect(refunded.status(), await refunded.text()).toBe(200);
    // Live: the refund reaches the open page without a tap.
    const prompt = page.getByRole('group', { name: 'Devolução de Pacote 8 aulas' });
    await expect(prompt).toContainText('O PSP devolveu R$ 480,00 do pagamento de Pacote 8 aulas. Remover 8 créditos do saldo?');
    await expect(page.getByTestId('student-charge')).toContainText('Devolvida (R$ 480,00)');
    await shot(page, 'aluno-pagamento-devolvido', testInfo.project.name);
    await prompt.getByRole('button', { name: 'Remover 8 créditos' }).click();
    await expect(prompt).toBeHidden();
    await expect(page.locator('[data-tone]').first()).toHaveText('0 créditos');

    await page.goto('/financeiro/cobrancas?status=paga');
    await expect(page.getByRole('article', { name: 'Cobrança de Carla Dias' })).toContainText('Devolvida (R$ 480,00)');
    await shot(page, 'cobrancas-devolvidas', testInfo.project.name);
    const violations = await request.get(`${PSP_CONTROL_URL}/violations`);
    expect(await violations.json()).toEqual([]);
  });

  test("Cobranças shows 'Em atraso' with days late and the WhatsApp reminder; the dashboard shows 'A receber'; the fee is in Cobranças, the student's page and the student's own area, waived with a reason", async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const { token, headers: auth } = await signedInTrainerWithToken(page, request);
    await request.put('/api/settings/pix', { data: { chave: 'ana@exemplo.com', nomeRecebedor: 'Ana', cidade: 'Recife' }, headers: auth });
    const planId = await createPlan(request, token, { nome: 'Pacote 4', valor: 200, creditos: 4 });
    const studentId = await createStudent(request, token, { nome: 'Bruno Lima', whatsapp: '11987654321', planoId: planId });
    const overdue = await request.post('/api/charges', { data: { studentId, planId, vencimento: spDate(5) }, headers: auth });
    expect(overdue.status(), await overdue.text()).toBe(201);
    await request.post('/api/charges', { data: { studentId, planId }, headers: auth });

    // A late cancellation under a 50% fee (tomorrow's session, a 48-hour limit).
    const location = await request.post('/api/locations', { data: { nome: 'Academia Centro' }, headers: auth });
    const locationId = ((await location.json()) as { id: string }).id;
    await request.put(`/api/locations/${locationId}/policy`, {
      data: { cancelLimiteHoras: 48, taxaPercent: 50, queimaCredito: false },
      headers: auth,
    });
    const inicio = new Date(`${spDate(-1)}T10:00:00-03:00`);
    const session = await request.post('/api/sessions', {
      data: { studentId, locationId, inicio: inicio.toISOString(), fim: new Date(inicio.getTime() + 3_600_000).toISOString() },
      headers: auth,
    });
    expect(session.status(), await session.text()).toBe(201);
    const sessionId = ((await session.json()) as { id: string }).id;
    expect((await request.patch(`/api/sessions/${sessionId}`, { data: { status: 'cancelada' }, headers: auth })).status()).toBe(200);

    await page.goto('/');
    const receivables = page.getByRole('link', { name: /^A receber/ });
    // R$ 200 due today, R$ 25 of fee due in a week, R$ 200 five days late.
    await expect(receivables.getByTestId('a-receber-total')).toHaveText('R$ 425,00');
    await expect(receivables.getByTestId('a-receber-atraso')).toHaveText('Em atraso: R$ 200,00 (1)');
    await shot(page, 'dashboard-a-receber', testInfo.project.name);
    await receivables.click();

    await expect(page).toHaveURL(/\/financeiro\/cobrancas\?status=em_atraso$/);
    const late = page.getByRole('article', { name: 'Cobrança de Bruno Lima' });
    await expect(late).toHaveCount(1);
    await expect(late.getByText('Em atraso há 5 dias')).toBeVisible();
    const reminder = await late.getByRole('link', { name: 'Lembrar no WhatsApp' }).getAttribute('href');
    expect(reminder).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    expect(decodeURIComponent(reminder?.split('text=')[1] ?? '')).toContain('(5 dias em atraso)');
    await shot(page, 'cobrancas-em-atraso', testInfo.project.name);

    await page.goto('/financeiro/cobrancas?status=pendente');
    const fee = page.getByRole('article').filter({ hasText: 'Taxa de cancelamento' });
    await expect(fee).toBeVisible();
    await expect(fee.getByText('R$ 25,00')).toBeVisible();

    await page.goto(`/alunos/${studentId}`);
    const listed = page.getByTestId('student-charge').filter({ hasText: 'Taxa de cancelamento' });
    await expect(listed).toContainText('Pendente');

    // The student sees what they owe in their own area, each with its 'Pix Copia e Cola'.
    const studentPage = await studentSignedIn(browser, testInfo, await studentAccountOf(request, token, studentId, 'Bruno Lima'));
    const owed = studentPage.getByRole('list', { name: 'Pagamentos pendentes' });
    await expect(owed.getByRole('listitem', { name: 'Taxa de cancelamento, R$ 25,00' })).toBeVisible();
    await expect(owed.getByRole('listitem', { name: 'Pacote 4, R$ 200,00' }).first().getByText('Em atraso há 5 dias')).toBeVisible();
    await expect(owed.getByRole('button', { name: 'Copiar código PIX' })).toHaveCount(3);
    await shot(studentPage, 'aluno-pagamentos-pendentes', testInfo.project.name);

    await page.goto('/financeiro/cobrancas?status=pendente');
    await fee.getByRole('button', { name: 'Dispensar taxa' }).click();
    const confirm = page.getByRole('dialog', { name: 'Dispensar taxa?' });
    await confirm.getByRole('button', { name: 'Dispensar taxa' }).click();
    await expect(confirm.getByText('Informe o motivo')).toBeVisible();
    await confirm.getByLabel('Motivo').fill('Aluno avisou com atestado');
    await confirm.getByRole('button', { name: 'Dispensar taxa' }).click();
    await expect(page.getByText('Taxa dispensada')).toBeVisible();
    // The student's open area hears of it: the fee leaves their list without a reload.
    await expect(owed.getByRole('listitem', { name: 'Taxa de cancelamento, R$ 25,00' })).toHaveCount(0);
    await expect(owed.getByRole('listitem')).toHaveCount(2);
    await studentPage.context().close();
    await page.goto(`/alunos/${studentId}`);
    await expect(listed).toContainText('Dispensada: Aluno avisou com atestado');
  });
});
