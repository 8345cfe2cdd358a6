import type { Selectable, Transaction } from 'kysely';
import {
  WHATSAPP_MESSAGE_EVENT_TYPES,
  type WhatsAppMessageEvent,
} from '../../contracts/messaging/events';
import type { Database } from '../../platform/database/database';
import type { Sessions } from '../../platform/database/database.types';
import type { StoredEvent } from '../../platform/event-store/event';
import {
  eventsOfTypes,
  type Projection,
  type ProjectionChange,
} from '../../platform/projections/projection';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';
import { SESSION_STREAM_EVENT_TYPES, type SessionStreamEvent } from '../domain/session.events';

/** One row per session stream, deleted ones marked. */
const sessionRows = streamRowProjection<SessionStreamEvent, Selectable<Sessions>>({
  name: 'sessions',
  table: 'sessions',
  eventTypes: SESSION_STREAM_EVENT_TYPES,
  changeType: 'session',
  studentOf: (row) => row.studentId,
  // What the student's reminders came to (read, failed) goes with them too.
  personalData: {
    subject: 'student_id',
    set: {
      observacoes: null,
      nome_informado: null,
      lembrete_message_id: null,
      lembrete_canal: null,
      lembrete_estado: null,
    },
  },
  // Every student's open slots move with any session of the trainer.
  tenantWideChange: 'schedule',
  nextRow(row, stored) {
    const { event } = stored;
    const stamp = { version: stored.streamVersion, updatedAt: stored.occurredAt };
    if (event.type === 'SessionBooked') {
      const { allowOverlap: _allowOverlap, nomeInformado, inicio, fim, ...booking } = event.data;
      return {
        id: stored.streamId,
        tenantId: stored.tenantId,
        ...booking,
        inicio: new Date(inicio),
        fim: new Date(fim),
        status: 'agendada',
        confirmado: booking.origin !== 'publico',
        nomeInformado: nomeInformado ?? null,
        confirmadoPeloAluno: false,
        remarcarPedidoEm: null,
        lembreteMessageId: null,
        lembreteCanal: null,
        lembreteEstado: null,
        createdAt: stored.occurredAt,
        removedAt: null,
        ...stamp,
      };
    }
    if (!row) return undefined;
    switch (event.type) {
      case 'SessionRescheduled':
        // The student's answers were to the old time.
        return {
          ...row,
          inicio: new Date(event.data.inicio),
          fim: new Date(event.data.fim),
          confirmadoPeloAluno: false,
          remarcarPedidoEm: null,
          ...stamp,
        };
      case 'SessionReassigned':
        return { ...row, ...event.data, ...stamp };
      case 'SessionNotesChanged':
        return { ...row, observacoes: event.data.observacoes, ...stamp };
      case 'SessionConfirmationChanged':
        return { ...row, confirmado: event.data.confirmado, ...stamp };
      case 'SessionStatusChanged':
        // Back on the agenda after a cancellation: the student is asked again.
        return event.data.from === 'cancelada'
          ? { ...row, status: event.data.to, confirmadoPeloAluno: false, remarcarPedidoEm: null, ...stamp }
          : { ...row, status: event.data.to, ...stamp };
      case 'SessionConfirmedByStudent':
        return { ...row, confirmadoPeloAluno: true, remarcarPedidoEm: null, ...stamp };
      case 'SessionRescheduleRequested':
        return { ...row, confirmadoPeloAluno: false, remarcarPedidoEm: stored.occurredAt, ...stamp };
      case 'SessionOverlapAllowed':
        return { ...row, ...stamp };
      case 'SessionDeleted':
        return { ...row, removedAt: stored.occurredAt, ...stamp };
    }
  },
});

/**
 * How the session's latest reminder went, from the messaging context's published message events:
 * by WhatsApp with its state (enviado, entregue, lido, falhou), or by e-mail when WhatsApp could
 * not deliver it (canal 'email', estado 'falhou': 'Falhou — enviado por e-mail'); refused with no
 * e-mail to send instead, canal 'whatsapp', estado 'falhou'. A later message (the 'Horário
 * alterado') replaces it, and the statuses of an earlier one no longer count. A change of it is a
 * change of the session.
 */
async function applyReminderStates(
  batch: readonly StoredEvent[],
  trx: Transaction<Database>,
): Promise<ProjectionChange[]> {
  const changes: ProjectionChange[] = [];
  for (const { event, tenantId } of eventsOfTypes<WhatsAppMessageEvent>(
    batch,
    WHATSAPP_MESSAGE_EVENT_TYPES,
  )) {
    let row: { id: string; studentId: string } | undefined;
    switch (event.type) {
      case 'WhatsAppMessageSent':
      case 'WhatsAppMessageFellBack':
      case 'WhatsAppMessageRefused': {
        const { sessionId, messageId } = event.data;
        if (!sessionId) break;
        row = await trx
          .updateTable('sessions')
          .set({
            lembreteMessageId: messageId,
            lembreteCanal: event.type === 'WhatsAppMessageFellBack' ? 'email' : 'whatsapp',
            lembreteEstado: event.type === 'WhatsAppMessageSent' ? 'enviado' : 'falhou',
          })
          .where('tenantId', '=', tenantId)
          .where('id', '=', sessionId)
          .returning(['id', 'studentId'])
          .executeTakeFirst();
        break;
      }
      case 'WhatsAppMessageStatusChanged':
        row = await trx
          .updateTable('sessions')
          .set({ lembreteEstado: event.data.estado })
          .where('lembreteMessageId', '=', event.data.messageId)
          .where('tenantId', '=', tenantId)
          .where('lembreteCanal', '=', 'whatsapp')
          .returning(['id', 'studentId'])
          .executeTakeFirst();
        break;
    }
    if (row) changes.push({ tenantId, type: 'session', id: row.id, studentId: row.studentId });
  }
  return changes;
}

/**
 * `sessions`: one row per session, deleted ones marked, with how its latest reminder went; the
 * agenda, dashboard and feed read it. A batch's session events first: a session's row is there
 * before any message about it, and none of them changes the reminder's state.
 */
export const sessionsProjection: Projection = {
  ...sessionRows,
  eventTypes: [...SESSION_STREAM_EVENT_TYPES, ...WHATSAPP_MESSAGE_EVENT_TYPES],
  async apply(batch, trx) {
    const changes = await sessionRows.apply(batch, trx);
    return changes.concat(await applyReminderStates(batch, trx));
  },
};
