import { expect, type Page, test } from '@playwright/test';
import { seededRandom } from '../support/seeded-random';
import { populateTenant } from './support/populated';
import { trainerApi } from './support/catalogue';
import { settledWaiter } from './support/settled';
import { invitedStudentAccount, studentSignedIn } from './support/students';
import { apiToken, signedInTrainer, signUpTrainer } from './support/trainer';

/**
 * A person who clicks around without a plan: a seeded random walk over the app's own links and
 * buttons (sidebar, bottom bar, quick menu, cards, dialogs, back), curious (it prefers what it has
 * not seen), 150 steps for a trainer and 100 for a student at each size. Any 'Unexpected
 * Application Error!' fails the test and prints the steps that led there, which replay exactly
 * with the same seed (WANDER_SEED=... to try another).
 */

/**
 * The student's area is two screens: 100 curious steps click as many of its controls as 200
 * uniform ones did.
 */
const TRAINER_STEPS = Number(process.env.WANDER_STEPS ?? 150);
const STUDENT_STEPS = Number(process.env.WANDER_STEPS ?? 100);
const SEED = Number(process.env.WANDER_SEED ?? 0x5eed);
const CRASH = 'Unexpected Application Error!';

/** Things a wanderer must not do: leave the app, end the session, download, print. */
const AVOID = /^(Sair|Excluir conta|Encerrar conta|Baixar|Exportar|Imprimir|Compartilhar)/i;

interface Look {
  crashed: boolean;
  dialogOpen: boolean;
  /** The labels of the app's own links and buttons a person can click now; `[data-wander="i"]` marks the i-th. */
  labels: string[];
  /** Where the i-th leads, when it is a link (its path); '' for a button. */
  targets: string[];
}

/**
 * One look at the page: whether it shows the crash, and the visible, enabled links and buttons of the
 * app itself (inside an open dialog when there is one) that nothing covers (a toast, an open menu), in
 * one round trip. An element off screen stays a candidate: a click scrolls it into view first.
 */
function look(page: Page): Promise<Look> {
  return page.evaluate(
    ({ crash, avoid }) => {
      const visible = (element: Element) => {
        const box = element.getBoundingClientRect();
        return (
          box.width > 0 && box.height > 0 && element.checkVisibility({ visibilityProperty: true })
        );
      };
      const dialogs = [...document.querySelectorAll('[role="dialog"]')].filter(visible);
      const scope = dialogs.at(-1) ?? document.body;
      for (const marked of document.querySelectorAll('[data-wander]'))
        marked.removeAttribute('data-wander');
      const labels: string[] = [];
      const targets: string[] = [];
      for (const element of scope.querySelectorAll(
        'a[href^="/"], button:not([disabled]), [role="tab"], [role="menuitem"]',
      )) {
        if (!visible(element)) continue;
        if (
          element instanceof HTMLAnchorElement &&
          (element.target === '_blank' || element.hasAttribute('download'))
        )
          continue;
        const label = (element.getAttribute('aria-label') ?? element.textContent ?? '')
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 60);
        if (!label || new RegExp(avoid, 'i').test(label)) continue;
        const box = element.getBoundingClientRect();
        const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
        if (x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight) {
          const hit = document.elementFromPoint(x, y);
          if (!hit || !(element === hit || element.contains(hit))) continue;
        }
        element.setAttribute('data-wander', String(labels.length));
        labels.push(label);
        targets.push(element instanceof HTMLAnchorElement ? element.pathname : '');
      }
      return {
        crashed: document.body.innerText.includes(crash),
        dialogOpen: dialogs.length > 0,
        labels,
        targets,
      };
    },
    { crash: CRASH, avoid: AVOID.source },
  );
}

/** A screen as the walk counts it: its path, any id in it as `:id`. */
const screenOf = (pathname: string) => pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id');

/**
 * A curious walker: most steps (85 %) prefer a link to a screen not seen yet, then a control not
 * clicked yet on this screen; the rest pick among everything. Against a uniform choice it reached
 * 18-20 screens and 115-117 distinct controls of the trainer's in 150 steps, where 200 uniform
 * steps reached 13-16 and 98-114.
 */
