import { sql } from 'kysely';
import { TrainerContacts } from '../../contracts/identity/ports';
import { PushNotifications, WhatsAppMessages } from '../../contracts/messaging/ports';
import { sessionLifecycleEvents } from '../../contracts/scheduling/events';
import {
  DEFAULT_REMINDER_SETTINGS,
  MAX_LEAD_HOURS,
  reminderMessage,
  reminderWhen,
  rescheduleMessage,
} from '../../contracts/reminders/api';
import { addDays, dayRange, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import type { WorkerTimer } from '../../platform/context/bounded-context';
import type { WorkerServices } from '../../platform/context/worker-services';
import { readStreamOf } from '../../platform/event-store/event-store';
import { escapeHtml } from '../../platform/mail/mailer';
import { whenConnected } from '../../platform/queue/redis';
import {
  reminderOf,
  type SessionReminder,
  stillAhead,
  trainerNomeOf,
} from '../domain/session-reminder';
import { tomorrowReminders } from '../queries/reminders.repository';
import type { RemindersConfig } from '../reminders.config';

export const REMINDERS_QUEUE = 'reminders';
export const SEND_REMINDER = 'reminder.send';

/** A session's delayed job: `version` is the one that set its time (see SessionReminder.setAt). */
export interface ReminderJob {
  tenantId: string;
  sessionId: string;
  /** Absent on jobs queued before versions were sent along: taken as current. */
  version?: number;
}

declare module '../../platform/queue/jobs' {
  interface JobMap {
    reminders: { 'reminder.send': ReminderJob };
  }
}

const HOUR_MS = 3_600_000;
/** Where a tap on the reminder's notification takes the student. */
const STUDENT_AREA_URL = '/aluno';
/** Due messages sent per sweep (the next sweep takes the rest). */
const SWEEP_LIMIT = 500;

/** When the reminder of a session starting at `inicio` is due, `leadHours` before it. */
export const dueAt = (inicio: Date, leadHours: number): Date =>
  new Date(inicio.getTime() - leadHours * HOUR_MS);

/** How long a session's time must stay put before its student is told it. */
export const settleMs = (services: WorkerServices) =>
  (services.config as RemindersConfig).REMINDER_SETTLE_SECONDS * 1_000;

/**
 * What may be due (the read models may lag: the stream decides, see sendDueReminders): sessions of
 * active students, where the trainer has reminders on, whose reminder was not sent and
 * whose lead time is reached, or whose time moved since the student was told it. One session's
 * only, if given (its job), whatever the read models say of its time.
 */
function candidates({ db }: WorkerServices, now: Date, sessionId?: string) {
  const defaults = DEFAULT_REMINDER_SETTINGS;
  let query = db
    .selectFrom('reminderSessions as s')
    .innerJoin('reminderStudents as st', (join) =>
      join.onRef('st.id', '=', 's.studentId').onRef('st.tenantId', '=', 's.tenantId'),
    )
    .leftJoin('reminderLocations as l', (join) =>
      join.onRef('l.id', '=', 's.locationId').onRef('l.tenantId', '=', 's.tenantId'),
    )
    .leftJoin('reminderSettings as cfg', 'cfg.tenantId', 's.tenantId')
    .leftJoin('reminderDeliveries as d', 'd.sessionId', 's.id')
    .select([
      's.id as sessionId',
      's.tenantId',
      's.studentId',
      'st.nome as studentNome',
      'st.email',
      'l.nome as locationNome',
      'd.inicio as told',
      sql<number>`coalesce(cfg.antecedencia_horas, ${defaults.antecedenciaHoras})`.as('leadHours'),
    ])
    .where(sql<boolean>`coalesce(cfg.ativo, ${defaults.ativo})`)
    .where('st.ativo', '=', true);
  if (sessionId) return query.where('s.id', '=', sessionId).execute();
  query = query
    .where('s.status', '=', 'agendada')
    .where('s.inicio', '>', now)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('d.sessionId', 'is', null),
          eb('s.inicio', '<=', new Date(now.getTime() + MAX_LEAD_HOURS * HOUR_MS)),
          sql<boolean>`s.inicio - make_interval(hours => coalesce(cfg.antecedencia_horas, ${defaults.antecedenciaHoras})) <= ${now}`,
        ]),
        eb('d.inicio', '<>', eb.ref('s.inicio')),
      ]),
    )
    .orderBy('s.inicio')
    .limit(SWEEP_LIMIT);
  return query.execute();
}

