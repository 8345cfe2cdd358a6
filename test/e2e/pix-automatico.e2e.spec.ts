import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { expect, test } from '@playwright/test';
import { PSP_CONTROL_URL } from './playwright.config';
import { seriousFindings } from './support/axe';
import { createMonthlyPlan, subscriptionForm } from './support/monthly-plans';
import { shot, useScheme } from './support/shots';
import { createStudent } from './support/students';
import { signedInTrainerWithToken } from './support/trainer';

const certDir = process.env.E2E_PSP_CERT_DIR as string;
const pspFile = (name: string) => readFile(path.join(certDir, name), 'utf8');

/** dd/mm/aaaa of the plan's second due day (the 10th): the first is the 10th on or after today in São Paulo. */
function secondDueBr(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  let [year, month] = today.split('-').map(Number);
  const monthAfter = () => (month === 12 ? ((year += 1), (month = 1)) : (month += 1));
  if (Number(today.slice(8)) > 10) monthAfter();
  monthAfter();
  return `10/${String(month).padStart(2, '0')}/${year}`;
}

test.describe('Pix Automático through the PSP (API Pix recurrences)', () => {
  test("turns on 'Pix Automático', subscribes a student: the card shows the QR to authorise (or asks the student's bank), then 'Autorizada' once the student's bank authorises", async ({
    page,
    request,
  }, testInfo) => {
    const { token, headers } = await signedInTrainerWithToken(page, request);
    const psp = JSON.parse(await pspFile('client.json')) as { baseUrl: string; clientId: string; clientSecret: string };

    await page.goto('/ajustes/pix');
    await page.getByLabel('Chave PIX').fill(`ana-${testInfo.project.name}-${Date.now()}@exemplo.com`);
    await page.getByLabel('Nome do recebedor').fill('Ana Souza');
    await page.getByLabel('Cidade').fill('Recife');
    await page.getByRole('radio', { name: 'API Pix do meu banco ou PSP' }).check();
    await page.getByLabel('URL da API Pix').fill(psp.baseUrl);
    await page.getByLabel('Client ID').fill(psp.clientId);
    await page.getByLabel('Client secret').fill(psp.clientSecret);
    await page.getByLabel('Certificado (PEM)').fill(await pspFile('client.pem'));
    await page.getByLabel('Chave privada (PEM)').fill(await pspFile('client-key.pem'));
    await page.getByRole('checkbox', { name: 'Meu PSP oferece Pix Automático' }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Informe a conta que recebe o Pix Automático')).toBeVisible();
    await page.getByLabel('Agência').fill('0001');
    await page.getByLabel('Conta', { exact: true }).fill('123456-7');
    await shot(page, 'pix-settings-pix-automatico', testInfo.project.name);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Chave PIX salva')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Meu PSP oferece Pix Automático' })).toBeChecked();
    await expect(page.getByLabel('Conta', { exact: true })).toHaveValue('123456-7');

    await createMonthlyPlan(request, headers, { nome: 'Mensal Pix', valor: 350, creditos: 8, diaVencimento: 10 });
    const studentId = await createStudent(request, token, { nome: 'Clara Nunes', whatsapp: '11987654321' });

    const section = await subscriptionForm(page, studentId, /Mensal Pix/);
    await section.getByLabel('CPF do pagador').fill('529.982.247-25');
    await section.getByRole('button', { name: 'Assinar' }).click();
    await expect(page.getByText('Assinatura criada')).toBeVisible();

    // One QR: it pays the first month and authorises the next debits in the student's bank app.
    await expect(section.getByRole('heading', { name: 'Autorizar Pix Automático' })).toBeVisible();
    await expect(section.getByText('escanear este QR Code no app do banco')).toBeVisible();
    await expect(section.getByRole('img', { name: 'QR Code do Pix Automático' })).toBeVisible();
    expect(await section.getByLabel('Pix Copia e Cola').inputValue()).toContain(
      `${new URL(psp.baseUrl).host}/qr/v2/rec/`,
    );
    await expect(section.getByText('Aguardando autorização')).toBeVisible();
    await shot(page, 'assinatura-pix-automatico-qr', testInfo.project.name);

    // No QR at hand: the student's own bank is asked (Jornada 1), naming their account.
    await section.getByRole('button', { name: 'Pedir no banco do aluno' }).click();
    const ask = page.getByRole('dialog', { name: 'Pedir no banco do aluno' });
    await ask.getByRole('combobox', { name: 'Banco do aluno' }).click();
    await page.getByRole('option', { name: 'Nubank' }).click();
    await ask.getByLabel('Conta').fill('98765-4');
    await shot(page, 'assinatura-pix-automatico-pedir-ao-banco', testInfo.project.name);
    for (const scheme of ['light', 'dark'] as const) {
      await useScheme(page, scheme);
      expect(await seriousFindings(page), scheme).toEqual([]);
    }
    await ask.getByRole('button', { name: 'Enviar pedido' }).click();
    await expect(section.getByText('Pedido enviado ao banco do aluno')).toBeVisible();
    await expect(ask).toBeHidden();
    const solicitacoes = (await (await request.get(`${PSP_CONTROL_URL}/solicrecs`)).json()) as {
      status: string;
      body: { destinatario: { ispbParticipante: string; conta: string } };
    }[];
    expect(solicitacoes.map(({ status, body }) => ({ status, ...body.destinatario }))).toContainEqual(
      expect.objectContaining({ status: 'ENVIADA', ispbParticipante: '18236120', conta: '987654' }),
    );
    await shot(page, 'assinatura-pix-automatico-pedido-ao-banco', testInfo.project.name);

    // The student's bank authorises (the PSP's control API); nobody reloads the page.
    const [subscription] = (
      (await (await request.get(`/api/subscriptions?studentId=${studentId}`, { headers })).json()) as {
        items: { id: string }[];
      }
    ).items;
    const recs = (await (await request.get(`${PSP_CONTROL_URL}/recs`)).json()) as {
      idRec: string;
      body: { vinculo: { contrato: string } };
    }[];
    const rec = recs.find((candidate) => candidate.body.vinculo.contrato === subscription.id.replace(/-/g, ''));
    expect(rec).toBeDefined();
    const authorised = await request.post(`${PSP_CONTROL_URL}/authorise-rec/${rec?.idRec}`);
    expect(authorised.status(), await authorised.text()).toBe(200);
    await expect(section.getByText('Autorizada', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(section.getByText('Cada mês é debitado sozinho no banco do aluno')).toBeVisible();
    await expect(section.getByRole('img', { name: 'QR Code do Pix Automático' })).toHaveCount(0);
    // The QR paid the first month: the card's next due day is the following month's, without a reload.
    await expect(section.getByText(`Próximo vencimento: ${secondDueBr()}`)).toBeVisible({ timeout: 30_000 });
    await shot(page, 'assinatura-pix-automatico-autorizada', testInfo.project.name);
    expect(await (await request.get(`${PSP_CONTROL_URL}/violations`)).json()).toEqual([]);
  });
});