function curiousChoice(
  random: () => number,
  { labels, targets }: Look,
  here: string,
  seen: { screens: Set<string>; clicked: Set<string>; followed: Set<string> },
): number {
  const all = labels.map((_, index) => index);
  const newScreen = all.filter(
    (index) =>
      targets[index] &&
      !seen.screens.has(screenOf(targets[index])) &&
      !seen.followed.has(targets[index]),
  );
  const notClicked = all.filter((index) => !seen.clicked.has(`${here} ${labels[index]}`));
  const pool =
    random() < 0.85 ? [newScreen, notClicked, all].find((tier) => tier.length > 0)! : all;
  return pool[Math.floor(random() * pool.length)];
}

async function wander(page: Page, start: string, seed: number, steps: number): Promise<void> {
  const random = seededRandom(seed);
  const settled = settledWaiter(page);
  const path: string[] = [`${start} (semente ${seed})`];
  await page.goto(start);
  await settled();
  const app = new URL(page.url()).origin;
  // A link followed is not tried again as new, even when it led elsewhere (a redirect).
  const seen = {
    screens: new Set<string>(),
    clicked: new Set<string>(),
    followed: new Set<string>(),
  };
  for (let step = 1; ; step++) {
    const here = screenOf(new URL(page.url()).pathname);
    seen.screens.add(here);
    // What the previous step led to, and what this one can click.
    // (A navigation the last step started may replace the page under the first look.)
    const view = await look(page).catch(() => look(page));
    if (view.crashed) {
      throw new Error(
        `'${CRASH}' depois de:\n${path.slice(-25).join('\n')}\n${await page.locator('code').first().textContent()}`,
      );
    }
    if (step > steps) return;
    const roll = random();
    if (view.labels.length === 0 || roll < 0.06) {
      path.push(`${step}. voltar`);
      await page.goBack().catch(() => undefined);
    } else if (roll < 0.1 && view.dialogOpen) {
      path.push(`${step}. Esc`);
      await page.keyboard.press('Escape');
    } else {
      const choice = curiousChoice(random, view, here, seen);
      path.push(`${step}. ${view.labels[choice]} (${new URL(page.url()).pathname})`);
      seen.clicked.add(`${here} ${view.labels[choice]}`);
      if (view.targets[choice]) seen.followed.add(view.targets[choice]);
      await page
        .locator(`[data-wander="${choice}"]`)
        .click({ timeout: 1_000 })
        .catch(() => undefined);
    }
    await settled();
    // Leaving the app (a link to another site, a file, back past its first page to about:blank): back into it.
    if (!page.url().startsWith(app)) await page.goto(start);
  }
}

test('a trainer clicking around at random never meets an application error', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const trainer = await signedInTrainer(page, request);
  // Every kind of data on every screen: students active and inactive, sessions in every status,
  // receitas, a despesa and a voided one, charges in every status, a subscription.
  await populateTenant(request, await apiToken(request, trainer));
  await wander(page, '/', SEED + (testInfo.project.name === 'phone' ? 1 : 0), TRAINER_STEPS);
});

test('a student clicking around at random never meets an application error', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const trainer = await signUpTrainer(request);
  const catalogue = await trainerApi(request, trainer);
  await catalogue.createLocation({ nome: 'Studio Centro' });
  const token = await apiToken(request, trainer);
  const student = await invitedStudentAccount(request, token, 'Maria Clara Souza');
  const granted = await request.post(`/api/students/${student.studentId}/credits`, {
    data: { amount: 4, reason: 'Plano' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(granted.ok()).toBeTruthy();
  const studentPage = await studentSignedIn(browser, testInfo, student);
  await wander(
    studentPage,
    '/aluno',
    SEED + 7 + (testInfo.project.name === 'phone' ? 1 : 0),
    STUDENT_STEPS,
  );
  await studentPage.context().close();
});
