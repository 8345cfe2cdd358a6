import { sql } from 'kysely';
import { TrainerContacts } from '../../contracts/identity';
import {
  DEFAULT_REMINDER_SETTINGS,
  MAX_LEAD_HOURS,
  reminderMessage,
  reminderWhen,
} from '../../contracts/reminders';
import { addDays, dayRange, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/time';
import type { WorkerTimer } from '../../platform/context/bounded-context';
import type { WorkerServices } from '../../platform/context/worker-services';
import { escapeHtml } from '../../platform/mail/mailer';
import { whenConnected } from '../../platform/queue/redis';
import { tomorrowReminders } from '../queries/reminders.repository';

export const REMINDERS_QUEUE = 'reminders';
export const SEND_REMINDER = 'reminder.send';

declare module '../../platform/queue/jobs' {
  interface JobMap {
    reminders: { 'reminder.send': { tenantId: string; sessionId: string } };
  }
}

const HOUR_MS = 3_600_000;
/** Due reminders sent per sweep (the next sweep takes the rest). */
const SWEEP_LIMIT = 500;

/** When the reminder of a session starting at `inicio` is due, `leadHours` before it. */
export const dueAt = (inicio: Date, leadHours: number): Date =>
  new Date(inicio.getTime() - leadHours * HOUR_MS);

/**
 * The reminders due now (their lead time reached, the session not started), not yet sent, of
 * students with an e-mail, where the trainer has reminders on; one session's only, if given.
 */
function dueReminders({ db }: WorkerServices, now: Date, sessionId?: string) {
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
    .select([
      's.id as sessionId',
      's.tenantId',
      's.inicio',
      'st.nome as studentNome',
      'st.email',
      'l.nome as locationNome',
    ])
    .where('s.status', '=', 'agendada')
    .where('s.inicio', '>', now)
    .where('s.inicio', '<=', new Date(now.getTime() + MAX_LEAD_HOURS * HOUR_MS))
    .where(
      sql<boolean>`s.inicio - make_interval(hours => coalesce(cfg.antecedencia_horas, ${defaults.antecedenciaHoras})) <= ${now}`,
    )
    .where(sql<boolean>`coalesce(cfg.ativo, ${defaults.ativo})`)
    .where('st.ativo', '=', true)
    .where('st.email', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reminderDeliveries as d')
            .select('d.sessionId')
            .whereRef('d.sessionId', '=', 's.id')
            .whereRef('d.inicio', '=', 's.inicio'),
        ),
      ),
    )
    .orderBy('s.inicio')
    .limit(SWEEP_LIMIT);
  if (sessionId) query = query.where('s.id', '=', sessionId);
  return query.execute();
}

/**
 * Sends the student's reminders that are due (one session's, from its delayed job; all, from the
 * sweep). Each goes out once per session and start time: the delivery row is claimed in the
 * transaction that sends, so a job and a sweep racing (or two workers) send one e-mail, and a
 * send that fails leaves nothing claimed for the next sweep. Answers how many went out.
 */
export async function sendDueReminders(
  services: WorkerServices,
  sessionId?: string,
): Promise<number> {
  const now = services.now();
  const due = await dueReminders(services, now, sessionId);
  const trainers = new Map<string, Promise<{ nome: string } | undefined>>();
  const trainerOf = (tenantId: string) => {
    if (!trainers.has(tenantId))
      trainers.set(tenantId, services.port(TrainerContacts).contactOf(tenantId));
    return trainers.get(tenantId) as Promise<{ nome: string } | undefined>;
  };
  let sent = 0;
  for (const reminder of due) {
    const trainer = await trainerOf(reminder.tenantId);
    const text = reminderMessage({
      studentNome: reminder.studentNome,
      trainerNome: trainer?.nome ?? 'seu personal',
      quando: reminderWhen(reminder.inicio, now, DEFAULT_TIME_ZONE),
      locationNome: reminder.locationNome,
    });
    const claimed = await services.db.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto('reminderDeliveries')
        .values({
          sessionId: reminder.sessionId,
          inicio: reminder.inicio,
          tenantId: reminder.tenantId,
          sentAt: now,
        })
        .onConflict((conflict) => conflict.columns(['sessionId', 'inicio']).doNothing())
        .returning('sessionId')
        .executeTakeFirst();
      if (!claim) return false;
      await services.mailer.send({
        to: reminder.email as string,
        subject: `Lembrete: seu treino ${reminderWhen(reminder.inicio, now, DEFAULT_TIME_ZONE)}`,
        text,
        html: `<p>${escapeHtml(text)}</p>`,
      });
      return true;
    });
    if (claimed) sent += 1;
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
    await services.jobs.add(
      REMINDERS_QUEUE,
      SEND_REMINDER,
      { tenantId: job.tenantId, sessionId: job.sessionId },
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
