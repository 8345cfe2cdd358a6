import { deciderSpec } from '../../../../test/support/decider-spec';
import type { CancellationPolicy } from '../../contracts/locations';
import type { SessionBooking } from '../../contracts/scheduling';
import { type SessionCommand, sessionDecider } from '../domain/session.decider';
import type { SessionStreamEvent } from '../domain/session.events';

const NOW = new Date('2030-03-01T12:00:00.000Z');
const given = deciderSpec(sessionDecider, NOW);

const ANA = '0190f0e0-0000-7000-8000-0000000000a1';
const BIA = '0190f0e0-0000-7000-8000-0000000000b1';
const ACADEMIA = '0190f0e0-0000-7000-8000-0000000000c1';
const ESTUDIO = '0190f0e0-0000-7000-8000-0000000000c2';

const booking: SessionBooking = {
  studentId: ANA,
  locationId: ACADEMIA,
  inicio: '2030-03-02T10:00:00.000Z',
  fim: '2030-03-02T11:00:00.000Z',
  observacoes: null,
  seriesId: null,
  allowOverlap: false,
  origin: 'personal',
};
const booked: SessionStreamEvent = { type: 'SessionBooked', data: booking };
const burning: CancellationPolicy = { cancelLimiteHoras: 24, taxaPercent: 50, queimaCredito: true };
const change = (
  changes: Extract<SessionCommand, { type: 'ChangeSession' }>['changes'],
  cancellation: Extract<SessionCommand, { type: 'ChangeSession' }>['cancellation'] = null,
): SessionCommand => ({ type: 'ChangeSession', changes, cancellation });

