import { expect, type Page, test } from '@playwright/test';
import { seriousFindings } from './support/axe';
import { trainerApi } from './support/catalogue';
import { settledWaiter } from './support/settled';
import { useScheme } from './support/shots';
import { apiToken, invitedStudentAccount, studentSignedIn } from './support/students';
import { signedInTrainer } from './support/trainer';

/**
 * Every screen passes an accessibility engine (axe-core) with no serious or critical finding — colour
 * contrast among them — in the light and the dark scheme, at both sizes.
 */

/** Opens each path, waits for its reads, and collects the engine's findings in both schemes. */
async function findingsOn(page: Page, paths: string[]): Promise<string[]> {
  const settled = settledWaiter(page);
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settled();
    await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
    for (const scheme of ['light', 'dark'] as const) {
      await useScheme(page, scheme);
      for (const finding of await seriousFindings(page)) found.push(`${path} [${scheme}] ${finding}`);
    }
  }
  return found;
}

test('every screen of the trainer, the public pages and the student passes the engine in both schemes', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const trainer = await signedInTrainer(page, request);
  const token = await apiToken(request, trainer);
  const catalogue = await trainerApi(request, trainer);
  const { id: planoId } = await catalogue.createPlan({ nome: 'Mensal 8', valor: 480, creditos: 8 });
  const { id: studentId } = await catalogue.createStudent({ nome: 'Bruno Lima', whatsapp: '11977776666', planoId });
  const { id: locationId } = await catalogue.createLocation({ nome: 'Studio Centro' });
  const me = (await (await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    tenantSlug: string;
  };

  const trainerScreens = await findingsOn(page, [
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

  const student = await invitedStudentAccount(request, token, 'Maria Clara Souza');
  // Something to pay, so the student's area shows 'Pagamentos pendentes' too.
  const headers = { authorization: `Bearer ${token}` };
  const pix = await request.put('/api/settings/pix', { data: { chave: 'ana@exemplo.com', nomeRecebedor: 'Ana', cidade: 'Recife' }, headers });
  expect(pix.ok(), await pix.text()).toBeTruthy();
  const charge = await request.post('/api/charges', { data: { studentId: student.studentId, planId: planoId }, headers });
  expect(charge.ok(), await charge.text()).toBeTruthy();
  const studentPage = await studentSignedIn(browser, testInfo, student);
  const studentScreens = await findingsOn(studentPage, ['/aluno', `/agenda/${me.tenantSlug}`]);
  await studentPage.context().close();

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  const publicScreens = await findingsOn(page, ['/auth', `/p/${me.tenantSlug}`, `/p/${me.tenantSlug}/${locationId}`, '/convite/nao-existe']);

  expect([...trainerScreens, ...studentScreens, ...publicScreens]).toEqual([]);
});
