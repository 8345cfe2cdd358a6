import { expect, test } from '@playwright/test';
import { trainerApi } from './support/catalogue';
import { studentCard } from './support/students';
import { signedInTrainer } from './support/trainer';

test.describe('plans', () => {
  test('Ajustes → Planos → Alunos: the students, a student and its edit form open, also after a reload', async ({
    page,
    request,
  }) => {
    const trainer = await signedInTrainer(page, request);
    const catalogue = await trainerApi(request, trainer);
    const { id: planoId } = await catalogue.createPlan({ nome: 'Mensal 8', valor: 480, creditos: 8 });
    await catalogue.createStudent({ nome: 'Bruno Lima', whatsapp: '11977776666', planoId });
    // Through the app's own links: the plans list and the students' screens share one cache.
    const nav = (name: string) => page.getByRole('link', { name, exact: true }).last();
    await page.goto('/');
    await nav('Ajustes').click();
    await page.getByRole('link', { name: /^Planos/ }).click();
    await expect(page.getByRole('article', { name: 'Mensal 8' })).toBeVisible();
    await nav('Alunos').click();
    const card = studentCard(page, 'Bruno Lima');
    await expect(card.getByText('Mensal 8')).toBeVisible();
    await card.getByRole('link', { name: 'Bruno Lima' }).click();
    await expect(page.getByRole('heading', { name: 'Bruno Lima' })).toBeVisible();
    await page.getByRole('link', { name: 'Editar' }).click();
    await expect(page).toHaveURL(/\/alunos\/edit\//);
    await expect(page.getByRole('combobox', { name: 'Plano' })).toHaveValue(/Mensal 8/);
    // What the device saved comes back on a reload, and still reads right.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Plano' })).toHaveValue(/Mensal 8/);
    await page.goto('/alunos');
    await expect(studentCard(page, 'Bruno Lima').getByText('Mensal 8')).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  });

  test('creates a plan with its value per credit, then edits it', async ({ page, request }) => {
    await signedInTrainer(page, request, '/planos');
    await expect(page.getByText('Nenhum plano cadastrado')).toBeVisible();

    await page.getByRole('link', { name: 'Novo Plano' }).click();
    await expect(page).toHaveURL(/\/planos\/novo$/);
    await page.getByLabel('Nome do plano').fill('Mensal 2x por semana');
    await page.getByLabel('Descrição').fill('Terças e quintas, 8 aulas por mês');
    await page.getByRole('textbox', { name: 'Valor', exact: true }).fill('1.234,56');
    await page.getByLabel('Créditos').fill('8');
    await expect(page.getByText('Valor por crédito: R$ 154,32')).toBeVisible();
    await page.getByRole('button', { name: 'Cadastrar Plano' }).click();

    await expect(page.getByText('Plano criado')).toBeVisible();
    await expect(page).toHaveURL(/\/planos$/);
    await expect(page.getByText('1 plano', { exact: true })).toBeVisible();
    const card = page.getByRole('article', { name: 'Mensal 2x por semana' });
    await expect(card).toContainText('R$ 1.234,56');
    await expect(card).toContainText('8 créditos · R$ 154,32 por crédito');
    await expect(card).toContainText('Terças e quintas, 8 aulas por mês');

    await card.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar plano' });
    await expect(dialog.getByRole('textbox', { name: 'Valor', exact: true })).toHaveValue('1.234,56');
    await dialog.getByRole('textbox', { name: 'Valor', exact: true }).fill('1200');
    await dialog.getByLabel('Créditos').fill('10');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Plano atualizado')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('R$ 1.200,00');
    await expect(card).toContainText('10 créditos · R$ 120,00 por crédito');
  });

  test('archives and restores a plan, and removes one nobody has', async ({ page, request }) => {
    const trainer = await signedInTrainer(page, request);
    await (await trainerApi(request, trainer)).createPlan({ nome: 'Pacote 10 aulas', valor: 900, creditos: 10 });
    await page.goto('/planos');
    const card = page.getByRole('article', { name: 'Pacote 10 aulas' });
    await expect(card).toContainText('R$ 90,00 por crédito');

    await card.getByRole('button', { name: 'Arquivar' }).click();
    await expect(page.getByText('Plano arquivado')).toBeVisible();
    const archived = page.getByRole('region', { name: 'Arquivados' });
    await expect(archived.getByRole('article', { name: 'Pacote 10 aulas' })).toBeVisible();
    await expect(page.getByText('0 planos', { exact: true })).toBeVisible();
    await expect(page.getByText('Nenhum plano cadastrado')).toBeVisible();

    await archived.getByRole('button', { name: 'Restaurar' }).click();
    await expect(page.getByText('Plano restaurado')).toBeVisible();
    await expect(archived).toBeHidden();
    await expect(page.getByText('1 plano', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: 'Remover' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remover plano' });
    await expect(dialog).toContainText('Remover o plano Pacote 10 aulas?');
    await dialog.getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Plano removido')).toBeVisible();
    await expect(card).toBeHidden();
    await expect(page.getByText('Nenhum plano cadastrado')).toBeVisible();
  });

  test("a plan a student has cannot be removed: the API's message, then 'Arquivar'", async ({ page, request }) => {
    const trainer = await signedInTrainer(page, request);
    const api = await trainerApi(request, trainer);
    const { id } = await api.createPlan({ nome: 'Mensal 3x', valor: 480, creditos: 12 });
    await api.createStudent({ nome: 'Bruno Lima', whatsapp: '11987654321', planoId: id });
    await page.goto('/planos');

    await page.getByRole('article', { name: 'Mensal 3x' }).getByRole('button', { name: 'Remover' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remover plano' });
    await dialog.getByRole('button', { name: 'Remover' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Não foi possível remover');
    await expect(dialog.getByRole('button', { name: 'Remover' })).toBeHidden();
    await dialog.getByRole('button', { name: 'Arquivar' }).click();
    await expect(page.getByText('Plano arquivado')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Arquivados' }).getByRole('article', { name: 'Mensal 3x' })).toBeVisible();
  });

  test('says what is wrong before sending, with the API rules', async ({ page, request }) => {
    await signedInTrainer(page, request, '/planos/novo');
    await page.getByLabel('Nome do plano').fill('A');
    await page.getByRole('button', { name: 'Cadastrar Plano' }).click();
    await expect(page.getByText('Nome deve ter pelo menos 2 caracteres')).toBeVisible();
    await expect(page.getByText('Valor deve ser maior que zero')).toBeVisible();
    await expect(page.getByText('Créditos deve ser um número positivo')).toBeVisible();
    await expect(page).toHaveURL(/\/planos\/novo$/);
  });

  test('a plan created in another browser shows up without reloading', async ({ page, request, browser }, testInfo) => {
    const trainer = await signedInTrainer(page, request, '/planos');
    await expect(page.getByText('Nenhum plano cadastrado')).toBeVisible();

    const elsewhere = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      await (await trainerApi(elsewhere.request, trainer)).createPlan({ nome: 'Plano da outra aba', valor: 500, creditos: 4 });
    } finally {
      await elsewhere.close();
    }
    await expect(page.getByRole('article', { name: 'Plano da outra aba' })).toContainText('R$ 125,00 por crédito');
    await expect(page.getByText('1 plano', { exact: true })).toBeVisible();
  });

  test('a change made before the live connection is up still shows once it connects', async ({ page, request }) => {
    const trainer = await signedInTrainer(page, request);
    // Hold the live connection back while the list loads and a change lands elsewhere.
    let release!: () => void;
    const connectionHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/socket.io/**', async (route) => {
      await connectionHeld;
      await route.continue();
    });
    await page.goto('/planos');
    await expect(page.getByText('Nenhum plano cadastrado')).toBeVisible();

    const api = await trainerApi(request, trainer);
    await api.createPlan({ nome: 'Plano feito antes da conexão', valor: 300, creditos: 6 });
    await expect.poll(() => api.planNames()).toContain('Plano feito antes da conexão');
    await expect(page.getByText('Nenhum plano cadastrado')).toBeVisible();

    release();
    await expect(page.getByRole('article', { name: 'Plano feito antes da conexão' })).toBeVisible();
  });
});
