import {
  WHATSAPP_MESSAGE_EVENT_TYPES,
  type WhatsAppMessageEvent,
} from '../../contracts/messaging/events';
import {
  eventsOfTypes,
  type Projection,
  type ProjectionChange,
} from '../../platform/projections/projection';

/**
 * `session_reminders`: how the latest reminder of each session went, from the messaging context's
 * published message events — by WhatsApp with its state (enviado, entregue, lido, falhou), or by
 * e-mail when WhatsApp could not deliver it (canal 'email', estado 'falhou': 'Falhou — enviado por
 * e-mail'); refused with no e-mail to send instead, canal 'whatsapp', estado 'falhou'. The agenda
 * shows it; a change of it is a change of the session. An erased student's
 * rows go.
 */
export const sessionRemindersProjection: Projection = {
  name: 'session-reminders',
  tables: ['session_reminders'],
  eventTypes: WHATSAPP_MESSAGE_EVENT_TYPES,
  personalData: [{ table: 'session_reminders', subject: 'student_id', set: {}, deleteRows: true }],
  async apply(batch, trx) {
    const changes: ProjectionChange[] = [];
    for (const stored of eventsOfTypes<WhatsAppMessageEvent>(batch, WHATSAPP_MESSAGE_EVENT_TYPES)) {
      const { event, tenantId, occurredAt: updatedAt } = stored;
      let row: { sessionId: string; studentId: string } | undefined;
      switch (event.type) {
        case 'WhatsAppMessageSent':
        case 'WhatsAppMessageFellBack':
        case 'WhatsAppMessageRefused': {
          const { sessionId, studentId, messageId } = event.data;
          if (!sessionId) break;
          const values = {
            messageId,
            canal: event.type === 'WhatsAppMessageFellBack' ? 'email' : 'whatsapp',
            estado: event.type === 'WhatsAppMessageSent' ? 'enviado' : 'falhou',
            updatedAt,
          };
          row = await trx
            .insertInto('sessionReminders')
            .values({ sessionId, tenantId, studentId, ...values })
            .onConflict((conflict) => conflict.columns(['tenantId', 'sessionId']).doUpdateSet(values))
            .returning(['sessionId', 'studentId'])
            .executeTakeFirst();
          break;
        }
        case 'WhatsAppMessageStatusChanged':
          row = await trx
            .updateTable('sessionReminders')
            .set({ estado: event.data.estado, updatedAt })
            .where('tenantId', '=', tenantId)
            .where('messageId', '=', event.data.messageId)
            .where('canal', '=', 'whatsapp')
            .returning(['sessionId', 'studentId'])
            .executeTakeFirst();
          break;
      }
      if (row)
        changes.push({ tenantId, type: 'session', id: row.sessionId, studentId: row.studentId });
    }
    return changes;
  },
};
