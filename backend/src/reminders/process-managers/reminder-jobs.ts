import {
  evolveSessionView,
  SESSION_EVENT_TYPES,
  type SessionEvent,
  type SessionEventType,
  type SessionView,
} from '../../contracts/scheduling';
import type { ReminderSettings } from '../../contracts/reminders';
import type { StoredEvent } from '../../platform/event-store/event';
import { readStream } from '../../platform/event-store/event-store';
import type { ProcessManager } from '../../platform/projections/process-manager';
import { isAway, withTimeout } from '../../platform/queue/redis';
import { reminderSettingsOfEach } from '../queries/reminders.repository';
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
/** Jobs not added in this time are left to the sweep (Redis slow or away). */
const JOB_TIMEOUT_MS = 2_000;

/** A session whose reminder job changes: the job it has (if any) and the one it should have. */
interface JobChange {
  tenantId: string;
  sessionId: string;
  current?: string;
  wanted?: { jobId: string; inicio: string };
}

/**
 * Keeps one delayed BullMQ job per booked session, firing when its reminder is due: booking adds
 * it, rescheduling replaces it, cancelling, finishing or deleting removes it. `reminder_jobs`
 * holds which job each session has (the truth the jobs are restored from when Redis loses them);
 * without Redis the job is left to the sweep, which sends due reminders every minute anyway.
 * A batch is handled at once: the last event of each session decides its job, and the rows,
 * settings and jobs of all of them are read and written in one round trip each.
 */
export const reminderJobsProcessManager: ProcessManager = {
  name: REMINDER_JOBS,
  eventTypes: REACTS_TO,
  async handle(events, services): Promise<void> {
    const { db } = services;
    const lastOfSession = new Map<string, StoredEvent>();
    for (const event of events) lastOfSession.set(event.streamId, event);
    const causes = [...lastOfSession.values()];
    // A booking is its session's first event: no job yet, and no stream to read.
    const moved = causes.filter((cause) => cause.eventType !== 'SessionBooked');
    const currentJobs =
      moved.length === 0
        ? new Map<string, string>()
        : new Map(
            (
              await db
                .selectFrom('reminderJobs')
                .select(['sessionId', 'jobId'])
                .where(
                  'sessionId',
                  'in',
                  moved.map((cause) => cause.streamId),
                )
                .execute()
            ).map((row) => [row.sessionId, row.jobId]),
          );
    const changes: JobChange[] = [];
    for (const cause of causes) {
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
      const wanted = upcoming
        ? { jobId: `${cause.streamId}-v${reminder.setAt}`, inicio: reminder.view.inicio }
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
        .where(
          'sessionId',
          'in',
          removed.map((change) => change.sessionId),
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
      await withTimeout(
        services.jobs.addMany(
          REMINDERS_QUEUE,
          SEND_REMINDER,
          added.map(({ tenantId, sessionId, wanted }) => {
            const { antecedenciaHoras } = settings.get(tenantId) as ReminderSettings;
            const due = dueAt(new Date(wanted.inicio), antecedenciaHoras).getTime();
            return {
              data: { tenantId, sessionId },
              options: { jobId: wanted.jobId, delay: Math.max(0, due - now) },
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
};
