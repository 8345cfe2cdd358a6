import { expect, test } from '@playwright/test';
import { manualPixKey, todayInSaoPaulo } from './support/monthly-plans';
import { shot } from './support/shots';
import { createPlan, createStudent } from './support/students';
import { signedInTrainerWithToken } from './support/trainer';

/** Who paid, said wherever money is: the advisor's shortcut, the month's history, the student's plan. */
test.describe('payers', () => {
  test("'Recebi 200 do Carlos' asks which Carlos when two match; the full name records it as his payment", async ({
    page,
    request,
  }) => {
    const { token, headers } = await signedInTrainerWithToken(page, request);
    const lima = await createStudent(request, token, { nome: 'Carlos Lima' });
    await createStudent(request, token, { nome: 'Carlos Souza' });
    await page.goto('/financeiro');
    await page.getByRole('button', { name: 'Consultor' }).click();
    const chat = page.getByRole('dialog', { name: 'Consultor Financeiro' });
    const box = chat.getByRole('textbox', { name: 'Mensagem' });

    await box.fill('Recebi 200 do Carlos');
    await box.press('Enter');
    await expect(chat.getByText(/^Encontrei 2 alunos com o nome Carlos: Carlos Lima, Carlos Souza\./)).toBeVisible();

    await box.fill('Recebi 200 do Carlos Lima');
    await box.press('Enter');
    await expect(chat.getByText("Pronto! Registrei a receita 'Mensalidade Carlos Lima' de R$ 200,00 (pix, hoje).")).toBeVisible();
    const month = todayInSaoPaulo().slice(0, 7);
    await expect
      .poll(async () => {
        const response = await request.get(`/api/transactions?month=${month}`, { headers });
        return ((await response.json()) as { items: Array<{ descricao: string; studentId: string | null }> }).items;
      })
      .toEqual([expect.objectContaining({ descricao: 'Mensalidade Carlos Lima', studentId: lima })]);
  });

  test("the month's history names who paid two payments of one plan, whole on a phone", async ({ page, request }, testInfo) => {
    const { token, headers } = await signedInTrainerWithToken(page, request);
    const day = todayInSaoPaulo();
    for (const nome of ['Ana Beatriz Figueiredo', 'Bruno Albuquerque']) {
      const studentId = await createStudent(request, token, { nome });
      const recorded = await request.post('/api/transactions', {
        data: {
          tipo: 'receita',
          valor: 320,
          data: day,
          descricao: 'Pagamento do plano Pacote 8 aulas',
          metodoPagamento: 'pix',
          studentId,
        },
        headers,
      });
      expect(recorded.status(), await recorded.text()).toBe(201);
    }
    await page.goto('/financeiro');
    const history = page.getByLabel('Histórico de transações').filter({ visible: true });
    for (const nome of ['Ana Beatriz Figueiredo', 'Bruno Albuquerque']) {
      const payer = history.getByText(nome, { exact: true });
      await expect(payer).toBeVisible();
      // Read whole: nothing of the name is hidden behind an ellipsis.
      expect(await payer.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    await expect(history.getByText('Pagamento do plano Pacote 8 aulas', { exact: true })).toHaveCount(2);
    await history.getByText('Bruno Albuquerque', { exact: true }).scrollIntoViewIfNeeded();
    await shot(page, 'financeiro-pagadores', testInfo.project.name);
  });

  test("a subscribed student's page shows the subscription's plan, not 'Sem plano'", async ({ page, request }) => {
    const { token, headers } = await signedInTrainerWithToken(page, request);
    await manualPixKey(request, headers);
    const plan = await request.post('/api/plans', {
      data: { nome: 'Mensal 8 aulas', valor: 400, creditos: 8, cobranca: { tipo: 'mensal', diaVencimento: 10 } },
      headers,
    });
    expect(plan.status(), await plan.text()).toBe(201);
    const { id: planId } = (await plan.json()) as { id: string };
    const studentId = await createStudent(request, token, { nome: 'Eva Nunes' });
    const subscribed = await request.post(`/api/students/${studentId}/subscription`, {
      data: { planId, inicio: todayInSaoPaulo() },
      headers,
    });
    expect(subscribed.status(), await subscribed.text()).toBe(201);
    // Read-your-writes: a read of the student's subscriptions after the command sees it.
    await request.get(`/api/subscriptions?studentId=${studentId}`, { headers });
    await page.goto(`/alunos/${studentId}`);
    await expect(page.getByText('Plano: Mensal 8 aulas (8 créditos)')).toBeVisible();
    await expect(page.getByText('Plano: Sem plano')).toHaveCount(0);
    // A plan of the student's own (a package) still shows as before.
    const pacote = await createPlan(request, token, { nome: 'Pacote 4 aulas', valor: 200, creditos: 4 });
    const bia = await createStudent(request, token, { nome: 'Bia Lima', planoId: pacote });
    await page.goto(`/alunos/${bia}`);
    await expect(page.getByText('Plano: Pacote 4 aulas (4 créditos)')).toBeVisible();
  });
});
