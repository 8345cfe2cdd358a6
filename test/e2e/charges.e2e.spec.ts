import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { apiToken, createPlan, createStudent, studentCard } from './support/students';
import { signedInTrainer } from './support/trainer';

/** Screenshots for a person to look at, only when asked (SHOTS_DIR=/tmp/shots-charges). */
async function shot(page: Page, name: string, projectName: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${projectName}-${name}.png` });
}

test.describe('charges', () => {
  test('sets the PIX key, charges a student, copies the code, marks it paid: balance and finances move live, the receipt downloads', async ({
    page,
    request,
    context,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const trainer = await signedInTrainer(page, request);
    const token = await apiToken(request, trainer);
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
});
