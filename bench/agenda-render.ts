/**
 * `npm run bench:agenda`: how the agenda's calendar feels with a full week. The built app (API
 * serving the SPA, and its worker) on its own database, a trainer with 140 sessions this week
 * (20 a day from 06:00, overlapping in pairs), then in Debian's Chromium with the CPU slowed 4×:
 *
 * - phone (390x844): a cold load of /agenda?modo=semana (the week as a list) until every session of
 *   the week is on screen;
 * - desktop (1440x900): a cold load of the week grid until every session is placed, then 'Mês'
 *   until the 42-day grid shows them, then the arrow to the next week and back.
 *
 * - month (1440x900, CPU not slowed, as the agenda budget asks): 1,000 sessions next month and 1,000
 *   the month after; a cold load of the month grid, 'Mês' from the week, and 'Próximo mês' twice:
 *   once the month after has been read ahead (what a trainer who looks at the month gets), and at
 *   once as the month appears, before that read (the read is then in the figure).
 *
 * Each figure is the page's own clock (Performance API) from the user's action (navigation start,
 * or the click) to the DOM showing the result, p50 and max of 5 rounds.
 */
import type { Page } from '@playwright/test';
import { launchPageBrowser } from './support/browser';
import { addDays, weekStart, zonedInstant, zonedParts } from '../backend/src/contracts/shared/time';
import { ONBOARDING_ANSWERS, postAs, signUpTrainer } from './http';
import { type BuiltApp, startBuiltApp } from './support/built-app';
import { runAsScript } from './support/script';

const ROUNDS = 5;
const CPU_SLOWDOWN = 4;
const PER_DAY = 20;
const PER_MONTH = 1_000;
const ZONE = 'America/Sao_Paulo';

interface Figure {
  p50: number;
  max: number;
}

export interface AgendaFigures {
  sessions: number;
  phoneWeekLoad: Figure;
  desktopWeekLoad: Figure;
  desktopToMonth: Figure;
  desktopNextWeek: Figure;
  monthSessions: number;
  monthLoad: Figure;
  weekToMonth: Figure;
  nextMonth: Figure;
  nextMonthUnread: Figure;
}

const summary = (values: number[]): Figure => ({
  p50: Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]),
  max: Math.round(Math.max(...values)),
});

interface SeededTrainer {
  email: string;
  password: string;
  sessions: number;
  /** Books `count` sessions spread over the days of `month` ('YYYY-MM'), 8 requests at a time. */
  fillMonth: (month: string, count: number) => Promise<void>;
}

