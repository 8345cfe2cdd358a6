import type { ParsedMail } from 'mailparser';
import pino from 'pino';
import { GENEROUS_RATE_LIMITS, newTrainer } from '../../../../test/support/accounts';
import { http } from '../../../../test/support/api';
import { workerServicesOf } from '../../../../test/support/projections';
import {
  recipientsOf,
  type SmtpCapture,
  startSmtpCapture,
} from '../../../../test/support/smtp-capture';
import { startTestApp, type TestApp } from '../../../../test/support/test-app';
import { CONTEXTS, PROCESS_MANAGERS, PROJECTIONS } from '../../contexts';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { JobQueues } from '../../platform/queue/queue.module';
import { type RunningWorker, startWorkerProcess } from '../../platform/queue/worker-process';
import { REMINDERS_QUEUE, sendDueReminders } from '../jobs/reminder-delivery';
import { remindersContext } from '../reminders.context';

/** Day `day` of May 2030 at `time` in São Paulo (UTC−3 all year). */
const at = (day: number, time: string) =>
  new Date(`2030-05-${String(day).padStart(2, '0')}T${time}:00-03:00`);
const HOUR = 3_600_000;

/** Waits until `read` answers `expected` (a bound for a busy machine, not a timing). */
async function until<T>(read: () => Promise<T>, expected: T, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (value === expected) return;
    if (Date.now() > deadline)
      throw new Error(`${what}: esperava ${String(expected)}, veio ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Issue 25, item 9: a session gets one reminder, at its lead time, with its current time; a change
 * of time after it sends one 'Horário alterado' once the changes settle. The worker runs for real
 * (its process managers queue the BullMQ jobs, its BullMQ worker runs them) on the test's clock.
 * The settle time is an hour here: the test lets it pass by promoting the delayed jobs, as the
 * delay would.
 */
describe('reminders once', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let worker: RunningWorker;
  let api: ReturnType<typeof http>;
  /** The worker's clock: 19 hours before the session, inside its 24-hour lead time. */
  const clock = at(10, '12:00');

  const queue = () => t.app.get(JobQueues).queue(REMINDERS_QUEUE);
  const mailsTo = (email: string): ParsedMail[] =>
    smtp.messages.filter((mail) => recipientsOf(mail).includes(email.toLowerCase()));
  const jobOf = async (sessionId: string) =>
    (
      await t.app
        .get<Db>(DATABASE)
        .selectFrom('reminderJobs')
        .select('jobId')
        .where('sessionId', '=', sessionId)
        .executeTakeFirst()
    )?.jobId;
  /** Waits for the worker's process manager to give the session the job of its `version`. */
  const settledOn = async (sessionId: string, version: number) => {
    const jobId = `${sessionId}-v${version}`;
    await until(() => jobOf(sessionId), jobId, 'a tarefa da sessão');
    await until(async () => (await queue().getJob(jobId))?.id, jobId, 'a tarefa na fila');
  };
  /** Lets the settle time pass: every delayed reminder job runs now; waits until the queue is empty. */
  const settle = async () => {
    for (const job of await queue().getJobs(['delayed'])) await job.promote();
    await until(
      async () => (await queue().getJobs(['delayed', 'waiting', 'active'])).length,
      0,
      'a fila vazia',
    );
  };
  const move = async (sessionId: string, inicio: Date) => {
    const response = await api.patch(`/api/sessions/${sessionId}`, {
      inicio: inicio.toISOString(),
      fim: new Date(inicio.getTime() + HOUR).toISOString(),
    });
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
      REMINDER_SETTLE_SECONDS: '3600',
      ...GENEROUS_RATE_LIMITS,
    });
    worker = await startWorkerProcess({
      config: t.config,
      logger: pino({ level: 'silent' }),
      projections: PROJECTIONS,
      processManagers: PROCESS_MANAGERS,
      jobs: new Map([
        [REMINDERS_QUEUE, new Map(Object.entries(remindersContext.jobs?.[REMINDERS_QUEUE] ?? {}))],
      ]),
      workerPorts: CONTEXTS.flatMap((context) => context.workerPorts ?? []),
      now: () => clock,
    });
    ({ api } = await newTrainer(t.app, 'Carla Personal'));
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
    await smtp.close();
  });

  it('moved three times inside its lead time: one reminder, with the time it ended at; moved twice more: one Horário alterado', async () => {
    const email = `bia.${Date.now()}@exemplo.com.br`;
    const student = await api.post('/api/students', { nome: 'Beatriz Lima', email });
    const booked = await api.post('/api/sessions', {
      studentId: student.json().id,
      inicio: at(11, '07:00').toISOString(),
      fim: at(11, '08:00').toISOString(),
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().id as string;
    await settledOn(id, 1);
    // Each move is heard by the worker before the next one (on main, each sent a reminder).
    await move(id, at(11, '08:00'));
    await settledOn(id, 2);
    await move(id, at(11, '09:00'));
    await settledOn(id, 3);
    await move(id, at(11, '09:30'));
    await settledOn(id, 4);
    expect(mailsTo(email)).toEqual([]);

    await settle();
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual([
      'Lembrete: seu treino amanhã (11/05) às 09:30',
    ]);

    // After the reminder, two more changes: one message once they settle, with the last time.
    await move(id, at(11, '10:00'));
    await settledOn(id, 5);
    await move(id, at(11, '10:30'));
    await settledOn(id, 6);
    await settle();
    const subjects = mailsTo(email).map((mail) => mail.subject);
    expect(subjects).toEqual([
      'Lembrete: seu treino amanhã (11/05) às 09:30',
      'Horário alterado: seu treino amanhã (11/05) às 10:30',
    ]);
    expect(mailsTo(email)[1].text).toContain(
      'Olá, Beatriz! O horário do seu treino com Carla Personal mudou: agora é amanhã (11/05) às 10:30.',
    );

    // A job overtaken by a later change (Redis kept it, say) sends nothing; nor does the sweep.
    await queue().add('reminder.send', { tenantId: 'x', sessionId: id, version: 5 });
    await settle();
    await sendDueReminders(workerServicesOf(t.app, () => clock));
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('the sweep (a lost job) waits for the time to settle too, then tells the current time once', async () => {
    const email = `caio.${Date.now()}@exemplo.com.br`;
    const student = await api.post('/api/students', { nome: 'Caio Prado', email });
    // On the real clock this time: the sweep judges settling by when the change was made.
    const start = new Date(Date.now() + 3 * HOUR);
    const booked = await api.post('/api/sessions', {
      studentId: student.json().id,
      inicio: start.toISOString(),
      fim: new Date(start.getTime() + HOUR).toISOString(),
    });
    const id = booked.json().id as string;
    const sweep = (now: Date) => sendDueReminders(workerServicesOf(t.app, () => now));
    // The worker has applied the booking to the read models (its own clock is in 2030: no job).
    await until(
      async () =>
        (
          await t.app
            .get<Db>(DATABASE)
            .selectFrom('reminderSessions')
            .select('id')
            .where('id', '=', id)
            .executeTakeFirst()
        )?.id,
      id,
      'a sessão nos modelos de leitura',
    );
    // Just booked: not yet (the job would wait the settle time too).
    // The sweep tells every tenant's due reminders (another suite's session of this jest worker may
    // be due too): this student's mails say what it told of this one.
    await sweep(new Date());
    expect(mailsTo(email)).toEqual([]);
    await sweep(new Date(Date.now() + 2 * HOUR));
    await sweep(new Date(Date.now() + 2 * HOUR));
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Lembrete: seu treino (hoje|amanhã \(\d\d\/\d\d\)) às \d\d:\d\d$/),
    ]);
  });
});
