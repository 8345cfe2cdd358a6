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
 * `whatsapp_messages`: each message Vira sent by WhatsApp with its state as the webhooks report
 * it (enviado, entregue, lido, falhou with Meta's code) and whether it went by e-mail instead (one
 * refused with no e-mail to send is 'falhou' and not by e-mail). A
 * change of a session's reminder is told as a change of the session. An erased student's rows go.
 */
export const whatsAppMessagesProjection: Projection = {
  name: 'whatsapp-messages',
  tables: ['whatsapp_messages'],
  eventTypes: WHATSAPP_MESSAGE_EVENT_TYPES,
  personalData: [{ table: 'whatsapp_messages', subject: 'student_id', set: {}, deleteRows: true }],
  async apply(batch, trx) {
    const changes: ProjectionChange[] = [];
    for (const stored of eventsOfTypes<WhatsAppMessageEvent>(batch, WHATSAPP_MESSAGE_EVENT_TYPES)) {
      const { event, tenantId, occurredAt: updatedAt } = stored;
      let row: { sessionId: string | null; studentId: string } | undefined;
      switch (event.type) {
        case 'WhatsAppMessageSent': {
          const { messageId: id, ...sent } = event.data;
          row = await trx
            .insertInto('whatsappMessages')
            .values({ id, tenantId, ...sent, estado: 'enviado', updatedAt })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .returning(['sessionId', 'studentId'])
            .executeTakeFirst();
          break;
        }
        case 'WhatsAppMessageStatusChanged':
          row = await trx
            .updateTable('whatsappMessages')
            .set({ estado: event.data.estado, erroCodigo: event.data.codigo, updatedAt })
            .where('id', '=', event.data.messageId)
            .returning(['sessionId', 'studentId'])
            .executeTakeFirst();
          break;
        case 'WhatsAppMessageFellBack': {
          // Refused when sent, it has no row yet: it is recorded as failed.
          const { messageId: id, canal: _canal, codigo, ...message } = event.data;
          row = await trx
            .insertInto('whatsappMessages')
            .values({
              id,
              tenantId,
              ...message,
              wamid: null,
              estado: 'falhou',
              erroCodigo: codigo,
              porEmail: true,
              updatedAt,
            })
            .onConflict((conflict) =>
              conflict.column('id').doUpdateSet({ porEmail: true, updatedAt }),
            )
            .returning(['sessionId', 'studentId'])
            .executeTakeFirst();
          break;
        }
        case 'WhatsAppMessageRefused': {
          const { messageId: id, codigo, ...message } = event.data;
          row = await trx
            .insertInto('whatsappMessages')
            .values({
              id,
              tenantId,
              ...message,
              wamid: null,
              estado: 'falhou',
              erroCodigo: codigo,
              porEmail: false,
              updatedAt,
            })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .returning(['sessionId', 'studentId'])
            .executeTakeFirst();
          break;
        }
      }
      if (row?.sessionId)
        changes.push({ tenantId, type: 'session', id: row.sessionId, studentId: row.studentId });
    }
    return changes;
  },
};
