import { sessionLifecycleEvents } from '../../contracts/scheduling/events';
import { dataErasureEvents } from '../../contracts/shared/personal-data';
import { DomainError } from '../../platform/errors/domain-error';
import { pickEvents } from '../../platform/event-store/event';
import { streamsNaming } from '../../platform/event-store/event-store';
import { processManager, processManagerCommand } from '../../platform/projections/process-manager';
import { SessionCommands } from '../commands/session.commands';

export const SESSIONS_OF_ERASED_STUDENTS = 'sessions-of-erased-students';

/**
 * An erased student has no session ahead: each of theirs still booked leaves the agenda
 * (cancelled, no fee, no credit burnt), so its time is free for someone else instead of showing
 * 'Titular removido' until it passes. Their sessions are found in the log (booked for them, or
 * given to them), so one booked a moment before the erasure is not missed.
 */
export const sessionsOfErasedStudents = processManager({
  name: SESSIONS_OF_ERASED_STUDENTS,
  reactsTo: pickEvents(dataErasureEvents, ['PersonalDataErased']),
  async handle(events, services) {
    const sessions = new SessionCommands(services.commands);
    for (const event of events) {
      const { studentId } = event.data;
      const naming = pickEvents(sessionLifecycleEvents, ['SessionBooked', 'SessionReassigned']);
      const ids = await streamsNaming(services.db, event.tenantId, naming, 'studentId', studentId);
      for (const [index, sessionId] of ids.entries()) {
        try {
          await sessions.handle(
            processManagerCommand(SESSIONS_OF_ERASED_STUDENTS, event, index),
            sessionId,
            { type: 'CancelForErasedStudent', studentId },
          );
        } catch (error) {
          // A session deleted meanwhile: nothing to take off.
          if (!(error instanceof DomainError && error.code === 'not_found')) throw error;
        }
      }
    }
  },
});
