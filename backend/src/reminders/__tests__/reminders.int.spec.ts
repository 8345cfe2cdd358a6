import type { ParsedMail } from 'mailparser';
import type Redis from 'ioredis';
import { apiFixture } from '../../../../test/support/api-fixture';
import { http } from '../../../../test/support/api';
import { workerServicesOf } from '../../../../test/support/projections';
import {
  recipientsOf,
  type SmtpCapture,
  startSmtpCapture,
} from '../../../../test/support/smtp-capture';
import { whatsAppSuite } from '../../../../test/support/whatsapp-cloud/suite';
import { DEFAULT_REMINDER_SETTINGS, type TomorrowReminders } from '../../contracts/reminders/api';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { JobQueues, REDIS } from '../../platform/queue/queue.module';
import {
  REMINDERS_QUEUE,
  restoreLostJobs,
  sendDigests,
  sendDueReminders,
} from '../jobs/reminder-delivery';
import { tomorrowReminders } from '../queries/reminders.repository';
import { remindersContext } from '../reminders.context';

/** Day `day` of May 2030 at `time` in São Paulo (UTC−3 all year). */
const at = (day: number, time: string) =>
  new Date(`2030-05-${String(day).padStart(2, '0')}T${time}:00-03:00`);
const HOUR = 3_600_000;
/** The tenant an access token names (claim `tid`). */
const tenantOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { tid: string }).tid;
const minus = (instant: Date, ms: number) => new Date(instant.getTime() - ms);

/**
 * 'Lembretes de amanhã' says 'E-mail enviado' only of a reminder that went by e-mail: not of one
 * WhatsApp took (the agenda's `lembrete` tells how that went), nor of a student reached by neither.
 */
describe("reminders by WhatsApp in 'Lembretes de amanhã'", () => {
  const suite = whatsAppSuite();
  const { t, takeJobs, sendWhatsApp, trainerOnViraNumber, consentingStudent, mailsTo } = suite;

  it("a reminder WhatsApp took, or that reached no one, is not 'E-mail enviado'", async () => {
    const trainer = await trainerOnViraNumber();
    const bia = await consentingStudent(trainer, 'Beatriz Lima');
    const semCanal = await trainer.api.post('/api/students', { nome: 'Caio Prado' });
    expect(semCanal.statusCode).toBe(201);
    const sessions: string[] = [];
    for (const [studentId, time] of [
      [bia.studentId, '07:00'],
      [semCanal.json().id as string, '08:00'],
    ]) {
      const booked = await trainer.api.post('/api/sessions', {
        studentId,
        inicio: at(10, time).toISOString(),
        fim: new Date(at(10, time).getTime() + HOUR).toISOString(),
      });
      expect(booked.statusCode).toBe(201);
      sessions.push(booked.json().id as string);
    }
    await t.project();
    suite.clock = minus(at(10, '07:00'), 20 * HOUR);
    for (const sessionId of sessions)
      await suite.run(REMINDERS_QUEUE, 'reminder.send', { tenantId: trainer.tenantId, sessionId });
    for (const job of await takeJobs()) await sendWhatsApp(job);

    expect(suite.cloud.messagesTo(bia.number)).toHaveLength(1);
    expect(mailsTo(bia.email)).toEqual([]);
    const list = await tomorrowReminders(
      t.app.get<Db>(DATABASE),
      trainer.tenantId,
      'Carla Personal',
      suite.clock,
    );
    expect(list.items.map((item) => [item.sessionId, item.emailEnviado])).toEqual([
      [sessions[0], false],
      [sessions[1], false],
    ]);
  });
});

