import { projectionSpec } from '../../../../test/support/projection-spec';
import { aBooking, ANA } from '../../../../test/support/spec-events';
import type { SessionEvent } from '../../contracts/scheduling/events';
import { DELETED, reminderSessionsProjection } from '../projections/sessions.projection';

const BIA = '0190a0b0-0000-7000-8000-0000000000e2';
const GYM = '0190a0b0-0000-7000-8000-0000000000a1';
const booked: SessionEvent = { type: 'SessionBooked', data: aBooking({ locationId: GYM }) };
const given = projectionSpec(reminderSessionsProjection);

describe('reminder sessions projection', () => {
  it('keeps when a booked session starts, whose it is and where', () =>
    given(booked).then('reminder_sessions', [
      {
        studentId: ANA,
        locationId: GYM,
        inicio: new Date('2030-03-04T13:00:00.000Z'),
        status: 'agendada',
        version: 1,
      },
    ]));

  it('follows a move, a new student, a location cleared and the status', () =>
    given(booked)
      .when(
        {
          type: 'SessionRescheduled',
          data: { inicio: '2030-03-05T13:00:00.000Z', fim: '2030-03-05T14:00:00.000Z' },
        },
        { type: 'SessionReassigned', data: { studentId: BIA } },
        { type: 'SessionReassigned', data: { locationId: null } },
        { type: 'SessionNotesChanged', data: { observacoes: 'Trazer toalha' } },
        {
          type: 'SessionStatusChanged',
          data: { from: 'agendada', to: 'cancelada', lateCancellation: null },
        },
      )
      .then('reminder_sessions', [
        {
          studentId: BIA,
          locationId: null,
          inicio: new Date('2030-03-05T13:00:00.000Z'),
          status: 'cancelada',
          version: 6,
        },
      ]));

  it('keeps a deleted session, marked so that nothing is sent for it', () =>
    given(booked)
      .when({ type: 'SessionDeleted', data: {} })
      .then('reminder_sessions', [{ status: DELETED, version: 2 }]));

  it('skips the events of a session it never saw booked', () =>
    given(booked)
      .when({ type: 'SessionDeleted', data: {}, streamId: '0190a0b0-0000-7000-8000-000000000001' })
      .then('reminder_sessions', [{ status: 'agendada', version: 1 }]));

  it('tells the tenant which session changed', async () => {
    const spec = given(booked).when({ type: 'SessionDeleted', data: {} });
    await spec.thenChanges([{ tenantId: spec.tenantId, type: 'reminder', id: spec.streamId }]);
  });
});
