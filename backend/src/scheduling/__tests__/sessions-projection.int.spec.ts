import { projectionSpec, SPEC_CLOCK } from '../../../../test/support/projection-spec';
import { aBooking, ANA } from '../../../../test/support/spec-events';
import type { SessionStreamEvent } from '../domain/session.events';
import { sessionsProjection } from '../projections/sessions.projection';

const BIA = '0190a0b0-0000-7000-8000-0000000000e2';
const booked = (origin: 'personal' | 'publico', nomeInformado?: string): SessionStreamEvent => ({
  type: 'SessionBooked',
  data: aBooking({ origin, ...(nomeInformado && { nomeInformado }) }),
});
const given = projectionSpec(sessionsProjection);

describe('sessions projection', () => {
  it("keeps the student's answer to the reminder; a move clears it", async () => {
    await given(booked('personal'))
      .when({ type: 'SessionConfirmedByStudent', data: { messageId: 'm1' } })
      .then('sessions', [{ confirmadoPeloAluno: true, remarcarPedidoEm: null }]);
    await given(booked('personal'), { type: 'SessionConfirmedByStudent', data: { messageId: 'm1' } })
      .when({ type: 'SessionRescheduleRequested', data: { messageId: 'm1' } })
      .then('sessions', [{ confirmadoPeloAluno: false, remarcarPedidoEm: new Date(SPEC_CLOCK.getTime() + 3_000) }]);
    await given(booked('personal'), { type: 'SessionRescheduleRequested', data: { messageId: 'm1' } })
      .when({ type: 'SessionRescheduled', data: { inicio: '2030-03-05T13:00:00.000Z', fim: '2030-03-05T14:00:00.000Z' } })
      .then('sessions', [{ confirmadoPeloAluno: false, remarcarPedidoEm: null }]);
  });

  it("keeps a trainer's booking agendada and confirmed", () =>
    given(booked('personal')).then('sessions', [
      {
        studentId: ANA,
        inicio: new Date('2030-03-04T13:00:00.000Z'),
        fim: new Date('2030-03-04T14:00:00.000Z'),
        status: 'agendada',
        confirmado: true,
        nomeInformado: null,
        origin: 'personal',
        removedAt: null,
        version: 1,
      },
    ]));

  it('keeps a booking from the public page to confirm, with the name the visitor typed', () =>
    given(booked('publico', 'Aninha')).then('sessions', [
      { confirmado: false, nomeInformado: 'Aninha', origin: 'publico' },
    ]));

  it('moves, reassigns, confirms, notes and changes the status; a deleted session is marked', () =>
    given(booked('publico'))
      .when(
        { type: 'SessionRescheduled', data: { inicio: '2030-03-05T13:00:00.000Z', fim: '2030-03-05T14:00:00.000Z' } },
        { type: 'SessionReassigned', data: { studentId: BIA } },
        { type: 'SessionConfirmationChanged', data: { confirmado: true } },
        { type: 'SessionNotesChanged', data: { observacoes: 'Trazer toalha' } },
        { type: 'SessionStatusChanged', data: { from: 'agendada', to: 'feita', lateCancellation: null } },
        { type: 'SessionDeleted', data: {} },
      )
      .then('sessions', [
        {
          studentId: BIA,
          inicio: new Date('2030-03-05T13:00:00.000Z'),
          confirmado: true,
          observacoes: 'Trazer toalha',
          status: 'feita',
          removedAt: new Date(SPEC_CLOCK.getTime() + 7_000),
          version: 7,
        },
      ]));

  it("tells the tenant and the session's student, and every student that the schedule moved", async () => {
    const spec = given(booked('personal')).when({ type: 'SessionNotesChanged', data: { observacoes: 'x' } });
    await spec.thenChanges([
      { tenantId: spec.tenantId, type: 'session', id: spec.streamId, studentId: ANA },
      { tenantId: spec.tenantId, type: 'schedule', id: spec.tenantId, allStudents: true },
    ]);
  });
});
