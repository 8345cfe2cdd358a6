import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createPlan, createStudent, studentCard } from './support/students';
import { shot } from './support/shots';
import { createMonthlyPlan, dueDayIssuedNow, manualPixKey, subscriptionForm } from './support/monthly-plans';
import { signedInTrainerWithToken } from './support/trainer';


test.describe('charges', () => {
  test('sets the PIX key, charges a student, copies the code, marks it paid: balance and finances move live, the receipt downloads', async ({
    page,
    request,
    context,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { token } = await signedInTrainerWithToken(page, request);
    await createPlan(request, token, { nome: 'Mensal 8 aulas', valor: 480, creditos: 8 });
    await createStudent(request, token, { nome: 'Bruno Lima', whatsapp: '11987654321' });

    // Without a PIX key the dialog says where to set it.
    await page.goto('/alunos');
    await studentCard(page, 'Bruno Lima').getByRole('button', { name: 'Cobrar' }).click();
    let dialog = page.getByRole('dialog', { name: 'Cobrança Online' });
    await dialog.getByRole('button', { name: 'Gerar link de pagamento' }).click();
    await expect(page.getByText('Selecione um plano', { exact: true })).toBeVisible();
    await expect(page.getByText('Você precisa selecionar um plano para gerar o link de pagamento.')).toBeVisible();
    await dialog.getByRole('radio', { name: /Mensal 8 aulas/ }).click();
    await dialog.getByRole('button', { name: 'Gerar link de pagamento' }).click();
    await expect(dialog.getByText('Chave PIX não configurada')).toBeVisible();
    await dialog.getByRole('link', { name: 'Configurar agora' }).click();

    // Ajustes › Recebimento por PIX: a bad key is refused in pt-BR, then the CPF key is saved.
    await expect(page).toHaveURL(/\/ajustes\/pix$/);
    await page.getByLabel('Chave PIX').fill('123');
    await page.getByLabel('Nome do recebedor').fill('Ana Souza Personal');
    await page.getByLabel('Cidade').fill('São Paulo');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(/Chave PIX inválida/)).toBeVisible();
    await page.getByLabel('Chave PIX').fill('529.982.247-25');
    await expect(page.getByText('Tipo: CPF')).toBeVisible();
    await shot(page, 'pix-settings', testInfo.project.name);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Chave PIX salva')).toBeVisible();

    // Cobrar: QR code, Pix Copia e Cola (copied), WhatsApp.
    await page.goto('/alunos');
    const card = studentCard(page, 'Bruno Lima');
    await expect(card.locator('[data-tone]')).toHaveText('0 créditos');
    await card.getByRole('button', { name: 'Cobrar' }).click();
    dialog = page.getByRole('dialog', { name: 'Cobrança Online' });
    await dialog.getByRole('radio', { name: /Mensal 8 aulas/ }).click();
    await dialog.getByRole('button', { name: 'Gerar link de pagamento' }).click();
    const qr = dialog.getByRole('img', { name: 'QR Code PIX' });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const code = await dialog.getByLabel('Pix Copia e Cola').inputValue();
    expect(code).toMatch(/^000201.*br\.gov\.bcb\.pix.*5406480\.005802BR5918ANA SOUZA PERSONAL6009SAO PAULO.*6304[0-9A-F]{4}$/);
    await dialog.getByRole('button', { name: 'Copiar código' }).click();
    await expect(dialog.getByRole('button', { name: 'Código copiado' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    const whatsapp = await dialog.getByRole('link', { name: 'Enviar WhatsApp' }).getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    expect(decodeURIComponent(whatsapp?.split('text=')[1] ?? '')).toContain(code);
    await shot(page, 'cobranca', testInfo.project.name);

    // Marcar como pago: the receita and the credits, and the receipt (onboarding said emite_recibo).
    await dialog.getByRole('button', { name: 'Marcar como pago' }).click();
    await expect(dialog.getByText('Pagamento confirmado')).toBeVisible();
    await expect(dialog.getByText('Paga', { exact: true })).toBeVisible();
    await shot(page, 'paga', testInfo.project.name);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Baixar recibo' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('recibo-000001.pdf');
    const pdf = await readFile((await file.path()) as string);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/alunos$/);
    await expect(card.locator('[data-tone]')).toHaveText('8 créditos');

    // The finances show the receita; the agenda's menu opens the same dialog with a student to pick.
    await page.goto('/financeiro');
    await expect(page.getByLabel('Lucro')).toContainText('R$ 480,00');
    await expect(page.getByText('Pagamento do plano Mensal 8 aulas').filter({ visible: true })).toBeVisible();
    await page.goto('/agenda');
    await page.getByRole('button', { name: 'Configurações da agenda' }).click();
    await page.getByRole('menuitem', { name: 'Cobrança Online' }).click();
    dialog = page.getByRole('dialog', { name: 'Cobrança Online' });
    await expect(dialog.getByRole('combobox', { name: 'Aluno' })).toBeVisible();
    await shot(page, 'agenda-cobranca', testInfo.project.name);
  });

  test('/financeiro/cobrancas: the pending charges to follow up, marked paid or cancelled, by status', async ({
    page,
    request,
    context,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { token, headers } = await signedInTrainerWithToken(page, request);
    const planId = await createPlan(request, token, { nome: 'Pacote 4 aulas', valor: 260, creditos: 4 });
    const pix = await request.put('/api/settings/pix', {
      data: { chave: '529.982.247-25', nomeRecebedor: 'Ana Souza Personal', cidade: 'São Paulo' },
      headers,
    });
    expect(pix.ok(), await pix.text()).toBeTruthy();
    const charged: Record<string, string> = {};
    for (const nome of ['Carla Dias', 'Diego Alves']) {
      const studentId = await createStudent(request, token, { nome, whatsapp: '11987654321' });
      const charge = await request.post('/api/charges', { data: { studentId, planId }, headers });
      expect(charge.status(), await charge.text()).toBe(201);
      charged[nome] = ((await charge.json()) as { brCode: string }).brCode;
    }

    await page.goto('/financeiro');
    await page.getByRole('link', { name: 'Cobranças' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/financeiro\/cobrancas$/);
    const carla = page.getByRole('article', { name: 'Cobrança de Carla Dias' });
    const diego = page.getByRole('article', { name: 'Cobrança de Diego Alves' });
    await expect(carla).toContainText('R$ 260,00');
    await expect(carla).toContainText('Pacote 4 aulas · 4 créditos');
    await expect(diego.getByText('Pendente', { exact: true })).toBeVisible();
    await shot(page, 'cobrancas', testInfo.project.name);

    await carla.getByRole('button', { name: 'Copiar código' }).click();
    await expect(carla.getByRole('button', { name: 'Código copiado' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(charged['Carla Dias']);

    // Paid: gone from Pendentes, in Pagas, and the student's balance has the plan's credits.
    await carla.getByRole('button', { name: 'Marcar como pago' }).click();
    await expect(page.getByText('Pagamento confirmado')).toBeVisible();
    await expect(carla).toBeHidden();
    // Cancelled after a confirmation.
    await diego.getByRole('button', { name: 'Cancelar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar cobrança?' });
    await expect(dialog).toContainText('não poderá mais ser marcada como paga');
    await shot(page, 'cancelar-cobranca', testInfo.project.name);
    await dialog.getByRole('button', { name: 'Cancelar cobrança' }).click();
    await expect(page.getByText('Cobrança cancelada')).toBeVisible();
    await expect(page.getByText('Nenhuma cobrança pendente')).toBeVisible();

    await page.getByText('Pagas', { exact: true }).click();
    await expect(carla.getByText('Paga', { exact: true })).toBeVisible();
    await expect(carla).toContainText(/Paga em \d{2}\/\d{2}\/\d{4}/);
    await expect(carla.getByRole('button', { name: 'Marcar como pago' })).toHaveCount(0);
    await page.getByText('Canceladas', { exact: true }).click();
    await expect(diego.getByText('Cancelada', { exact: true })).toBeVisible();
    await shot(page, 'cobrancas-canceladas', testInfo.project.name);
    await page.goto('/alunos');
    await expect(studentCard(page, 'Carla Dias').locator('[data-tone]')).toHaveText('4 créditos');
    await expect(studentCard(page, 'Diego Alves').locator('[data-tone]')).toHaveText('0 créditos');
  });

  test("a monthly plan bills itself: subscribed from the student's page, the cycle shows in Cobranças and the previsto, cancelled", async ({
    page,
    request,
  }, testInfo) => {
    const { token, headers } = await signedInTrainerWithToken(page, request);
    await manualPixKey(request, headers);
    const { today, due } = dueDayIssuedNow();
    await createMonthlyPlan(request, headers, { nome: 'Mensal 3x', valor: 300, creditos: 12, diaVencimento: Number(due.slice(8)) });
    const studentId = await createStudent(request, token, { nome: 'Elisa Prado', whatsapp: '11987654321' });

    const section = await subscriptionForm(page, studentId, /Mensal 3x/);
    await expect(section.getByLabel('Início')).toHaveValue(today);
    await section.getByRole('button', { name: 'Assinar' }).click();
    await expect(page.getByText('Assinatura criada')).toBeVisible();
    const dueBr = due.split('-').reverse().join('/');
    await expect(section).toContainText(`Mensal 3x · R$ 300,00 todo dia ${Number(due.slice(8))}`);
    await expect(section).toContainText(`Próximo vencimento: ${dueBr}`);

    // The worker issues the cycle (origem assinatura): it shows on the student's page by itself.
    const cycle = page.getByTestId('student-charge').filter({ hasText: `mensalidade ${due.slice(5, 7)}/${due.slice(0, 4)}` });
    await expect(cycle).toBeVisible({ timeout: 60_000 });
    await expect(cycle).toContainText('R$ 300,00');
    await shot(page, 'assinatura', testInfo.project.name);

    await page.goto('/financeiro/cobrancas');
    const charge = page.getByRole('article', { name: 'Cobrança de Elisa Prado' });
    await expect(charge).toContainText('R$ 300,00');
    await expect(charge).toContainText('Mensal 3x · 12 créditos');
    await page.goto(`/financeiro?mes=${due.slice(0, 7)}`);
    const goal = page.getByRole('region', { name: 'Meta do mês' });
    await expect(goal.getByText('Previsto', { exact: true }).locator('xpath=..')).toContainText('R$ 300,00');

    // Cancelled from the next cycle: nothing more is due; a cycle not yet due is cancelled with it.
    await page.goto(`/alunos/${studentId}`);
    await section.getByRole('button', { name: 'Cancelar assinatura' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar assinatura' });
    await expect(dialog).toContainText('os próximos ciclos não serão cobrados');
    await dialog.getByRole('button', { name: 'Cancelar assinatura' }).click();
    await expect(page.getByText('Vale a partir do próximo ciclo.')).toBeVisible();
    await expect(section).toContainText('Assinatura cancelada');
    await expect(section.getByRole('button', { name: 'Assinar plano mensal' })).toBeVisible();
    await expect(cycle).toContainText(due === today ? 'Pendente' : 'Cancelada', { timeout: 10_000 });
  });
});
