import { expect, test } from '@playwright/test';
import { trainerApi } from './support/catalogue';
import { shot } from './support/shots';
import { signedInTrainer } from './support/trainer';

test.describe('locations', () => {
  test('creates a location from its CEP, then edits it in the same fields and removes it', async ({ page, request }, testInfo) => {
    await signedInTrainer(page, request, '/locais');
    await expect(page.getByText('Nenhum local cadastrado')).toBeVisible();

    await page.getByRole('link', { name: 'Novo Local' }).click();
    await expect(page).toHaveURL(/\/locais\/novo$/);
    await page.getByLabel('Nome do local').fill('Studio Paulista');
    await page.getByLabel('CEP').fill('01310100');
    await expect(page.getByLabel('CEP')).toHaveValue('01310-100');
    await page.getByLabel('CEP').press('Tab');
    await expect(page.getByText('✅ Endereço preenchido')).toBeVisible();
    await expect(page.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
    await expect(page.getByLabel('Bairro')).toHaveValue('Bela Vista');
    await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo');
    await expect(page.getByLabel('UF')).toHaveValue('SP');
    await page.getByLabel('Número').fill('1000');
    await page.getByLabel('Complemento').fill('Sala 2');
    await page.getByRole('button', { name: 'Cadastrar Local' }).click();

    await expect(page.getByText('Local criado')).toBeVisible();
    await expect(page).toHaveURL(/\/locais$/);
    const card = page.getByRole('article', { name: 'Studio Paulista' });
    await expect(card).toContainText('Ativo');
    await expect(card).toContainText('Avenida Paulista, 1000, Sala 2, Bela Vista, São Paulo - SP');
    await expect(card).toContainText('CEP 01310-100');

    await card.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar local' });
    // The address as it was given, in the same fields.
    await expect(dialog.getByLabel('CEP')).toHaveValue('01310-100');
    await expect(dialog.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
    await expect(dialog.getByLabel('Número')).toHaveValue('1000');
    await expect(dialog.getByLabel('Complemento')).toHaveValue('Sala 2');
    await expect(dialog.getByLabel('UF')).toHaveValue('SP');
    await shot(page, 'location-edit', testInfo.project.name);
    await dialog.getByLabel('Número').fill('1500');
    await dialog.getByLabel('Nome do local').fill('Studio Paulista II');
    await dialog.getByRole('switch', { name: 'Local ativo' }).uncheck({ force: true });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Local atualizado')).toBeVisible();
    const renamed = page.getByRole('article', { name: 'Studio Paulista II' });
    await expect(renamed).toContainText('Inativo');
    await expect(renamed).toContainText('Avenida Paulista, 1500, Sala 2, Bela Vista, São Paulo - SP');

    await renamed.getByRole('button', { name: 'Remover' }).click();
    await page.getByRole('dialog', { name: 'Remover local' }).getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Local removido')).toBeVisible();
    await expect(page.getByText('Nenhum local cadastrado')).toBeVisible();
  });

  test("an unknown CEP says 'CEP não encontrado' and fills nothing", async ({ page, request }) => {
    await signedInTrainer(page, request, '/locais/novo');
    await page.getByLabel('CEP').fill('99999-999');
    await page.getByLabel('CEP').press('Tab');
    await expect(page.getByText('CEP não encontrado')).toBeVisible();
    await expect(page.getByLabel('Logradouro')).toHaveValue('');
    await page.getByLabel('UF').fill('rj');
    await expect(page.getByLabel('UF')).toHaveValue('RJ');
  });

  test('a location created in another browser shows up without reloading', async ({ page, request, browser }, testInfo) => {
    const trainer = await signedInTrainer(page, request, '/locais');
    await expect(page.getByText('Nenhum local cadastrado')).toBeVisible();

    const elsewhere = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      await (await trainerApi(elsewhere.request, trainer)).createLocation({ nome: 'Parque Ibirapuera', endereco: 'Av. Pedro Álvares Cabral, São Paulo - SP' });
    } finally {
      await elsewhere.close();
    }
    const card = page.getByRole('article', { name: 'Parque Ibirapuera' });
    await expect(card).toContainText('Av. Pedro Álvares Cabral, São Paulo - SP');
    await expect(page.getByText('1 local', { exact: true })).toBeVisible();
  });
});
