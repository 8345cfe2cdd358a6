import { expect, type Locator, test } from '@playwright/test';
import { trainerApi } from './support/catalogue';
import { shot } from './support/shots';
import { apiToken, signedInTrainer } from './support/trainer';

const topOf = async (locator: Locator) => Math.round((await locator.boundingBox())!.y);

test('switching Dia, Semana, Mês and Ano moves nothing below the toolbar', async ({ page, request }, testInfo) => {
  await signedInTrainer(page, request, '/agenda?modo=dia&data=2030-05-15');
  const modes = page.getByRole('radiogroup', { name: 'Modo do calendário' });
  const search = page.getByRole('textbox', { name: 'Buscar' });
  await expect(page.getByRole('heading', { level: 2, name: /15 de maio de 2030/ })).toBeVisible();
  const where = { modes: await topOf(modes), search: await topOf(search) };
  for (const [mode, param] of [
    ['Semana', 'semana'],
    ['Mês', 'mes'],
    ['Ano', 'ano'],
    ['Dia', 'dia'],
  ] as const) {
    await modes.getByText(mode, { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`modo=${param}`));
    expect({ mode, modes: await topOf(modes), search: await topOf(search) }).toEqual({ mode, ...where });
  }
  await shot(page, 'agenda-toolbar-dia', testInfo.project.name);
});

test("the year view's months side by side have their titles and weeks in line", async ({ page, request }, testInfo) => {
  await signedInTrainer(page, request, '/agenda?modo=ano&data=2030-05-15');
  const months = page.getByRole('group', { name: / 2030$/ });
  await expect(months).toHaveCount(12);
  // Months that start on the same line of the grid: their titles and weekday letters on one line too.
  const rows = new Map<number, { month: string; title: number; weekdays: number }[]>();
  for (const month of await months.all()) {
    const top = await topOf(month);
    const title = month.getByRole('button').first();
    const line = {
      month: (await month.getAttribute('aria-label'))!,
      title: top - (await topOf(title)) + Math.round((await title.boundingBox())!.height),
      weekdays: (await topOf(month.getByText('D', { exact: true }))) - top,
    };
    rows.set(top, [...(rows.get(top) ?? []), line]);
  }
  expect(rows.size).toBeLessThan(12);
  for (const row of rows.values())
    for (const line of row) expect({ ...line, month: row[0].month }).toEqual(row[0]);
  await shot(page, 'agenda-year', testInfo.project.name);
});

test("'Links públicos' shows each link whole, a location's too", async ({ page, request }, testInfo) => {
  const trainer = await signedInTrainer(page, request, '/agenda');
  const { id: locationId, position } = await (await trainerApi(request, trainer)).createLocation({ nome: 'Academia Centro' });
  const token = await apiToken(request, trainer);
  // Read-your-writes: the list the agenda loads has the new location.
  await request.get('/api/locations', { headers: { authorization: `Bearer ${token}`, 'x-min-position': String(position) } });
  await page.reload();
  await page.getByRole('button', { name: 'Links públicos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Links públicos' });
  const link = dialog.locator('pre').filter({ hasText: locationId });
  await expect(link).toBeVisible();
  for (const code of await dialog.locator('pre').all())
    expect(await code.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'agenda-public-links', testInfo.project.name);
});
