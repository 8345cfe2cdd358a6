import type { Selectable } from 'kysely';
import type { Sessions } from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';
import { SESSION_STREAM_EVENT_TYPES, type SessionStreamEvent } from '../domain/session.events';

/** `sessions`: one row per session, deleted ones marked; the agenda, dashboard and feed read it. */
export const sessionsProjection = streamRowProjection<SessionStreamEvent, Selectable<Sessions>>({
  name: 'sessions',
  table: 'sessions',
  eventTypes: SESSION_STREAM_EVENT_TYPES,
  changeType: 'session',
  studentOf: (row) => row.studentId,
  personalData: { subject: 'student_id', set: { observacoes: null, nome_informado: null } },
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
