import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousFindings } from './support/axe';
import { populateTenant } from './support/populated';
import { settledWaiter } from './support/settled';
import { useScheme } from './support/shots';
import { studentAccountOf, studentSignedIn } from './support/students';
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
      for (const finding of await seriousFindings(page))
        found.push(`${path} [${scheme}] ${finding}`);
    }
  }
  return found;
}

/**
 * A trainer (signed in on `page` when given) whose tenant has every badge state and money value the
 * screens show (support/populated.ts): an engine run on empty screens misses the colours of a late
 * charge or a voided receita.
 */
async function populatedTrainer(request: APIRequestContext, page?: Page) {
  const trainer = page ? await signedInTrainer(page, request) : await signUpTrainer(request);
  const token = await apiToken(request, trainer);
  const seeded = await populateTenant(request, token);
  const me = (await (await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    tenantSlug: string;
  };
  return { token, ...seeded, tenantSlug: me.tenantSlug };
}

// Four tests rather than one walk: each is a fair share of a worker's time.
test("every screen of the trainer's agenda, students, plans and locations passes the engine in both schemes", async ({
  page,
  request,
}) => {
  const { studentIds } = await populatedTrainer(request, page);
  const found = await findingsOn(page, [
    '/',
    '/agenda',
    '/agenda?modo=dia',
    '/agenda?modo=mes',
    '/agenda?modo=ano',
    '/agenda/tarefas',
    '/alunos',
    '/alunos?inativos=1',
    '/alunos/novo',
    `/alunos/${studentIds.bruno}`,
    `/alunos/${studentIds.carla}`,
    `/alunos/${studentIds.diego}`,
    `/alunos/${studentIds.elisa}`,
    `/alunos/edit/${studentIds.bruno}`,
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
  await populatedTrainer(request, page);
  const found = await findingsOn(page, [
    '/financeiro',
    '/financeiro/cobrancas',
    '/financeiro/cobrancas?status=em_atraso',
    '/financeiro/cobrancas?status=paga',
    '/financeiro/cobrancas?status=cancelada',
    '/ajustes',
    '/ajustes/politicas',
    '/ajustes/politicas-info',
    '/ajustes/contratos-termos',
    '/ajustes/lembretes',
    '/ajustes/pix',
    '/ajustes/whatsapp',
    '/ajustes/duas-etapas',
    '/ajustes/configuracoes',
    '/link-publico',
    '/rota-que-nao-existe',
  ]);
  expect(found).toEqual([]);
});

test("the student's screens pass the engine in both schemes", async ({ request, browser }, testInfo) => {
  const { token, studentIds, tenantSlug } = await populatedTrainer(request);
  // Carla: few credits, a done session, a voided payment, a subscription and a pending charge.
  const student = await studentAccountOf(request, token, studentIds.carla, 'Carla Dias');
  const studentPage = await studentSignedIn(browser, testInfo, student);
  const found = await findingsOn(studentPage, ['/aluno', `/agenda/${tenantSlug}`]);
  await studentPage.context().close();
  expect(found).toEqual([]);
});

test('the public pages pass the engine in both schemes', async ({ page, request }) => {
  const { locationId, tenantSlug } = await populatedTrainer(request);
  const found = await findingsOn(page, ['/auth', `/p/${tenantSlug}`, `/p/${tenantSlug}/${locationId}`, '/convite/nao-existe']);
  expect(found).toEqual([]);
});
