import { expect, test } from '@playwright/test';
import { shot } from './support/shots';
import { signedInTrainer } from './support/trainer';


test.describe("the 'Consultor Financeiro'", () => {
  test('records a payment from a message, says how much to save, streams an answer, keeps the conversation until cleared', async ({
    page,
    request,
  }, testInfo) => {
    await signedInTrainer(page, request, '/financeiro');
    await page.getByRole('button', { name: 'Consultor' }).click();
    const chat = page.getByRole('dialog', { name: 'Consultor Financeiro' });
    await expect(chat.getByText(/^Olá! Sou seu Consultor Financeiro/)).toBeVisible();
    const box = chat.getByRole('textbox', { name: 'Mensagem' });
    const send = chat.getByRole('button', { name: 'Enviar' });
    await expect(send).toBeDisabled();

    // A local shortcut: the receita is recorded (pix, today) and shows in the month's history.
    await box.fill('Recebi R$ 150 da Ana Souza');
    await box.press('Enter');
    await expect(chat.getByText("Pronto! Registrei a receita 'Mensalidade Ana Souza' de R$ 150,00 (pix, hoje).")).toBeVisible();
    await expect(page.getByText('Mensalidade Ana Souza').filter({ visible: true }).first()).toBeVisible();

    // The other shortcut: 20% of what the month received.
    await box.fill('Quanto devo guardar?');
    await send.click();
    await expect(chat.getByText('Sugiro guardar R$ 30,00 este mês: 20% dos R$ 150,00 recebidos.')).toBeVisible();

    // Anything else streams from the built-in advisor, from the tenant's own figures.
    await box.fill('Quanto falta para a meta?');
    await box.press('Enter');
    await expect(chat.getByText(/^Faltam R\$\s9\.850,00 para a meta de R\$\s10\.000,00/)).toBeVisible();
    await expect(send).toBeDisabled();
    await shot(page, 'advisor', testInfo.project.name);

    await chat.getByRole('button', { name: 'Expandir' }).click();
    await expect(chat).toHaveAttribute('data-expanded', 'true');
    await chat.getByRole('button', { name: 'Recolher' }).click();

    // Closing keeps the conversation; clearing goes back to the greeting.
    await chat.getByRole('button', { name: 'Fechar' }).click();
    await expect(chat).toBeHidden();
    await page.getByRole('button', { name: 'Consultor' }).click();
    await expect(chat.getByText(/^Faltam R\$\s9\.850,00/)).toBeVisible();
    await chat.getByRole('button', { name: 'Limpar conversa' }).click();
    await expect(chat.getByText(/^Faltam/)).toHaveCount(0);
    await expect(chat.getByText(/^Olá! Sou seu Consultor Financeiro/)).toBeVisible();
  });

  test("a refused message comes back to the box and 'Erro no chat' says why", async ({ page, request }) => {
    await signedInTrainer(page, request, '/financeiro');
    await page.getByRole('button', { name: 'Consultor' }).click();
    const chat = page.getByRole('dialog', { name: 'Consultor Financeiro' });
    const box = chat.getByRole('textbox', { name: 'Mensagem' });
    // The advisor's route answers 503 once, as it would with the database away.
    await page.route('**/api/advisor/chat', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, code: 'service_unavailable', message: 'Serviço temporariamente indisponível. Tente novamente em instantes.' }),
      }),
      { times: 1 },
    );
    await box.fill('Qual foi meu melhor mês?');
    await box.press('Enter');
    await expect(page.getByText('Erro no chat')).toBeVisible();
    await expect(box).toHaveValue('Qual foi meu melhor mês?');
    await expect(chat.getByRole('log').getByText('Qual foi meu melhor mês?', { exact: true })).toHaveCount(0);

    await box.press('Enter');
    await expect(chat.getByText(/^Ainda não há meses com recebimentos para comparar\./)).toBeVisible();
  });
});
