import { expect, test } from '@playwright/test';
import { trainerApi } from './support/catalogue';
import { signedInTrainer } from './support/trainer';

test.describe('cancellation policies and general terms', () => {
  test("edits a location's policy and shows it on /ajustes/politicas", async ({ page, request }) => {
    const trainer = await signedInTrainer(page, request);
    const { id } = await (await trainerApi(request, trainer)).createLocation({ nome: 'Studio Centro' });
    await page.goto('/ajustes/politicas');
    const card = page.getByRole('article', { name: 'Studio Centro' });
    await expect(card).toContainText('24 horas antes');
    await expect(card).toContainText('Sem taxa');
    await expect(card).toContainText('Devolvido ao aluno');
    await expect(page.getByText(/tolerância de até 10 minutos de atraso/)).toBeVisible();

    await card.getByRole('link', { name: 'Editar política' }).click();
    await expect(page).toHaveURL(new RegExp(`/ajustes/politicas/edit\\?local=${id}$`));
    await expect(page.getByLabel('Local')).toHaveValue(id);
    const limit = page.getByLabel('Prazo para cancelar sem custo (horas)');
    await expect(limit).toHaveValue('24');
    await limit.fill('12');
    await page.getByLabel('Taxa de cancelamento fora do prazo (%)').fill('50');
    await page.getByRole('switch', { name: 'Consumir o crédito em cancelamento fora do prazo' }).check({ force: true });
    await expect(
      page.getByText('Se cancelar depois desse prazo, paga uma taxa de 50% do valor da sessão e perde o crédito da sessão.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Salvar' }).click();

    await expect(page.getByText('Política atualizada')).toBeVisible();
    await expect(page).toHaveURL(/\/ajustes\/politicas$/);
    await expect(card).toContainText('12 horas antes');
    await expect(card.getByText('50%', { exact: true })).toBeVisible();
    await expect(card).toContainText('Consumido');
  });

  test('points to /locais when there is no location yet', async ({ page, request }) => {
    await signedInTrainer(page, request, '/ajustes/politicas');
    await expect(page.getByText('Nenhum local cadastrado')).toBeVisible();
    await page.getByRole('link', { name: 'Ir para Locais' }).click();
    await expect(page).toHaveURL(/\/locais$/);
  });

  test('a policy changed in another browser shows up without reloading', async ({ page, request, browser }, testInfo) => {
    const trainer = await signedInTrainer(page, request);
    const { id } = await (await trainerApi(request, trainer)).createLocation({ nome: 'Studio Sul' });
    await page.goto('/ajustes/politicas');
    const card = page.getByRole('article', { name: 'Studio Sul' });
    await expect(card).toContainText('24 horas antes');

    const elsewhere = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      await (await trainerApi(elsewhere.request, trainer)).setPolicy(id, { cancelLimiteHoras: 6, taxaPercent: 0, queimaCredito: true });
    } finally {
      await elsewhere.close();
    }
    await expect(card).toContainText('6 horas antes');
    await expect(card).toContainText('Consumido');
  });

  test('/ajustes/politicas-info shows the general terms', async ({ page, request }) => {
    await signedInTrainer(page, request, '/ajustes/politicas-info');
    await expect(page.getByRole('heading', { name: 'Políticas e Termos Gerais' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'Termos de uso',
      'Privacidade (LGPD)',
      'Cancelamento e reagendamento',
      'Pagamento e reembolso',
      'Responsabilidades',
    ]);
    await expect(page.getByText('Última atualização: janeiro de 2025').first()).toBeVisible();
    await page.getByRole('link', { name: 'Pagamento e reembolso' }).click();
    await expect(page.getByRole('heading', { name: 'Pagamento e reembolso' })).toBeInViewport();
  });
});