type Message = { kind: 'reminder' | 'rescheduled'; inicio: Date };

/**
 * How a student's message went (`reminder_deliveries.canal`): handed to WhatsApp, by e-mail, or
 * neither (no e-mail, no WhatsApp).
 */
type Told = 'whatsapp' | 'email' | null;

/**
 * What the student is to be told now of a session, from its stream: its reminder, once, when the
 * lead time is reached; after it, 'Horário alterado' when its time moved. Nothing while its time
 * may still move: a job overtaken by a later change (`version`), or, for the sweep, a time set less
 * than the settle time ago.
 */
function messageOf(
  reminder: SessionReminder | undefined,
  candidate: { told: Date | null; leadHours: number },
  now: Date,
  job: ReminderJob | undefined,
  settle: number,
): Message | undefined {
  if (!reminder || !stillAhead(reminder, now)) return undefined;
  if (job ? job.version !== undefined && job.version !== reminder.setAt : reminder.setSince.getTime() > now.getTime() - settle)
    return undefined;
  const inicio = new Date(reminder.view.inicio);
  if (!candidate.told)
    return dueAt(inicio, candidate.leadHours) <= now ? { kind: 'reminder', inicio } : undefined;
  return candidate.told.getTime() === inicio.getTime() ? undefined : { kind: 'rescheduled', inicio };
}

/**
 * Sends the students' messages that are due (one session's, from its delayed job; all, from the
 * sweep): a session's reminder once, at its lead time, with the time it has when it goes out; then,
 * should its time change, one 'Horário alterado' once the changes settle. Each is claimed in the
 * transaction that sends (the delivery row, keyed by the session and the time told before), so a job
 * and a sweep racing (or two workers) send one e-mail, and a send that fails claims nothing for the
 * next sweep. It goes by WhatsApp instead of e-mail when the messaging context says the student
 * may get it there (WhatsAppMessages); a student without an e-mail gets it only there (a WhatsApp
 * that fails then sends nothing else). A student who subscribed a device also gets it there, once
 * per session and time (the push outbox's cause). Answers how many went out by WhatsApp or e-mail.
 */
