import { whatsAppMessageEvents } from '../../contracts/messaging/events';
import { ReminderAnswers } from '../../contracts/scheduling/ports';
import { pickEvents } from '../../platform/event-store/event';
import { processManager, processManagerCommand } from '../../platform/projections/process-manager';

export const REMINDER_REPLIES = 'reminder-replies';

/**
 * A student's answer to a session's reminder reaches the session (the scheduling context owns
 * it, through its ReminderAnswers port): 'Confirmo' marks it confirmed by the student, 'Preciso
 * remarcar' records the request the trainer sees. Keyed by the answer's event, so a batch run
 * twice sends nothing twice.
 */
export const reminderReplies = processManager({
  name: REMINDER_REPLIES,
  reactsTo: pickEvents(whatsAppMessageEvents, ['WhatsAppReplyReceived']),
  async handle(events, services) {
    for (const event of events) {
      const { sessionId, resposta, messageId } = event.data;
      if (!sessionId) continue;
      await services
        .port(ReminderAnswers)
        .answer(processManagerCommand(REMINDER_REPLIES, event), sessionId, resposta, messageId);
    }
  },
});
