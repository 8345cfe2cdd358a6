import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** Today in São Paulo, as yyyy-mm-dd. */
export const todayInSaoPaulo = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/**
 * A due day within the worker's five days ahead that every month has (up to the 28th): a monthly
 * plan due on it has its cycle issued at once. Answers today and that day, as yyyy-mm-dd.
 */
export function dueDayIssuedNow(): { today: string; due: string } {
  const today = todayInSaoPaulo();
  const due = [0, 1, 2, 3, 4, 5]
    .map((days) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10))
    .find((day) => Number(day.slice(8)) <= 28) as string;
  return { today, due };
}

/** The trainer's PIX key on 'manual' (the static BR Code). */
export async function manualPixKey(request: APIRequestContext, headers: Record<string, string>): Promise<void> {
  const pix = await request.put('/api/settings/pix', {
    data: { chave: '529.982.247-25', nomeRecebedor: 'Ana Souza Personal', cidade: 'São Paulo' },
    headers,
  });
  expect(pix.ok(), await pix.text()).toBeTruthy();
}

/** Creates a plan billed every month on `diaVencimento` through the API. */
export async function createMonthlyPlan(
  request: APIRequestContext,
  headers: Record<string, string>,
  plan: { nome: string; valor: number; creditos: number; diaVencimento: number },
): Promise<void> {
  const { diaVencimento, ...fields } = plan;
  const created = await request.post('/api/plans', { data: { ...fields, cobranca: { tipo: 'mensal', diaVencimento } }, headers });
  expect(created.status(), await created.text()).toBe(201);
}

/** On the student's page, 'Assinar plano mensal' with `plan` chosen: the section, for the rest of the form. */
export async function subscriptionForm(page: Page, studentId: string, plan: RegExp): Promise<Locator> {
  await page.goto(`/alunos/${studentId}`);
  const section = page.getByRole('region', { name: 'Cobrança mensal' });
  await section.getByRole('button', { name: 'Assinar plano mensal' }).click();
  await section.getByRole('combobox', { name: 'Plano mensal' }).click();
  await page.getByRole('option', { name: plan }).click();
  return section;
}
