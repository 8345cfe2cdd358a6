import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { shot } from './support/shots';
import { apiToken, signedInTrainer } from './support/trainer';

const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).filter({ visible: true });

async function addTransaction(
  page: Page,
  {
    tipo,
    descricao,
    valor,
    meio,
    aluno,
    quickMenu,
  }: { tipo?: 'Despesa'; descricao: string; valor: string; meio?: string; aluno?: string; quickMenu?: boolean },
) {
  if (quickMenu) {
    // The shell's quick-create menu, from another page: 'Lançamento' opens the same form here.
    await page.goto('/');
    await page.getByRole('button', { name: 'Criação rápida' }).click();
    await page.getByRole('menuitem', { name: 'Lançamento' }).click();
  } else {
    await page.getByRole('button', { name: 'Nova transação' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Receita ou Despesa?' });
  if (tipo) await dialog.getByText(tipo, { exact: true }).click();
  await dialog.getByLabel('Descrição').fill(descricao);
  await dialog.getByRole('textbox', { name: 'Valor (R$)' }).fill(valor);
  if (meio) {
    await dialog.getByRole('combobox', { name: 'Meio de Pagamento' }).click();
    await page.getByRole('option', { name: meio }).click();
  }
  if (aluno) {
    await dialog.getByRole('combobox', { name: 'Aluno (opcional)' }).click();
    await page.getByRole('option', { name: aluno }).click();
  }
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Transação criada')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe('finances', () => {
  test('records a receita and a despesa, shows the allocations, voids one, exports the CSV and follows the goal', async ({
    page,
    request,
  }, testInfo) => {
    const trainer = await signedInTrainer(page, request);
    const student = await request.post('/api/students', {
      headers: { authorization: `Bearer ${await apiToken(request, trainer)}` },
      data: { nome: 'Ana Souza' },
    });
    expect(student.status(), await student.text()).toBe(201);
    await page.goto('/financeiro');
    await expect(page.getByRole('heading', { name: 'Financeiro' })).toBeVisible();
    await expect(page.getByText('Nenhuma transação encontrada')).toBeVisible();
    // One floating button: the page's own takes the quick menu's place, clear of the bottom bar.
    await expect(page.getByRole('button', { name: 'Criação rápida' })).toHaveCount(0);
    const add = await page.getByRole('button', { name: 'Nova transação' }).boundingBox();
    const bottomBar = page.getByRole('navigation', { name: 'Navegação inferior' });
    if (add && (await bottomBar.isVisible())) expect(add.y + add.height).toBeLessThanOrEqual((await bottomBar.boundingBox())!.y);
    // The onboarding's 'R$ 12.000' a month in 6 months is the 6-month target, not this month's
    // goal: with none set the month is measured against R$ 10.000, as Configurações says.
    await expect(page.getByText('de R$ 10.000,00 (0,0%)')).toBeVisible();

    await addTransaction(page, { descricao: 'Mensalidade Ana', valor: '1.200,00', aluno: 'Ana Souza' });
    await expect(page.getByText('Reserva sugerida', { exact: true }).first()).toBeVisible();
    await expect(visible(page, 'Mensalidade Ana')).toBeVisible();
    await expect(page.getByLabel('Lucro')).toContainText('R$ 1.200,00');
    await expect(page.getByLabel('Ticket Médio')).toContainText('R$ 1.200,00');
    await expect(page.getByLabel('Aderência')).toContainText('12,0%');
    await expect(page.getByLabel('Alocações do mês')).toContainText('Reserva: R$ 240,00');

    await addTransaction(page, {
      tipo: 'Despesa',
      descricao: 'Aluguel do estúdio',
      valor: '200',
      meio: 'Dinheiro',
      quickMenu: true,
    });
    await expect(visible(page, 'Aluguel do estúdio')).toBeVisible();
    await expect(page.getByLabel('Lucro')).toContainText('R$ 1.000,00');
    await expect(page.getByText('Previsto × Recebido (12 meses)')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'financeiro', testInfo.project.name);

    await visible(page, 'Mensalidade Ana').click();
    const details = page.getByRole('dialog', { name: 'Detalhes da Transação' });
    const allocations = details.getByRole('table', { name: 'Alocações' });
    await expect(allocations.getByRole('row', { name: 'Reserva R$ 240,00' })).toBeVisible();
    await expect(allocations.getByRole('row', { name: 'Retirada R$ 960,00' })).toBeVisible();
    await expect(allocations.getByRole('row', { name: 'Total alocado R$ 1.200,00' })).toBeVisible();
    await expect(details.getByText('PIX')).toBeVisible();
    await shot(page, 'detalhes', testInfo.project.name);
    await details.getByRole('button', { name: 'Estornar' }).click();
    await details.getByRole('button', { name: 'Confirmar estorno' }).click();
    await expect(page.getByText('Transação estornada')).toBeVisible();
    await expect(details).toBeHidden();
    await expect(visible(page, 'Estornada')).toBeVisible();
    await expect(page.getByLabel('Lucro')).toContainText('-R$ 200,00');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^transacoes-\d{4}-\d{2}\.csv$/);
    const csv = await readFile((await file.path()) as string, 'utf8');
    expect(csv).toContain('Receita;Mensalidade Ana;PIX;1200,00;Estornada');
    expect(csv).toContain('Despesa;Aluguel do estúdio;Dinheiro;200,00;Ativa');

    // Another month has nothing; back to this one.
    const monthSelect = page.getByRole('combobox', { name: 'Mês' });
    const thisMonth = await monthSelect.inputValue();
    await monthSelect.click();
    await page.getByRole('option', { name: thisMonth === 'Janeiro' ? 'Fevereiro' : 'Janeiro' }).click();
    await expect(page.getByText('Nenhuma transação encontrada')).toBeVisible();
    await page.getByRole('combobox', { name: 'Ano' }).click();
    await expect(page.getByRole('option', { name: String(new Date().getFullYear() + 1) })).toBeVisible();
    await page.keyboard.press('Escape');
    await monthSelect.click();
    await page.getByRole('option', { name: thisMonth }).click();
    await expect(visible(page, 'Aluguel do estúdio')).toBeVisible();

    // Goals: a monthly goal of R$ 2.000 and a new receita of R$ 500 give 25% aderência.
    await page.goto('/ajustes/configuracoes');
    await expect(page.getByRole('textbox', { name: 'Meta mensal' })).toHaveValue('0,00');
    await expect(page.getByText('Sem meta mensal, a aderência usa R$ 10.000,00.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Meta em 6 meses (faturamento por mês)' })).toHaveValue('12.000,00');
    await page.getByRole('textbox', { name: 'Meta mensal' }).fill('2.000');
    // A percentage edits like a number: 60 typed over 20 is 60; the sum's message goes once it is fixed.
    const reserva = page.getByRole('textbox', { name: 'Reserva' });
    await expect(reserva).toHaveValue('20%');
    await reserva.click();
    await reserva.pressSequentially('60');
    await expect(reserva).toHaveValue('60%');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const sumMessage = page.getByText('As porcentagens das alocações devem somar 100%');
    await expect(sumMessage).toBeVisible();
    await reserva.click();
    await reserva.pressSequentially('20');
    await expect(reserva).toHaveValue('20%');
    await expect(sumMessage).toBeHidden();
    await shot(page, 'configuracoes', testInfo.project.name);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Configurações salvas')).toBeVisible();
    await page.goto('/financeiro');
    await addTransaction(page, { descricao: 'Avulso Bruno', valor: '500' });
    await expect(page.getByLabel('Aderência')).toContainText('25,0%');
    await expect(page.getByText('de R$ 2.000,00 (25,0%)')).toBeVisible();
  });

  test('a transaction recorded elsewhere moves the cards and the history without reloading', async ({ page, request }) => {
    const trainer = await signedInTrainer(page, request, '/financeiro');
    await expect(page.getByText('Nenhuma transação encontrada')).toBeVisible();
    await expect(page.getByLabel('Lucro')).toContainText('R$ 0,00');

    // Another device (here, a script with the trainer's token) records a receita for today.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const response = await request.post('/api/transactions', {
      headers: { authorization: `Bearer ${await apiToken(request, trainer)}` },
      data: { tipo: 'receita', valor: 350, data: today, descricao: 'Pago pelo celular', metodoPagamento: 'pix' },
    });
    expect(response.status(), await response.text()).toBe(201);

    await expect(visible(page, 'Pago pelo celular')).toBeVisible();
    await expect(page.getByLabel('Lucro')).toContainText('R$ 350,00');
    await expect(page.getByLabel('Aderência')).toContainText('3,5%');
  });
});