/** Reminders against the real SMTP server, Redis and BullMQ, with the clock driven by the test. */
describe('reminders', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.close());
  const t = apiFixture(() => ({ SMTP_URL: smtp.url }));
  let api: ReturnType<typeof http>;
  let token: string;
  let trainer: { email: string; nome: string };
  let clock: Date;
  const services = () => workerServicesOf(t.app, () => clock);
  const mailsTo = (email: string): ParsedMail[] =>
    smtp.messages.filter((mail) => recipientsOf(mail).includes(email.toLowerCase()));
  const queue = () => t.app.get(JobQueues).queue(REMINDERS_QUEUE);
  const jobIds = async () =>
    (await queue().getJobs(['delayed', 'waiting'])).map((job) => job.id).sort();

  /** A trainer signed up for real (the daily e-mail goes to their sign-in address). */
  beforeEach(async () => {
    const signedUp = await t.signUp('Carla Personal');
    ({ token, api } = signedUp);
    trainer = { email: String(signedUp.body.email), nome: 'Carla Personal' };
  });

  /** Expects a 201 and answers the new id. */
  async function created(request: Promise<{ statusCode: number; body: string }>) {
    const response = await request;
    expect(response.statusCode).toBe(201);
    return (JSON.parse(response.body) as { id: string }).id;
  }
  const studentWithEmail = (nome: string, email: string, whatsapp?: string) =>
    created(api.post('/api/students', { nome, email, whatsapp }));

  const book = (studentId: string, inicio: Date, locationId?: string) =>
    created(
      api.post('/api/sessions', {
        studentId,
        locationId,
        inicio: inicio.toISOString(),
        fim: new Date(inicio.getTime() + HOUR).toISOString(),
      }),
    );
  const location = (nome: string) => created(api.post('/api/locations', { nome }));
  const change = (id: string, body: Record<string, unknown>) =>
    api.patch(`/api/sessions/${id}`, body);

  it('booked: one e-mail when the lead time is reached, never twice; rescheduled: at the new time only; cancelled or done: none', async () => {
    const email = `bia.${Date.now()}@exemplo.com.br`;
    const bia = await studentWithEmail('Beatriz Lima', email);
    const gym = await location('Academia Centro');
    const booked = await book(bia, at(10, '07:00'), gym);
    const moved = await book(bia, at(11, '07:00'), gym);
    const cancelled = await book(bia, at(12, '07:00'), gym);
    const done = await book(bia, at(13, '07:00'), gym);
    await t.project();
    expect(
      (
        await change(moved, {
          inicio: at(15, '18:00').toISOString(),
          fim: at(15, '19:00').toISOString(),
        })
      ).statusCode,
    ).toBe(200);
    expect((await change(cancelled, { status: 'cancelada' })).statusCode).toBe(200);
    await t.project();

    // The sweep sends every tenant's reminders (other suites' too): Beatriz's mails are counted.
    const sweep = async () => {
      await sendDueReminders(services());
      return mailsTo(email).length;
    };
    clock = minus(at(10, '07:00'), 24 * HOUR + 60_000);
    expect(await sweep()).toBe(0);
    clock = minus(at(10, '07:00'), 24 * HOUR - 60_000);
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(1);
    const [mail] = mailsTo(email);
    expect(mail.subject).toBe('Lembrete: seu treino amanhã (10/05) às 07:00');
    expect(mail.text).toContain(
      'Olá, Beatriz! Lembrete do seu treino com Carla Personal amanhã (10/05) às 07:00 em Academia Centro.',
    );

    // The moved one: nothing at its old time. The done one: nothing at its lead time.
    clock = minus(at(11, '07:00'), 23 * HOUR);
    expect(await sweep()).toBe(1);
    expect((await change(done, { status: 'feita' })).statusCode).toBe(200);
    await t.project();
    clock = minus(at(13, '07:00'), 12 * HOUR);
    expect(await sweep()).toBe(1);
    // The moved one at its new time.
    clock = minus(at(15, '18:00'), 2 * HOUR);
    expect(await sweep()).toBe(2);
    expect(mailsTo(email).map((m) => m.subject)).toEqual([
      'Lembrete: seu treino amanhã (10/05) às 07:00',
      'Lembrete: seu treino hoje às 18:00',
    ]);
    expect(booked).toBeDefined();
  });

  it('each booked session has one delayed job, derived from the session and its version: rescheduling replaces it, cancelling removes it; the job and the sweep racing send one e-mail', async () => {
    const email = `caio.${Date.now()}@exemplo.com.br`;
    const caio = await studentWithEmail('Caio Prado', email);
    const first = await book(caio, at(20, '09:00'));
    const second = await book(caio, at(21, '09:00'));
    await t.project();
    expect(await jobIds()).toEqual(expect.arrayContaining([`${first}-v1`, `${second}-v1`]));
    const job = await queue().getJob(`${first}-v1`);
    expect(await job?.getState()).toBe('delayed');

    await change(first, {
      inicio: at(22, '09:00').toISOString(),
      fim: at(22, '10:00').toISOString(),
    });
    await change(second, { status: 'cancelada' });
    await t.project();
    const ids = await jobIds();
    expect(ids).toContain(`${first}-v2`);
    expect(ids).not.toContain(`${first}-v1`);
    expect(ids.filter((id) => id?.startsWith(second))).toEqual([]);
    // A replay of the same events adds nothing: the job of the reminder as it stands is kept.
    await t.project();
    expect((await jobIds()).filter((id) => id?.startsWith(first))).toEqual([`${first}-v2`]);

    // Due: the job (as the worker runs it) and the sweep at the same moment, and a second worker's job.
    clock = minus(at(22, '09:00'), 12 * HOUR);
    const runJob = remindersContext.jobs?.[REMINDERS_QUEUE]?.['reminder.send'];
    await Promise.all([
      runJob?.({ tenantId: 'x', sessionId: first }, services()),
      sendDueReminders(services()),
      runJob?.({ tenantId: 'x', sessionId: first }, services()),
    ]);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("several events of a session in one batch: its last one decides the job, and the job's delay follows the lead time", async () => {
    const email = `davi.${Date.now()}@exemplo.com.br`;
    const davi = await studentWithEmail('Davi Nunes', email);
    await t.project();
    const [twiceMoved, cancelled, kept] = [
      await book(davi, at(23, '08:00')),
      await book(davi, at(24, '08:00')),
      await book(davi, at(26, '08:00')),
    ];
    for (const day of [27, 28])
      expect(
        (
          await change(twiceMoved, {
            inicio: at(day, '08:00').toISOString(),
            fim: at(day, '09:00').toISOString(),
          })
        ).statusCode,
      ).toBe(200);
    expect((await change(cancelled, { status: 'cancelada' })).statusCode).toBe(200);
    // Nothing ran since the bookings: the process manager reads these six events as one batch.
    await t.project();
    const ids = (await jobIds()).filter(
      (id) => id?.startsWith(twiceMoved) || id?.startsWith(cancelled) || id?.startsWith(kept),
    );
    expect(ids.sort()).toEqual([`${kept}-v1`, `${twiceMoved}-v3`].sort());
    const job = await queue().getJob(`${twiceMoved}-v3`);
    const due = at(28, '08:00').getTime() - DEFAULT_REMINDER_SETTINGS.antecedenciaHoras * HOUR;
    expect(Math.abs((job?.timestamp ?? 0) + (job?.opts.delay ?? 0) - due)).toBeLessThan(60_000);
  });

  it('Redis lost its jobs: the sweep puts them back from the sessions read model and the reminder still goes out once', async () => {
    const email = `duda.${Date.now()}@exemplo.com.br`;
    const duda = await studentWithEmail('Eduarda Reis', email);
    const session = await book(duda, at(25, '06:30'));
    await t.project();
    expect(await jobIds()).toContain(`${session}-v1`);

    // Redis restarted empty (it keeps nothing on disk here): every key of this app is gone.
    const redis = t.app.get<Redis>(REDIS);
    const keys = await redis.keys(`${t.config.REDIS_PREFIX}:*`);
    if (keys.length > 0) await redis.del(...keys);
    expect(await jobIds()).not.toContain(`${session}-v1`);

    clock = minus(at(25, '06:30'), 48 * HOUR);
    expect(await restoreLostJobs(services())).toBeGreaterThanOrEqual(1);
    expect(await jobIds()).toContain(`${session}-v1`);
    expect(await restoreLostJobs(services())).toBe(0);

    clock = minus(at(25, '06:30'), 20 * HOUR);
    await remindersContext.timers?.[0].run(services());
    await remindersContext.timers?.[0].run(services());
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('settings: defaults, a pt-BR 400 naming the field, reminders off sends nothing, a longer lead sends earlier', async () => {
    expect((await api.get('/api/settings/reminders')).json()).toEqual({
      ativo: true,
      antecedenciaHoras: 24,
      resumoDiario: true,
      horaResumo: 20,
    });
    const bad = await api.put('/api/settings/reminders', {
      ativo: true,
      antecedenciaHoras: 24,
      resumoDiario: true,
      horaResumo: 24,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation_error',
      message: 'O horário do resumo deve ser entre 0 e 23',
    });

    const email = `enzo.${Date.now()}@exemplo.com.br`;
    const enzo = await studentWithEmail('Enzo Castro', email);
    await book(enzo, at(28, '08:00'));
    const off = { ativo: false, antecedenciaHoras: 48, resumoDiario: false, horaResumo: 7 };
    expect((await api.put('/api/settings/reminders', off)).statusCode).toBe(200);
    await t.project();
    expect((await api.get('/api/settings/reminders')).json()).toEqual(off);
    clock = minus(at(28, '08:00'), 30 * HOUR);
    await sendDueReminders(services());
    expect(mailsTo(email)).toHaveLength(0);

    expect((await api.put('/api/settings/reminders', { ...off, ativo: true })).statusCode).toBe(
      200,
    );
    await t.project();
    await sendDueReminders(services());
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("'Lembretes de amanhã': tomorrow's sessions with WhatsApp links in pt-BR, and the trainer's e-mail once at the chosen hour", async () => {
    const gabi = await studentWithEmail(
      'Gabriela Souza',
      `gabi.${Date.now()}@exemplo.com.br`,
      '11987654321',
    );
    const hugoEmail = `hugo.${Date.now()}@exemplo.com.br`;
    const hugo = await studentWithEmail('Hugo Alves', hugoEmail);
    const gym = await location('Estúdio Vila');
    // 23:30 in São Paulo is already the next day in UTC: it is still tomorrow's.
    await book(gabi, at(30, '23:30'), gym);
    await book(hugo, at(30, '07:00'));
    await book(hugo, at(31, '07:00'));
    await t.project();

    // Every tenant's digest goes (other suites' too): Carla's are counted.
    const digests = async () => {
      await sendDigests(services());
      return mailsTo(trainer.email).filter((mail) => mail.subject?.startsWith('Lembretes'));
    };
    clock = at(29, '19:59');
    expect(await digests()).toHaveLength(0);
    clock = at(29, '20:01');
    expect(await digests()).toHaveLength(1);
    const again = await digests();
    expect(again).toHaveLength(1);
    const [digest] = again;
    expect(digest.subject).toBe('Lembretes de amanhã: 2 sessões');
    expect(digest.text).toContain('07:00 Hugo Alves');
    expect(digest.text).toContain('23:30 Gabriela Souza — Estúdio Vila');

    // The list the app shows (GET /api/reminders/tomorrow reads the real clock: today's is below).
    const list: TomorrowReminders = await tomorrowReminders(
      services().db,
      tenantOf(token),
      trainer.nome,
      clock,
    );
    expect(list.dia).toBe('2030-05-30');
    expect(list.items.map((item) => item.studentNome)).toEqual(['Hugo Alves', 'Gabriela Souza']);
    const link = new URL(list.items[1].whatsappUrl ?? '');
    expect(link.origin + link.pathname).toBe('https://wa.me/5511987654321');
    expect(link.searchParams.get('text')).toBe(
      'Olá, Gabriela! Lembrete do seu treino com Carla Personal amanhã (30/05) às 23:30 em Estúdio Vila. Se não puder comparecer, avise com antecedência.',
    );
    expect(list.items[0].whatsappUrl).toBeNull();
    expect(list.items.map((item) => item.emailEnviado)).toEqual([false, false]);
    // Hugo's reminder is due (11 hours ahead): e-mailed, and the list says so.
    await sendDueReminders(services());
    expect(mailsTo(hugoEmail).map((mail) => mail.subject)).toEqual([
      'Lembrete: seu treino amanhã (30/05) às 07:00',
    ]);
    const after = await tomorrowReminders(services().db, tenantOf(token), trainer.nome, clock);
    expect(after.items.map((item) => item.emailEnviado)).toEqual([true, false]);

    const today = await api.get('/api/reminders/tomorrow');
    expect(today.statusCode).toBe(200);
    expect(today.json()).toEqual({ dia: expect.any(String), items: [] });
    expect((await t.as({ token: 'x' }).get('/api/reminders/tomorrow')).statusCode).toBe(401);
    // A student's token: the trainer's routes are not theirs.
    const student = t.as(await t.principal('aluno', tenantOf(token)));
    expect((await student.get('/api/reminders/tomorrow')).statusCode).toBe(403);
    expect(
      (await student.put('/api/settings/reminders', DEFAULT_REMINDER_SETTINGS)).statusCode,
    ).toBe(403);
  });
});
