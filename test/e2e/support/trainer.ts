import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { MAIL_CAPTURE_URL } from '../playwright.config';

export interface Trainer {
  nome: string;
  email: string;
  password: string;
}

/** A random CPF with valid check digits. */
export function validCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

export const ONBOARDING_ANSWERS = {
  alunos_ativos: '25',
  tipo_atendimento: 'Presencial e online',
  ticket_medio_mensal: 'R$ 350',
  formas_cobranca: 'pix, Cartão ,dinheiro',
  emite_recibo: 'sim',
  faturamento_mensal_medio: '8.750,00',
  tipo_planos: 'mensal e pacotes de 10 aulas',
  faz_desconto: 'não sei',
  tem_politica_cancelamento: 'S',
  objetivos: 'organizar finanças, aumentar faturamento',
  meta_faturamento_6meses: '12.000',
};

/** Signs a trainer up through the API (the UI sign-up has its own test). */
export async function signUpTrainer(request: APIRequestContext, nome = 'Ana Souza'): Promise<Trainer> {
  const trainer = { nome, email: `treinador-${randomUUID()}@vira.test`, password: 'segredo123' };
  const response = await request.post('/api/auth/signup', {
    data: {
      nome,
      cpf: validCpf(),
      dataNascimento: '1990-05-17',
      telefone: '11987654321',
      email: trainer.email,
      password: trainer.password,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return trainer;
}

/** An access token for a user (a trainer or a student with an account), for calling the API as them. */
export async function apiToken(request: APIRequestContext, user: Pick<Trainer, 'email' | 'password'>): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** Completes the onboarding through the API so the shell is not covered by its dialog. */
export async function completeOnboarding(request: APIRequestContext, trainer: Trainer): Promise<void> {
  const accessToken = await apiToken(request, trainer);
  const saved = await request.post('/api/onboarding', {
    data: { answers: ONBOARDING_ANSWERS },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  // Read-your-writes, as the SPA does after its own commands: the profile read model has caught up
  // before the trainer signs in elsewhere (here, the browser).
  const { position } = (await saved.json()) as { position: number };
  const me = await request.get('/api/me', {
    headers: { authorization: `Bearer ${accessToken}`, 'x-min-position': String(position) },
  });
  expect(me.headers()['x-stale']).toBeUndefined();
  expect(((await me.json()) as { onboardingRequired: boolean }).onboardingRequired).toBe(false);
}

export async function signInThroughTheForm(page: Page, trainer: Trainer): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('E-mail').fill(trainer.email);
  await page.getByLabel('Senha').fill(trainer.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  // .last(): an earlier sign-in's toast may still be closing.
  await expect(page.getByText('Login realizado com sucesso!').last()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * A signed-in trainer whose onboarding is done: the plain shell. Signed in through the page's own
 * request context, whose answer leaves the refresh cookie in the browser as the form's does (the form
 * itself is tested in auth.e2e.spec.ts): the app is loaded once, at `at` (the dashboard unless told;
 * each load of the app is a second of the browser's work).
 */
export async function signedInTrainer(page: Page, request: APIRequestContext, at = '/'): Promise<Trainer> {
  const trainer = await signUpTrainer(request);
  await completeOnboarding(page.request, trainer);
  await page.goto(at);
  if (at === '/') await expect(page.getByRole('heading', { name: `Olá, ${trainer.nome.split(' ')[0]}!` })).toBeVisible();
  // Signed in: not sent to /auth.
  else await expect(page).toHaveURL((url) => url.pathname + url.search === at);
  return trainer;
}

/** A signedInTrainer, with a token and its headers for setting things up through the API as them. */
export async function signedInTrainerWithToken(page: Page, request: APIRequestContext, at = '/') {
  const trainer = await signedInTrainer(page, request, at);
  const token = await apiToken(request, trainer);
  return { trainer, token, headers: { authorization: `Bearer ${token}` } };
}

/** The message with `subject` the app sent to `email`, as the SMTP capture server received it. */
export async function mailTo(
  request: APIRequestContext,
  email: string,
  subject: RegExp,
): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${MAIL_CAPTURE_URL}/messages?to=${encodeURIComponent(email)}`);
      const { items } = (await response.json()) as { items: Array<{ subject: string; text: string }> };
      found = items.find((mail) => subject.test(mail.subject));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

export function linkIn(text: string): string {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return new URL(match[0]).pathname + new URL(match[0]).search;
}

/** Sair lives in the sidebar on a desktop and in the menu drawer on a phone. */
export async function signOut(page: Page, isPhone: boolean): Promise<void> {
  if (isPhone) await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('button', { name: 'Sair' }).last().click();
  // .last(): an earlier sign-out's toast may still be closing; the URL tells this one worked.
  await expect(page.getByText('Logout realizado com sucesso').last()).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
}
