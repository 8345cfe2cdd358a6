import {
  evolveSessionView,
  SESSION_EVENT_TYPES,
  type SessionEvent,
  type SessionEventType,
  type SessionView,
} from '../../contracts/scheduling';
import type { WorkerServices } from '../../platform/context/worker-services';
import type { StoredEvent } from '../../platform/event-store/event';
import { readStream } from '../../platform/event-store/event-store';
import type { ProcessManager } from '../../platform/projections/process-manager';
import { isAway, withTimeout } from '../../platform/queue/redis';
import { reminderSettingsOf } from '../queries/reminders.repository';
import { dueAt, REMINDERS_QUEUE, SEND_REMINDER } from '../jobs/reminder-delivery';

/** The events that move or end a session's reminder. */
const REACTS_TO: readonly SessionEventType[] = [
  'SessionBooked',
  'SessionRescheduled',
  'SessionStatusChanged',
  'SessionDeleted',
];
const PUBLISHED: ReadonlySet<string> = new Set(SESSION_EVENT_TYPES);

/**
 * The session as of `cause`, and the version of the event that last set its time or put it back
 * on the agenda: the reminder's job id is derived from it, so the same reminder always has the
 * same job, and a replay adds nothing.
 */
export function reminderOf(
  stream: readonly StoredEvent[],
  cause: StoredEvent,
): { view: SessionView; setAt: number } | undefined {
  let view: SessionView | undefined;
  let setAt = 0;
  for (const stored of stream) {
    if (stored.globalPosition > cause.globalPosition) break;
    if (!PUBLISHED.has(stored.eventType)) continue;
    const event = { type: stored.eventType, data: stored.data } as SessionEvent;
    view = evolveSessionView(view, event);
    if (
      event.type === 'SessionBooked' ||
      event.type === 'SessionRescheduled' ||
      (event.type === 'SessionStatusChanged' && event.data.to === 'agendada')
    )
      setAt = stored.streamVersion;
  }
  return view ? { view, setAt } : undefined;
}

export const REMINDER_JOBS = 'reminder-jobs';
/** A job not added in this time is left to the sweep (Redis slow or away). */
const JOB_TIMEOUT_MS = 2_000;

/**
 * Keeps one delayed BullMQ job per booked session, firing when its reminder is due: booking adds
 * it, rescheduling replaces it, cancelling, finishing or deleting removes it. `reminder_jobs`
 * holds which job each session has (the truth the jobs are restored from when Redis loses them);
 * without Redis the job is left to the sweep, which sends due reminders every minute anyway.
 */
export const reminderJobsProcessManager: ProcessManager = {
  name: REMINDER_JOBS,
  eventTypes: REACTS_TO,
  async handle(cause: StoredEvent, services: WorkerServices): Promise<void> {
    const { db } = services;
    // A booking is its own whole story (most events are bookings): no need to read the stream.
    const stream =
      cause.eventType === 'SessionBooked'
        ? [cause]
        : await readStream(db, cause.tenantId, cause.streamId);
    const reminder = reminderOf(stream, cause);
    const upcoming =
      reminder &&
      reminder.view.status === 'agendada' &&
      !reminder.view.deleted &&
      Date.parse(reminder.view.inicio) > services.now().getTime();
    const wanted = upcoming ? `${cause.streamId}-v${reminder.setAt}` : undefined;
    const current =
      cause.eventType === 'SessionBooked'
        ? undefined
        : await db
            .selectFrom('reminderJobs')
            .select('jobId')
            .where('sessionId', '=', cause.streamId)
            .executeTakeFirst();
    if (current?.jobId === wanted) return;

    if (!wanted && !current) return;
    if (wanted)
      await db
        .insertInto('reminderJobs')
        .values({ sessionId: cause.streamId, jobId: wanted })
        .onConflict((conflict) => conflict.column('sessionId').doUpdateSet({ jobId: wanted }))
        .execute();
    else await db.deleteFrom('reminderJobs').where('sessionId', '=', cause.streamId).execute();

    if (isAway(services.redis)) return;
    try {
      if (current)
        await withTimeout(services.jobs.remove(REMINDERS_QUEUE, current.jobId), JOB_TIMEOUT_MS);
      if (wanted && reminder) {
        const { antecedenciaHoras } = await reminderSettingsOf(db, cause.tenantId);
        const delay =
          dueAt(new Date(reminder.view.inicio), antecedenciaHoras).getTime() -
          services.now().getTime();
        await withTimeout(
          services.jobs.add(
            REMINDERS_QUEUE,
            SEND_REMINDER,
            { tenantId: cause.tenantId, sessionId: cause.streamId },
            { jobId: wanted, delay: Math.max(0, delay) },
          ),
          JOB_TIMEOUT_MS,
        );
      }
    } catch (error) {
      services.logger.warn(
        `lembretes: tarefa da sessão ${cause.streamId} sem Redis: ${String(error)}`,
      );
    }
  },
};