async function seed(apiUrl: string): Promise<SeededTrainer> {
  const { email, password, headers } = await signUpTrainer(apiUrl, 'agenda');
  const post = postAs(apiUrl, headers);
  await post('/api/onboarding', { answers: ONBOARDING_ANSWERS });
  const location = await post('/api/locations', { nome: 'Academia Centro' });
  const students: string[] = [];
  for (let index = 0; index < 30; index++)
    students.push(
      (await post('/api/students', { nome: `Aluno ${String(index).padStart(2, '0')}` })).id,
    );
  const sunday = weekStart(zonedParts(new Date(), ZONE).date);
  let count = 0;
  for (let day = 0; day < 7; day++) {
    const date = addDays(sunday, day);
    for (let slot = 0; slot < PER_DAY; slot++) {
      // Two sessions every 45 minutes from 06:00: pairs overlap, and the day runs to 21:00.
      const minutes = 6 * 60 + Math.floor(slot / 2) * 45 + (slot % 2) * 15;
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const inicio = zonedInstant(date, time, ZONE);
      await post('/api/sessions', {
        studentId: students[count % students.length],
        locationId: location.id,
        inicio: inicio.toISOString(),
        fim: new Date(inicio.getTime() + 60 * 60_000).toISOString(),
        allowOverlap: true,
      });
      count++;
    }
  }
  const fillMonth = async (month: string, total: number) => {
    const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
    let next = 0;
    const book = async () => {
      for (let index = next++; index < total; index = next++) {
        const date = `${month}-${String((index % days) + 1).padStart(2, '0')}`;
        const minutes = 6 * 60 + Math.floor(index / days) * 25;
        const time = `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const inicio = zonedInstant(date, time, ZONE);
        await post('/api/sessions', {
          studentId: students[index % students.length],
          locationId: location.id,
          inicio: inicio.toISOString(),
          fim: new Date(inicio.getTime() + 60 * 60_000).toISOString(),
          allowOverlap: true,
        });
      }
    };
    await Promise.all(Array.from({ length: 8 }, book));
  };
  return { email, password, sessions: count, fillMonth };
}

/**
 * An in-page check that answers `performance.now()` once the screen shows what it waits for
 * (false before). Written inline, without named helpers: they would not exist in the page.
 */
type ShownAt<Arg> = (arg: Arg) => number | false;

/** The month grid titled `title` with `count` sessions on its own month's days (from the cells' labels). */
const monthShown: ShownAt<{ title: string; count: number }> = ({ title, count }) =>
  document.querySelector('[role="grid"]')?.getAttribute('aria-label') === title &&
  [...document.querySelectorAll('[role="gridcell"]:not([data-outside])')].reduce(
    (sum, cell) => sum + Number(/: (\d+) sess/.exec(cell.getAttribute('aria-label') ?? '')?.[1] ?? 0),
    0,
  ) === count &&
  performance.now();

/** Every session of the week is a button named after its student ('Aluno 07, 06:00 às 07:00, ...'). */
const weekShown: ShownAt<number> = (count) =>
  document.querySelectorAll('button[aria-label^="Aluno "]').length >= count && performance.now();
const weekEmpty: ShownAt<null> = () =>
  document.querySelectorAll('button[aria-label^="Aluno "]').length === 0 && performance.now();
const gridOf42: ShownAt<null> = () => document.querySelectorAll('[role="gridcell"]').length === 42 && performance.now();

async function shownAt<Arg>(page: Page, shown: ShownAt<Arg>, arg: Arg): Promise<number> {
  // Playwright types the argument as it arrives in the page (Unboxed<Arg>): plain data, the same here.
  const inPage = shown as unknown as (arg: unknown) => number | false;
  const handle = await page.waitForFunction(inPage, arg, { timeout: 60_000, polling: 'raf' });
  return (await handle.jsonValue()) as number;
}

/**
 * The page's own clock from the click `action` makes (stamped by a capturing listener) to the frame
 * that shows the result. Watching starts before the click: the figure is the page's, not the round
 * trips that tell this process the click was sent.
 */
async function clickToShown<Arg>(page: Page, action: () => Promise<void>, shown: ShownAt<Arg>, arg: Arg): Promise<number> {
  await page.evaluate(() =>
    window.addEventListener('click', (event) => Object.assign(window, { benchClickAt: event.timeStamp }), {
      capture: true,
      once: true,
    }),
  );
  const watching = shownAt(page, shown, arg);
  await action();
  const at = await watching;
  return at - (await page.evaluate(() => (window as unknown as { benchClickAt: number }).benchClickAt));
}

/** The page's read of the month grid of `month` (from its first Sunday, 00:00 in São Paulo), once it has arrived. */
async function monthRead(page: Page, month: string): Promise<void> {
  const from = zonedInstant(weekStart(`${month}-01`), '00:00', ZONE).toISOString();
  const response = await page.waitForResponse((candidate) => {
    const url = new URL(candidate.url());
    return url.pathname === '/api/sessions' && url.searchParams.get('from') === from;
  });
  await response.finished();
}

const nextMonthOf = (month: string) => {
  const [year, number] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
};

export async function measureAgenda(): Promise<AgendaFigures> {
  const browser = await launchPageBrowser();
  let app: BuiltApp | undefined;
  try {
    app = await startBuiltApp('agenda');
    const apiUrl = app.url;
    const trainer = await seed(apiUrl);
    const total = trainer.sessions;

    const open = async (phone: boolean, slowdown = CPU_SLOWDOWN) => {
      const context = await browser.newContext({
        baseURL: apiUrl,
        viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
        isMobile: phone,
        hasTouch: phone,
        serviceWorkers: 'block',
        locale: 'pt-BR',
        timezoneId: ZONE,
      });
      const login = await context.request.post('/api/auth/login', {
        data: { email: trainer.email, password: trainer.password },
      });
      if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      return { context, page };
    };
    const phoneWeek: number[] = [];
    const desktopWeek: number[] = [];
    const toMonth: number[] = [];
    const nextWeek: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      {
        const { context, page } = await open(true);
        await page.goto('/agenda?modo=semana', { waitUntil: 'commit' });
        phoneWeek.push(await shownAt(page, weekShown, total));
        await context.close();
      }
      {
        const { context, page } = await open(false);
        await page.goto('/agenda?modo=semana', { waitUntil: 'commit' });
        desktopWeek.push(await shownAt(page, weekShown, total));
        const modes = page.getByRole('radiogroup', { name: 'Modo do calendário' });
        toMonth.push(await clickToShown(page, () => modes.getByText('Mês').click(), gridOf42, null));
        await modes.getByText('Semana').click();
        await shownAt(page, weekShown, total);
        const forward = await clickToShown(page, () => page.getByRole('button', { name: 'Próxima semana' }).click(), weekEmpty, null);
        const back = await clickToShown(page, () => page.getByRole('button', { name: 'Semana anterior' }).click(), weekShown, total);
        nextWeek.push(forward + back);
        await context.close();
      }
    }
    // The month case: the two months after this one, so the week case above is untouched.
    const thisMonth = zonedParts(new Date(), ZONE).date.slice(0, 7);
    const [firstMonth, secondMonth] = [nextMonthOf(thisMonth), nextMonthOf(nextMonthOf(thisMonth))];
    process.stdout.write(`Agenda: ${PER_MONTH} sessões em ${firstMonth} e em ${secondMonth}...\n`);
    await trainer.fillMonth(firstMonth, PER_MONTH);
    await trainer.fillMonth(secondMonth, PER_MONTH);
    const titleOf = (month: string) =>
      new Date(`${month}-15T12:00:00Z`).toLocaleDateString('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).replace(' de ', ' ');
    const monthLoad: number[] = [];
    const weekToMonth: number[] = [];
    const nextMonth: number[] = [];
    const nextMonthUnread: number[] = [];
    const secondMonthShown = { title: titleOf(secondMonth), count: PER_MONTH };
    for (let round = 0; round < ROUNDS; round++) {
      {
        const { context, page } = await open(false, 1);
        await page.goto(`/agenda?modo=mes&data=${firstMonth}-15`, { waitUntil: 'commit' });
        monthLoad.push(await shownAt(page, monthShown, { title: titleOf(firstMonth), count: PER_MONTH }));
        // Clicked in the page, without Playwright's checks: they take longer than the page waits before reading ahead.
        const clickAtOnce = () =>
          page.evaluate(() => document.querySelector<HTMLButtonElement>('button[aria-label="Próximo mês"]')?.click());
        nextMonthUnread.push(await clickToShown(page, clickAtOnce, monthShown, secondMonthShown));
        await context.close();
      }
      {
        const { context, page } = await open(false, 1);
        // A trainer looks at the week before switching: the month around it, read ahead, has arrived.
        const firstMonthRead = monthRead(page, firstMonth);
        await page.goto(`/agenda?modo=semana&data=${firstMonth}-15`);
        await page.waitForSelector('button[aria-label^="Aluno "]');
        await firstMonthRead;
        const modes = page.getByRole('radiogroup', { name: 'Modo do calendário' });
        const secondMonthRead = monthRead(page, secondMonth);
        weekToMonth.push(
          await clickToShown(page, () => modes.getByText('Mês').click(), monthShown, { title: titleOf(firstMonth), count: PER_MONTH }),
        );
        // The month shown reads the next one ahead; a trainer looking at the month gives it that time.
        await secondMonthRead;
        nextMonth.push(
          await clickToShown(page, () => page.getByRole('button', { name: 'Próximo mês' }).click(), monthShown, secondMonthShown),
        );
        await context.close();
      }
    }
    return {
      monthSessions: PER_MONTH,
      monthLoad: summary(monthLoad),
      weekToMonth: summary(weekToMonth),
      nextMonth: summary(nextMonth),
      nextMonthUnread: summary(nextMonthUnread),
      sessions: total,
      phoneWeekLoad: summary(phoneWeek),
      desktopWeekLoad: summary(desktopWeek),
      desktopToMonth: summary(toMonth),
      desktopNextWeek: summary(nextWeek),
    };
  } finally {
    await browser.close();
    await app?.stop();
  }
}

export function printAgenda(figures: AgendaFigures): void {
  const line = (label: string, figure: Figure) =>
    `  ${label}: p50 ${figure.p50} ms (máx ${figure.max})\n`;
  process.stdout.write(
    `\nAgenda com ${figures.sessions} sessões na semana (Chromium, CPU ${CPU_SLOWDOWN}× mais lenta, ${ROUNDS} rodadas):\n` +
      line('celular, carga fria da semana até todas as sessões na tela', figures.phoneWeekLoad) +
      line('desktop, carga fria da grade semanal até todas posicionadas', figures.desktopWeekLoad) +
      line('desktop, Semana -> Mês até a grade de 42 dias', figures.desktopToMonth) +
      line('desktop, próxima semana e de volta até a grade cheia', figures.desktopNextWeek) +
      `Agenda com ${figures.monthSessions} sessões no mês (desktop 1440x900, CPU normal, ${ROUNDS} rodadas):\n` +
      line('carga fria do mês até as sessões contadas na grade', figures.monthLoad) +
      line("Semana -> 'Mês' até a grade com as sessões do mês", figures.weekToMonth) +
      line("'Próximo mês' (lido antes) até a grade com as sessões do mês", figures.nextMonth) +
      line("'Próximo mês' assim que o mês aparece, com a leitura", figures.nextMonthUnread),
  );
}

if (require.main === module) runAsScript(() => measureAgenda().then(printAgenda));
