import { sessionLifecycleEvents } from '../../contracts/scheduling/events';
import type { ReminderSettings } from '../../contracts/reminders/api';
import { pickEvents, type StoredEventOf } from '../../platform/event-store/event';
import { readStreamOf } from '../../platform/event-store/event-store';
import { processManager } from '../../platform/projections/process-manager';
import { isAway, withTimeout } from '../../platform/queue/redis';
import { reminderOf, stillAhead } from '../domain/session-reminder';
import { reminderSettingsOfEach } from '../queries/reminders.repository';
import { dueAt, REMINDERS_QUEUE, SEND_REMINDER, settleMs } from '../jobs/reminder-delivery';

/** The events that move or end a session's reminder. */
const reactsTo = pickEvents(sessionLifecycleEvents, [
  'SessionBooked',
  'SessionRescheduled',
  'SessionStatusChanged',
  'SessionDeleted',
]);

export const REMINDER_JOBS = 'reminder-jobs';
/** Jobs not added in this time are left to the sweep (Redis slow or away). */
const JOB_TIMEOUT_MS = 2_000;

/** A session whose reminder job changes: the job it has (if any) and the one it should have. */
interface JobChange {
  tenantId: string;
  sessionId: string;
  current?: string;
  wanted?: { jobId: string; version: number; inicio: string; reminded: boolean };
}

/**
 * Keeps one delayed BullMQ job per booked session, firing when its reminder is due, and never
 * before its time has stayed put for the settle time (REMINDER_SETTLE_SECONDS; a job overtaken by
 * a later change sends nothing): booking adds it, rescheduling replaces it, cancelling, finishing
 * or deleting removes it. A session whose student was already reminded gets its job after the
 * settle time, to tell them the new time once ('Horário alterado'). `reminder_jobs`
 * holds which job each session has (the truth the jobs are restored from when Redis loses them);
 * without Redis the job is left to the sweep, which sends due reminders every minute anyway.
 * A batch is handled at once: the last event of each session decides its job, and the rows,
 * settings and jobs of all of them are read and written in one round trip each.
 */
export const reminderJobsProcessManager = processManager({
  name: REMINDER_JOBS,
  reactsTo,
  async handle(events, services): Promise<void> {
    const { db } = services;
    const lastOfSession = new Map<string, StoredEventOf<typeof reactsTo>>();
    for (const event of events) lastOfSession.set(event.streamId, event);
    const causes = [...lastOfSession.values()];
    // A booking is its session's first event: no job yet, and no stream to read.
    const moved = causes.filter((cause) => cause.eventType !== 'SessionBooked');
    const known =
      moved.length === 0
        ? []
        : await db
            .selectFrom('reminderJobs as j')
            .fullJoin('reminderDeliveries as d', 'd.sessionId', 'j.sessionId')
            .select(['j.sessionId as jobOf', 'j.jobId', 'd.sessionId as remindedOf'])
            .where((eb) =>
              eb.or([
                eb('j.sessionId', '=', eb.fn.any(eb.val(moved.map((cause) => cause.streamId)))),
                eb('d.sessionId', '=', eb.fn.any(eb.val(moved.map((cause) => cause.streamId)))),
              ]),
            )
            .execute();
    const currentJobs = new Map(
      known.flatMap((row) => (row.jobOf && row.jobId ? [[row.jobOf, row.jobId] as const] : [])),
    );
    const reminded = new Set(known.flatMap((row) => (row.remindedOf ? [row.remindedOf] : [])));
    const changes: JobChange[] = [];
    for (const cause of causes) {
      const stream =
        cause.eventType === 'SessionBooked'
          ? [cause]
          : await readStreamOf(db, cause.tenantId, cause.streamId, sessionLifecycleEvents);
      const reminder = reminderOf(stream, cause);
      const wanted =
        reminder && stillAhead(reminder, services.now())
          ? {
              jobId: `${cause.streamId}-v${reminder.setAt}`,
              version: reminder.setAt,
              inicio: reminder.view.inicio,
              reminded: reminded.has(cause.streamId),
            }
          : undefined;
      const current = currentJobs.get(cause.streamId);
      if (current === wanted?.jobId) continue;
      changes.push({ tenantId: cause.tenantId, sessionId: cause.streamId, current, wanted });
    }
    if (changes.length === 0) return;

    const added = changes.flatMap(({ wanted, ...change }) =>
      wanted ? [{ ...change, wanted }] : [],
    );
    const removed = changes.filter((change) => !change.wanted);
    if (added.length > 0)
      await db
        .insertInto('reminderJobs')
        .values(added.map(({ sessionId, wanted }) => ({ sessionId, jobId: wanted.jobId })))
        .onConflict((conflict) =>
          conflict.column('sessionId').doUpdateSet((eb) => ({ jobId: eb.ref('excluded.jobId') })),
        )
        .execute();
    if (removed.length > 0)
      await db
        .deleteFrom('reminderJobs')
        .where((eb) =>
          eb('sessionId', '=', eb.fn.any(eb.val(removed.map((change) => change.sessionId)))),
        )
        .execute();

    if (isAway(services.redis)) return;
    try {
      const replaced = changes.flatMap((change) => (change.current ? [change.current] : []));
      await withTimeout(
        Promise.all(replaced.map((jobId) => services.jobs.remove(REMINDERS_QUEUE, jobId))),
        JOB_TIMEOUT_MS,
      );
      if (added.length === 0) return;
      const settings = await reminderSettingsOfEach(db, [
        ...new Set(added.map((change) => change.tenantId)),
      ]);
      const now = services.now().getTime();
      const settle = settleMs(services);
      await withTimeout(
        services.jobs.addMany(
          REMINDERS_QUEUE,
          SEND_REMINDER,
          added.map(({ tenantId, sessionId, wanted }) => {
            const { antecedenciaHoras } = settings.get(tenantId) as ReminderSettings;
            const due = dueAt(new Date(wanted.inicio), antecedenciaHoras).getTime();
            return {
              data: { tenantId, sessionId, version: wanted.version },
              options: {
                jobId: wanted.jobId,
                delay: wanted.reminded ? settle : Math.max(settle, due - now),
              },
            };
          }),
        ),
        JOB_TIMEOUT_MS,
      );
    } catch (error) {
      services.logger.warn(
        `lembretes: tarefas de ${changes.length} sessões sem Redis: ${String(error)}`,
      );
    }
  },
});