describe('session decider', () => {
  it('books a session once, its end after its start', () => {
    given().when({ type: 'BookSession', booking }).then([booked]);
    given(booked).when({ type: 'BookSession', booking }).thenFails('session_exists');
    given()
      .when({ type: 'BookSession', booking: { ...booking, fim: booking.inicio } })
      .thenFails('invalid_range', 'O horário de término deve ser depois do início');
  });

  it('writes only what changed, the status last', () => {
    given(booked)
      .when(
        change({
          studentId: BIA,
          locationId: ACADEMIA,
          inicio: '2030-03-02T12:00:00.000Z',
          fim: '2030-03-02T13:00:00.000Z',
          observacoes: 'Trazer toalha',
          confirmado: true,
          status: 'feita',
        }),
      )
      .then([
        { type: 'SessionReassigned', data: { studentId: BIA } },
        {
          type: 'SessionRescheduled',
          data: { inicio: '2030-03-02T12:00:00.000Z', fim: '2030-03-02T13:00:00.000Z' },
        },
        { type: 'SessionNotesChanged', data: { observacoes: 'Trazer toalha' } },
        { type: 'SessionConfirmationChanged', data: { confirmado: true } },
        {
          type: 'SessionStatusChanged',
          data: { from: 'agendada', to: 'feita', lateCancellation: null },
        },
      ]);
    given(booked)
      .when(change({ studentId: ANA, observacoes: null, status: 'agendada', confirmado: false }))
      .then([]);
    given(booked)
      .when(change({ locationId: null }))
      .then([{ type: 'SessionReassigned', data: { locationId: null } }]);
  });

  it('refuses an end not after the start, whichever time changes', () => {
    given(booked)
      .when(change({ fim: booking.inicio }))
      .thenFails('invalid_range');
    given(booked)
      .when(change({ inicio: '2030-03-02T11:30:00.000Z' }))
      .thenFails('invalid_range', 'O horário de término deve ser depois do início');
    given(booked)
      .when(change({ shift: { inicio: 0, fim: -3_600_000 } }))
      .thenFails('invalid_range');
  });

  it('moves by a shift, start and end each by their own amount', () => {
    given(booked)
      .when(change({ shift: { inicio: 1_800_000, fim: 3_600_000 } }))
      .then([
        {
          type: 'SessionRescheduled',
          data: { inicio: '2030-03-02T10:30:00.000Z', fim: '2030-03-02T12:00:00.000Z' },
        },
      ]);
  });

  it('keeps a permission to overlap once given', () => {
    const allowed = given(booked)
      .when(change({ inicio: '2030-03-02T09:00:00.000Z', allowOverlap: true }))
      .events();
    expect(allowed.map((event) => event.type)).toEqual([
      'SessionRescheduled',
      'SessionOverlapAllowed',
    ]);
    given(booked, ...allowed)
      .when(change({ allowOverlap: true, observacoes: 'Dupla' }))
      .then([{ type: 'SessionNotesChanged', data: { observacoes: 'Dupla' } }]);
  });

  describe('cancelling', () => {
    const policyAt = { locationId: ACADEMIA, policy: burning };

    it('late (inside the policy limit) carries the policy and whether it burns a credit', () => {
      // 22 h before the start, under a 24 h limit.
      given(booked)
        .when(change({ status: 'cancelada' }, policyAt))
        .then([
          {
            type: 'SessionStatusChanged',
            data: {
              from: 'agendada',
              to: 'cancelada',
              lateCancellation: {
                cancelLimiteHoras: 24,
                queimaCredito: true,
                taxaPercent: 50,
                burnsCredit: true,
              },
            },
          },
        ]);
      const lenient = { locationId: ACADEMIA, policy: { ...burning, queimaCredito: false } };
      expect(
        given(booked)
          .when(change({ status: 'cancelada' }, lenient))
          .events(),
      ).toEqual([
        {
          type: 'SessionStatusChanged',
          data: {
            from: 'agendada',
            to: 'cancelada',
            lateCancellation: {
              cancelLimiteHoras: 24,
              queimaCredito: false,
              taxaPercent: 50,
              burnsCredit: false,
            },
          },
        },
      ]);
    });

    it('early, or without a location, is not late', () => {
      given(booked)
        .when(
          change(
            { status: 'cancelada' },
            { locationId: ACADEMIA, policy: { ...burning, cancelLimiteHoras: 12 } },
          ),
        )
        .then([
          {
            type: 'SessionStatusChanged',
            data: { from: 'agendada', to: 'cancelada', lateCancellation: null },
          },
        ]);
      given(booked, { type: 'SessionReassigned', data: { locationId: null } })
        .when(change({ status: 'cancelada' }))
        .then([
          {
            type: 'SessionStatusChanged',
            data: { from: 'agendada', to: 'cancelada', lateCancellation: null },
          },
        ]);
    });

    it('judges by the new start and the new location when they change together', () => {
      const events = given(booked)
        .when(
          change(
            {
              locationId: ESTUDIO,
              inicio: '2030-03-05T10:00:00.000Z',
              fim: '2030-03-05T11:00:00.000Z',
              status: 'cancelada',
            },
            { locationId: ESTUDIO, policy: burning },
          ),
        )
        .events();
      // 94 h ahead of now once moved: early.
      expect(events.at(-1)).toEqual({
        type: 'SessionStatusChanged',
        data: { from: 'agendada', to: 'cancelada', lateCancellation: null },
      });
    });

    it('refuses a policy read for another location (the session moved meanwhile)', () => {
      given(booked)
        .when(change({ status: 'cancelada' }, { locationId: ESTUDIO, policy: burning }))
        .thenFails('concurrent_modification');
      given(booked)
        .when(change({ status: 'cancelada' }))
        .thenFails('concurrent_modification');
    });
  });

  it('deletes once; a deleted session is not found', () => {
    given(booked)
      .when({ type: 'DeleteSession' })
      .then([{ type: 'SessionDeleted', data: {} }]);
    given(booked, { type: 'SessionDeleted', data: {} })
      .when({ type: 'DeleteSession' })
      .thenFails('not_found', 'Agendamento não encontrado');
    given()
      .when(change({ status: 'feita' }))
      .thenFails('not_found');
  });
});
