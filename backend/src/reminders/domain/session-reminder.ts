import {
  evolveSessionView,
  type sessionLifecycleEvents,
  type SessionView,
} from '../../contracts/scheduling/events';
import { eventOf, type StoredEvent, type StoredEventOf } from '../../platform/event-store/event';

/** A session's stream as its reminder reads it (`readStreamOf(..., sessionLifecycleEvents)`). */
export type SessionStream = readonly StoredEventOf<typeof sessionLifecycleEvents>[];

/** A session as its reminder sees it, up to one of its events. */
export interface SessionReminder {
  view: SessionView;
  /**
   * The version of the event that last set its time or put it back on the agenda: the reminder's
   * job id is derived from it, so the same reminder always has the same job, and a job of an
   * earlier version knows it was overtaken.
   */
  setAt: number;
  /** When that event happened: the sweep waits until the time has stayed put for a while. */
  setSince: Date;
}

/** The session as of `upTo` (its last event when not given). */
export function reminderOf(
  stream: SessionStream,
  upTo: StoredEvent | undefined = stream.at(-1),
): SessionReminder | undefined {
  let view: SessionView | undefined;
  let setAt = 0;
  let setSince = new Date(0);
  for (const stored of stream) {
    if (!upTo || stored.globalPosition > upTo.globalPosition) break;
    view = evolveSessionView(view, eventOf(stored));
    if (
      stored.eventType === 'SessionBooked' ||
      stored.eventType === 'SessionRescheduled' ||
      (stored.eventType === 'SessionStatusChanged' && stored.data.to === 'agendada')
    ) {
      setAt = stored.streamVersion;
      setSince = stored.occurredAt;
    }
  }
  return view ? { view, setAt, setSince } : undefined;
}

/** A session whose student may still be told something: agendada, not deleted, not started. */
export const stillAhead = (reminder: SessionReminder | undefined, now: Date) =>
  reminder !== undefined &&
  reminder.view.status === 'agendada' &&
  !reminder.view.deleted &&
  Date.parse(reminder.view.inicio) > now.getTime();

/** How a message names the trainer: by name, or 'seu personal' when the name is not known. */
export const trainerNomeOf = (trainer: { nome: string } | undefined): string =>
  trainer?.nome ?? 'seu personal';