export async function sendDueReminders(
  services: WorkerServices,
  job?: ReminderJob,
): Promise<number> {
  const now = services.now();
  const settle = settleMs(services);
  const due = await candidates(services, now, job?.sessionId);
  const trainers = new Map<string, Promise<{ nome: string } | undefined>>();
  const trainerOf = (tenantId: string) => {
    if (!trainers.has(tenantId))
      trainers.set(tenantId, services.port(TrainerContacts).contactOf(tenantId));
    return trainers.get(tenantId) as Promise<{ nome: string } | undefined>;
  };
  let sent = 0;
  for (const candidate of due) {
    const stream = await readStreamOf(
      services.db,
      candidate.tenantId,
      candidate.sessionId,
      sessionLifecycleEvents,
    );
    const message = messageOf(reminderOf(stream), candidate, now, job, settle);
    if (!message) continue;
    const trainer = await trainerOf(candidate.tenantId);
    const quando = reminderWhen(message.inicio, now, DEFAULT_TIME_ZONE);
    const words = {
      studentNome: candidate.studentNome,
      trainerNome: trainerNomeOf(trainer),
      quando,
      locationNome: candidate.locationNome,
    };
    const [subject, text] =
      message.kind === 'reminder'
        ? [`Lembrete: seu treino ${quando}`, reminderMessage(words)]
        : [`Horário alterado: seu treino ${quando}`, rescheduleMessage(words)];
    const claimed = await services.db.transaction().execute(async (trx): Promise<Told | false> => {
      const claim =
        message.kind === 'reminder'
          ? await trx
              .insertInto('reminderDeliveries')
              .values({
                sessionId: candidate.sessionId,
                inicio: message.inicio,
                tenantId: candidate.tenantId,
                sentAt: now,
              })
              .onConflict((conflict) => conflict.column('sessionId').doNothing())
              .returning('sessionId')
              .executeTakeFirst()
          : await trx
              .updateTable('reminderDeliveries')
              .set({ inicio: message.inicio, sentAt: now })
              .where('sessionId', '=', candidate.sessionId)
              .where('inicio', '=', candidate.told as Date)
              .returning('sessionId')
              .executeTakeFirst();
      if (!claim) return false;
      const email = candidate.email
        ? { to: candidate.email, subject, text, html: `<p>${escapeHtml(text)}</p>` }
        : null;
      // By WhatsApp when the student may get it there (its outbox sends this e-mail, if any, when
      // WhatsApp cannot deliver); otherwise by e-mail, as before.
      const byWhatsApp = await services
        .port(WhatsAppMessages)
        .offer({
          tenantId: candidate.tenantId,
          studentId: candidate.studentId,
          sessionId: candidate.sessionId,
          cause: `reminder-${candidate.sessionId}-${message.inicio.getTime()}`,
          kind: message.kind === 'reminder' ? 'lembrete' : 'horario-alterado',
          variables: words,
          fallback: email,
        })
        .catch((error: unknown) => {
          services.logger.warn(
            `lembretes: WhatsApp da sessão ${candidate.sessionId} não enfileirado: ${String(error)}`,
          );
          return false;
        });
      if (!byWhatsApp && email) await services.mailer.send(email);
      const canal: Told = byWhatsApp ? 'whatsapp' : email ? 'email' : null;
      await trx
        .updateTable('reminderDeliveries')
        .set({ canal })
        .where('sessionId', '=', candidate.sessionId)
        .execute();
      return canal;
    });
    if (claimed === false) continue;
    if (claimed) sent += 1;
    await services
      .port(PushNotifications)
      .notify(
        { tenantId: candidate.tenantId, studentId: candidate.studentId },
        `reminder-${candidate.sessionId}-${message.inicio.getTime()}`,
        { title: subject, body: text, url: STUDENT_AREA_URL },
      )
      .catch((error: unknown) =>
        services.logger.warn(`lembretes: push da sessão ${candidate.sessionId}: ${String(error)}`),
      );
  }
  return sent;
}

/**
 * The trainer's daily e-mail with tomorrow's sessions and their WhatsApp links, at the hour they
 * chose (their time zone), once a day: the day's row is claimed in the transaction that sends.
 */
