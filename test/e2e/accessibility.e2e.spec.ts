import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousFindings } from './support/axe';
import { trainerApi } from './support/catalogue';
import { settledWaiter } from './support/settled';
import { useScheme } from './support/shots';
import { invitedStudentAccount, studentSignedIn } from './support/students';
import { apiToken, signedInTrainer, signUpTrainer } from './support/trainer';

/**
 * Every screen passes an accessibility engine (axe-core) with no serious or critical finding — colour
 * contrast among them — in the light and the dark scheme, at both sizes.
 */

// A dozen screens, each loaded and checked twice: room for a busy machine.
test.describe.configure({ timeout: 180_000 });

/**
 * Opens each path, waits for its reads, and collects the engine's findings in both schemes. The
 * first path is loaded; the others are reached as the app's own links reach them (the router follows
 * the history), so the app and the engine are loaded once, not once per screen.
 */
async function findingsOn(page: Page, paths: string[]): Promise<string[]> {
  const settled = settledWaiter(page);
  const found: string[] = [];
  for (const [index, path] of paths.entries()) {
    if (index === 0) await page.goto(path);
    else
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    await expect(page).toHaveURL(path);
    await settled();
    await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
    for (const scheme of ['light', 'dark'] as const) {
      await useScheme(page, scheme);
      for (const finding of await seriousFindings(page)) found.push(`${path} [${scheme}] ${finding}`);
    }
  }
  return found;
}

/** A trainer (signed in on `page` when given) with a plan, a student on it and a location, through the API. */
async function trainerWithCatalogue(request: APIRequestContext, page?: Page) {
  const trainer = page ? await signedInTrainer(page, request) : await signUpTrainer(request);
  const token = await apiToken(request, trainer);
  const catalogue = await trainerApi(request, trainer);
  const { id: planoId } = await catalogue.createPlan({ nome: 'Mensal 8', valor: 480, creditos: 8 });
  const { id: studentId } = await catalogue.createStudent({ nome: 'Bruno Lima', whatsapp: '11977776666', planoId });
  const { id: locationId } = await catalogue.createLocation({ nome: 'Studio Centro' });
  const me = (await (await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    tenantSlug: string;
  };
  return { token, planoId, studentId, locationId, tenantSlug: me.tenantSlug };
}

// Four tests rather than one walk: each is a fair share of a worker's time.
test("every screen of the trainer's agenda, students, plans and locations passes the engine in both schemes", async ({
  page,
  request,
}) => {
  const { studentId } = await trainerWithCatalogue(request, page);
  const found = await findingsOn(page, [
    '/',
    '/agenda',
    '/agenda?modo=mes',
    '/agenda/tarefas',
    '/alunos',
    '/alunos/novo',
    `/alunos/${studentId}`,
    `/alunos/edit/${studentId}`,
    '/planos',
    '/planos/novo',
    '/locais',
    '/locais/novo',
  ]);
  expect(found).toEqual([]);
});

test("every screen of the trainer's finance and settings (and the 404) passes the engine in both schemes", async ({
  page,
  request,
}) => {
  await trainerWithCatalogue(request, page);
  const found = await findingsOn(page, [
    '/financeiro',
    '/financeiro/cobrancas',
    '/ajustes',
    '/ajustes/politicas',
    '/ajustes/politicas-info',
    '/ajustes/contratos-termos',
    '/ajustes/lembretes',
    '/ajustes/pix',
    '/ajustes/duas-etapas',
    '/ajustes/configuracoes',
    '/link-publico',
    '/rota-que-nao-existe',
  ]);
  expect(found).toEqual([]);
});

test("the student's screens pass the engine in both schemes", async ({ request, browser }, testInfo) => {
  const { token, planoId, tenantSlug } = await trainerWithCatalogue(request);
  const student = await invitedStudentAccount(request, token, 'Maria Clara Souza');
  // Something to pay, so the student's area shows 'Pagamentos pendentes' too.
  const headers = { authorization: `Bearer ${token}` };
  const pix = await request.put('/api/settings/pix', { data: { chave: 'ana@exemplo.com', nomeRecebedor: 'Ana', cidade: 'Recife' }, headers });
  expect(pix.ok(), await pix.text()).toBeTruthy();
  const charge = await request.post('/api/charges', { data: { studentId: student.studentId, planId: planoId }, headers });
  expect(charge.ok(), await charge.text()).toBeTruthy();
  const studentPage = await studentSignedIn(browser, testInfo, student);
  const found = await findingsOn(studentPage, ['/aluno', `/agenda/${tenantSlug}`]);
  await studentPage.context().close();
  expect(found).toEqual([]);
});

test('the public pages pass the engine in both schemes', async ({ page, request }) => {
  const { locationId, tenantSlug } = await trainerWithCatalogue(request);
  const found = await findingsOn(page, ['/auth', `/p/${tenantSlug}`, `/p/${tenantSlug}/${locationId}`, '/convite/nao-existe']);
  expect(found).toEqual([]);
});
