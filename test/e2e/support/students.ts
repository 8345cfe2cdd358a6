import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

/** POSTs `data` to `collection` as the token's user and waits for the new item to be readable; its id. */
async function createReadable(request: APIRequestContext, token: string, collection: string, data: object): Promise<string> {
  const created = await request.post(collection, { data, headers: { authorization: `Bearer ${token}` } });
  expect(created.status(), await created.text()).toBe(201);
  const { id, position } = (await created.json()) as { id: string; position: number };
  const read = await request.get(`${collection}/${id}`, {
    headers: { authorization: `Bearer ${token}`, 'x-min-position': String(position) },
  });
  expect(read.status()).toBe(200);
  return id;
}

/** Creates a plan through the API (the plans screens are another area's) and waits for it to be readable. */
export const createPlan = (request: APIRequestContext, token: string, plan: { nome: string; valor: number; creditos: number }) =>
  createReadable(request, token, '/api/plans', plan);

/** Creates a student through the API and waits for the read model. */
export const createStudent = (
  request: APIRequestContext,
  token: string,
  student: { nome: string; whatsapp?: string; planoId?: string },
) => createReadable(request, token, '/api/students', student);

/** A second browser with this project's viewport, touch, locale and zone (another device of a user). */
export async function newDevice(browser: Browser, testInfo: TestInfo): Promise<BrowserContext> {
  const { baseURL, viewport, hasTouch, isMobile, locale, timezoneId } = testInfo.project.use;
  return browser.newContext({ baseURL, viewport, hasTouch, isMobile, locale, timezoneId });
}

/** The card of a student in /alunos. */
export const studentCard = (page: Page, nome: string) => page.getByRole('article', { name: nome });

export interface StudentAccount {
  studentId: string;
  email: string;
  password: string;
}

/**
 * A student of the trainer with an account of their own, made through the API (the invite screens
 * have their own test); `accepting` adds to what the student fills in to accept (a CPF).
 */
export async function invitedStudentAccount(
  request: APIRequestContext,
  token: string,
  nome: string,
  accepting: { cpf?: string } = {},
): Promise<StudentAccount> {
  const studentId = await createStudent(request, token, { nome, whatsapp: '11988887777' });
  return studentAccountOf(request, token, studentId, nome, accepting);
}

/** An account for a student the trainer already has, made through an invite as the student would. */
export async function studentAccountOf(
  request: APIRequestContext,
  token: string,
  studentId: string,
  nome: string,
  accepting: { cpf?: string } = {},
): Promise<StudentAccount> {
  const invite = await request.post('/api/invites', { data: { studentId }, headers: { authorization: `Bearer ${token}` } });
  expect(invite.status(), await invite.text()).toBe(201);
  const account = { studentId, email: `aluna-${randomUUID()}@vira.test`, password: 'treino123' };
  const { token: inviteToken } = (await invite.json()) as { token: string };
  const accepted = await request.post(`/api/invites/${inviteToken}/accept`, {
    data: { nome, ...accepting, email: account.email, password: account.password },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  return account;
}

/** The student's own device, signed in through the form, on /aluno. */
export async function studentSignedIn(browser: Browser, testInfo: TestInfo, student: StudentAccount): Promise<Page> {
  const device = await newDevice(browser, testInfo);
  const page = await device.newPage();
  await page.goto('/auth');
  await page.getByLabel('E-mail').fill(student.email);
  await page.getByLabel('Senha').fill(student.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/aluno$/);
  return page;
}