export async function sendDigests(services: WorkerServices): Promise<number> {
  const now = services.now();
  const local = zonedParts(now, DEFAULT_TIME_ZONE);
  const { from, to } = dayRange(addDays(local.date, 1), DEFAULT_TIME_ZONE);
  const defaults = DEFAULT_REMINDER_SETTINGS;
  const tenants = await services.db
    .selectFrom('reminderSessions as s')
    .leftJoin('reminderSettings as cfg', 'cfg.tenantId', 's.tenantId')
    .select('s.tenantId')
    .distinct()
    .where('s.status', '=', 'agendada')
    .where('s.inicio', '>=', from)
    .where('s.inicio', '<', to)
    .where(sql<boolean>`coalesce(cfg.resumo_diario, ${defaults.resumoDiario})`)
    .where(sql<boolean>`coalesce(cfg.hora_resumo, ${defaults.horaResumo}) <= ${local.hour}`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reminderDigests as g')
            .select('g.tenantId')
            .whereRef('g.tenantId', '=', 's.tenantId')
            .where('g.dia', '=', local.date),
        ),
      ),
    )
    .execute();
  let sent = 0;
  for (const { tenantId } of tenants) {
    const trainer = await services.port(TrainerContacts).contactOf(tenantId);
    if (!trainer) continue;
    const list = await tomorrowReminders(services.db, tenantId, trainer.nome, now);
    if (list.items.length === 0) continue;
    const claimed = await services.db.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto('reminderDigests')
        .values({ tenantId, dia: local.date, sentAt: now })
        .onConflict((conflict) => conflict.columns(['tenantId', 'dia']).doNothing())
        .returning('tenantId')
        .executeTakeFirst();
      if (!claim) return false;
      const lines = list.items.map((item) => {
        const time = zonedParts(new Date(item.inicio), DEFAULT_TIME_ZONE).time;
        return { time, item };
      });
      const count = list.items.length;
      await services.mailer.send({
        to: trainer.email,
        subject: `Lembretes de amanhã: ${count} ${count === 1 ? 'sessão' : 'sessões'}`,
        text: [
          'Lembretes de amanhã',
          ...lines.map(
            ({ time, item }) =>
              `${time} ${item.studentNome}${item.locationNome ? ` — ${item.locationNome}` : ''}` +
              (item.whatsappUrl ? `\n  WhatsApp: ${item.whatsappUrl}` : ''),
          ),
        ].join('\n'),
        html:
          '<h1>Lembretes de amanhã</h1><ul>' +
          lines
            .map(
              ({ time, item }) =>
                `<li>${time} ${escapeHtml(item.studentNome)}` +
                (item.locationNome ? ` — ${escapeHtml(item.locationNome)}` : '') +
                (item.whatsappUrl
                  ? ` <a href="${escapeHtml(item.whatsappUrl)}">Enviar lembrete no WhatsApp</a>`
                  : '') +
                '</li>',
            )
            .join('') +
          '</ul>',
      });
      return true;
    });
    if (claimed) sent += 1;
  }
  return sent;
}

/**
 * Puts every pending session's delayed job back when Redis lost them (it keeps nothing on disk
 * here): a marker key that only a fresh or flushed Redis lacks says when. The jobs' ids are in
 * `reminder_jobs`, so putting them back twice adds nothing.
 */
export async function restoreLostJobs(services: WorkerServices): Promise<number> {
  const marker = `${services.config.REDIS_PREFIX}:reminders:jobs`;
  const fresh = await whenConnected(
    services.redis,
    () => services.redis.set(marker, '1', 'NX'),
    2_000,
  );
  if (fresh !== 'OK') return 0;
  const now = services.now();
  const pending = await services.db
    .selectFrom('reminderJobs as j')
    .innerJoin('reminderSessions as s', 's.id', 'j.sessionId')
    .leftJoin('reminderSettings as cfg', 'cfg.tenantId', 's.tenantId')
    .select(['j.jobId', 's.id as sessionId', 's.tenantId', 's.inicio', 'cfg.antecedenciaHoras'])
    .where('s.status', '=', 'agendada')
    .where('s.inicio', '>', now)
    .execute();
  for (const job of pending) {
    const lead = job.antecedenciaHoras ?? DEFAULT_REMINDER_SETTINGS.antecedenciaHoras;
    const version = /-v(\d+)$/.exec(job.jobId)?.[1];
    await services.jobs.add(
      REMINDERS_QUEUE,
      SEND_REMINDER,
      {
        tenantId: job.tenantId,
        sessionId: job.sessionId,
        ...(version && { version: Number(version) }),
      },
      { jobId: job.jobId, delay: Math.max(0, dueAt(job.inicio, lead).getTime() - now.getTime()) },
    );
  }
  return pending.length;
}

/**
 * Every minute, with PostgreSQL only: the reminders whose job was lost or late go out anyway,
 * and the trainers' daily e-mails; lost jobs are put back first when Redis answers.
 */
export const remindersSweep: WorkerTimer = {
  name: 'reminders',
  everyMs: 60_000,
  async run(services) {
    await restoreLostJobs(services).catch((error: unknown) =>
      services.logger.warn(`lembretes: tarefas não restauradas (Redis): ${String(error)}`),
    );
    await sendDueReminders(services);
    await sendDigests(services);
  },
};
