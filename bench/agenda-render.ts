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
 * Each figure is from the user's action (navigation start, or the click) to the DOM showing the
 * result, p50 and max of 5 rounds.
 */
import type { ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { addDays, weekStart, zonedInstant, zonedParts } from '../backend/src/contracts/time';
import { buildIfNeeded } from '../infra/scripts/build-if-needed';
import { admin, freePort, json, start, stop, waitFor } from './http';

const ROOT = path.resolve(__dirname, '..');
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE_NAME = `vira_bench_agenda_${process.pid}`;
const ROUNDS = 5;
const CPU_SLOWDOWN = 4;
const PER_DAY = 20;
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
}

const summary = (values: number[]): Figure => ({
  p50: Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]),
  max: Math.round(Math.max(...values)),
});

async function seed(
  apiUrl: string,
): Promise<{ email: string; password: string; sessions: number }> {
  const email = `bench-agenda-${Date.now()}@example.com`;
  const password = 'bench-senha-1';
  await json(
    await fetch(`${apiUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        nome: 'Ana Bench',
        cpf: '52998224725',
        dataNascimento: '1990-01-01',
        telefone: '11999998888',
        email,
        password,
      }),
    }),
  );
  const { accessToken } = await json<{ accessToken: string }>(
    await fetch(`${apiUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };
  const post = async (url: string, body: unknown) =>
    json<{ id: string }>(
      await fetch(`${apiUrl}${url}`, { method: 'POST', headers, body: JSON.stringify(body) }),
    );
  await post('/api/onboarding', {
    answers: {
      alunos_ativos: '30',
      tipo_atendimento: 'Presencial',
      ticket_medio_mensal: '350',
      formas_cobranca: 'pix',
      emite_recibo: 'sim',
      faturamento_mensal_medio: '8000',
      tipo_planos: 'mensal',
      faz_desconto: 'não',
      tem_politica_cancelamento: 'sim',
      objetivos: 'crescer',
      meta_faturamento_6meses: '12000',
    },
  });
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
  return { email, password, sessions: count };
}

/** Milliseconds from now until `done` holds in the page. */
async function until(page: Page, done: () => boolean): Promise<number> {
  const started = Date.now();
  await page.waitForFunction(done, null, { timeout: 60_000, polling: 'raf' });
  return Date.now() - started;
}

export async function measureAgenda(): Promise<AgendaFigures> {
  buildIfNeeded((line) => process.stdout.write(`${line}\n`));
  await admin(`drop database if exists ${DATABASE_NAME} with (force)`);
  await admin(`create database ${DATABASE_NAME}`);
  const databaseUrl = Object.assign(new URL(ADMIN_URL), {
    pathname: `/${DATABASE_NAME}`,
  }).toString();
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: `vira-bench-agenda-${process.pid}`,
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: apiUrl,
  };
  const dist = path.join(ROOT, 'backend/dist/backend/src');
  let api: ChildProcess | undefined;
  let worker: ChildProcess | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  try {
    api = start(path.join(dist, 'main.js'), env);
    await waitFor(`${apiUrl}/api/health`);
    worker = start(path.join(dist, 'worker.js'), env);
    const trainer = await seed(apiUrl);
    const total = trainer.sessions;

    const open = async (phone: boolean) => {
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
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      return { context, page };
    };
    // Every session of the week is a button named after its student ('Aluno 07, 06:00 às 07:00, ...').
    const sessionsShown = (count: number) =>
      new Function(
        `return document.querySelectorAll('button[aria-label^="Aluno "]').length >= ${count};`,
      ) as () => boolean;
    /** Waits for the week to be on screen; the page's own clock from navigation start to that moment. */
    const loadTime = async (page: Page) => {
      const handle = await page.waitForFunction(
        (count) =>
          document.querySelectorAll('button[aria-label^="Aluno "]').length >= count &&
          performance.now(),
        total,
        { timeout: 60_000, polling: 'raf' },
      );
      return (await handle.jsonValue()) as number;
    };

    const phoneWeek: number[] = [];
    const desktopWeek: number[] = [];
    const toMonth: number[] = [];
    const nextWeek: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      {
        const { context, page } = await open(true);
        await page.goto('/agenda?modo=semana', { waitUntil: 'commit' });
        phoneWeek.push(await loadTime(page));
        await context.close();
      }
      {
        const { context, page } = await open(false);
        await page.goto('/agenda?modo=semana', { waitUntil: 'commit' });
        desktopWeek.push(await loadTime(page));
        await page.getByRole('radiogroup', { name: 'Modo do calendário' }).getByText('Mês').click();
        toMonth.push(
          await until(page, () => document.querySelectorAll('[role="gridcell"]').length === 42),
        );
        await page
          .getByRole('radiogroup', { name: 'Modo do calendário' })
          .getByText('Semana')
          .click();
        await page.waitForFunction(sessionsShown(total), null, { timeout: 60_000 });
        await page.getByRole('button', { name: 'Próxima semana' }).click();
        const forward = await until(
          page,
          () => document.querySelectorAll('button[aria-label^="Aluno "]').length === 0,
        );
        await page.getByRole('button', { name: 'Semana anterior' }).click();
        nextWeek.push(forward + (await until(page, sessionsShown(total))));
        await context.close();
      }
    }
    return {
      sessions: total,
      phoneWeekLoad: summary(phoneWeek),
      desktopWeekLoad: summary(desktopWeek),
      desktopToMonth: summary(toMonth),
      desktopNextWeek: summary(nextWeek),
    };
  } finally {
    await browser.close();
    await stop(worker);
    await stop(api);
    await admin(`drop database if exists ${DATABASE_NAME} with (force)`);
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
      line('desktop, próxima semana e de volta até a grade cheia', figures.desktopNextWeek),
  );
}

if (require.main === module) {
  measureAgenda()
    .then(printAgenda)
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    });
}
