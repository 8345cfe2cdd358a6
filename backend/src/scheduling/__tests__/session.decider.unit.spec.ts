import { deciderSpec } from '../../../../test/support/decider-spec';
import { aBooking } from '../../../../test/support/spec-events';
import type { CancellationPolicy } from '../../contracts/locations/api';
import { type SessionCommand, sessionDecider } from '../domain/session.decider';
import type { SessionStreamEvent } from '../domain/session.events';
import type { LateCancellation, SessionStatus } from '../../contracts/scheduling/api';

const NOW = new Date('2030-03-01T12:00:00.000Z');
const given = deciderSpec(sessionDecider, NOW);

const ANA = '0190f0e0-0000-7000-8000-0000000000a1';
const BIA = '0190f0e0-0000-7000-8000-0000000000b1';
const ACADEMIA = '0190f0e0-0000-7000-8000-0000000000c1';
const ESTUDIO = '0190f0e0-0000-7000-8000-0000000000c2';

const booking = aBooking({
  studentId: ANA,
  locationId: ACADEMIA,
  inicio: '2030-03-02T10:00:00.000Z',
  fim: '2030-03-02T11:00:00.000Z',
});
const booked: SessionStreamEvent = { type: 'SessionBooked', data: booking };
const burning: CancellationPolicy = { cancelLimiteHoras: 24, taxaPercent: 50, queimaCredito: true };
/** The session's status changed `from` → `to`, late by `lateCancellation` or not. */
const statusChanged = (
  from: SessionStatus,
  to: SessionStatus,
  lateCancellation: LateCancellation | null = null,
): SessionStreamEvent => ({ type: 'SessionStatusChanged', data: { from, to, lateCancellation } });
const change = (
  changes: Extract<SessionCommand, { type: 'ChangeSession' }>['changes'],
  cancellation: Extract<SessionCommand, { type: 'ChangeSession' }>['cancellation'] = null,
): SessionCommand => ({ type: 'ChangeSession', changes, cancellation });

describe('session decider', () => {
  it("records the student's answer to the reminder once; 'Preciso remarcar' takes 'Confirmo' back; a moved session is asked again", () => {
    const confirmo: SessionCommand = { type: 'AnswerReminder', resposta: 'confirmo', messageId: 'm1' };
    const remarcar: SessionCommand = { type: 'AnswerReminder', resposta: 'remarcar', messageId: 'm1' };
    const confirmed: SessionStreamEvent = { type: 'SessionConfirmedByStudent', data: { messageId: 'm1' } };
    const asked: SessionStreamEvent = { type: 'SessionRescheduleRequested', data: { messageId: 'm1' } };
    const moved: SessionStreamEvent = {
      type: 'SessionRescheduled',
      data: { inicio: '2030-03-02T12:00:00.000Z', fim: '2030-03-02T13:00:00.000Z' },
    };
    given(booked).when(confirmo).then([confirmed]);
    given(booked, confirmed).when(confirmo).then([]);
    given(booked, confirmed).when(remarcar).then([asked]);
    given(booked, confirmed, asked).when(remarcar).then([]);
    given(booked, confirmed, moved).when(confirmo).then([confirmed]);
    // Not agendada any more, gone, or never booked: the answer changes nothing.
    given(booked, statusChanged('agendada', 'cancelada')).when(confirmo).then([]);
    given(booked, { type: 'SessionDeleted', data: {} }).when(remarcar).then([]);
    given().when(confirmo).then([]);
  });


  it('a student cancels only a session still agendada: one done (even ahead of time) or cancelled is refused in pt-BR, another student\'s is not found', () => {
    const cancelAs = (studentId: string): SessionCommand => ({
      type: 'CancelAsStudent',
      studentId,
      cancellation: { locationId: ACADEMIA, policy: burning },
    });
    given(booked)
      .when(cancelAs(ANA))
      .then([
        statusChanged('agendada', 'cancelada', {
          cancelLimiteHoras: 24,
          queimaCredito: true,
          taxaPercent: 50,
          burnsCredit: true,
        }),
      ]);
    given(booked, statusChanged('agendada', 'feita'))
      .when(cancelAs(ANA))
      .thenFails('not_cancellable', 'Esta sessão já foi realizada e não pode ser cancelada.');
    given(booked, statusChanged('agendada', 'cancelada'))
      .when(cancelAs(ANA))
      .thenFails('not_cancellable', 'Esta sessão já foi cancelada.');
    given(booked).when(cancelAs(BIA)).thenFails('not_found');
  });
  it('books a session once (its times are the schedule rules\' to judge)', () => {
    given().when({ type: 'BookSession', booking }).then([booked]);
    given(booked).when({ type: 'BookSession', booking }).thenFails('session_exists');
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
          confirmado: false,
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
        { type: 'SessionConfirmationChanged', data: { confirmado: false } },
        statusChanged('agendada', 'feita'),
      ]);
    given(booked)
      .when(change({ studentId: ANA, observacoes: null, status: 'agendada', confirmado: true }))
      .then([]);
    given(booked)
      .when(change({ locationId: null }))
      .then([{ type: 'SessionReassigned', data: { locationId: null } }]);
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

  it('keeps a permission to overlap for the time it was given, and asks again for a new time', () => {
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
    // Moved again: the permission was for the earlier time; given again with the move.
    const later = { inicio: '2030-03-02T14:00:00.000Z', fim: '2030-03-02T15:00:00.000Z' };
    given(booked, ...allowed)
      .when(change({ ...later, allowOverlap: true }))
      .then([{ type: 'SessionRescheduled', data: later }, { type: 'SessionOverlapAllowed', data: {} }]);
    given(booked, ...allowed, { type: 'SessionRescheduled', data: later })
      .when(change({ allowOverlap: true }))
      .then([{ type: 'SessionOverlapAllowed', data: {} }]);
    // Back on the agenda after a cancellation: a new claim of its time as well.
    given(booked, ...allowed, statusChanged('agendada', 'cancelada'))
      .when(change({ status: 'agendada', allowOverlap: true }))
      .then([
        { type: 'SessionOverlapAllowed', data: {} },
        statusChanged('cancelada', 'agendada'),
      ]);
  });

  describe('cancelling', () => {
    const policyAt = { locationId: ACADEMIA, policy: burning };

    it('late (inside the policy limit) carries the policy and whether it burns a credit', () => {
      // 22 h before the start, under a 24 h limit.
      given(booked)
        .when(change({ status: 'cancelada' }, policyAt))
        .then([
          statusChanged('agendada', 'cancelada', {
            cancelLimiteHoras: 24,
            queimaCredito: true,
            taxaPercent: 50,
            burnsCredit: true,
          }),
        ]);
      const lenient = { locationId: ACADEMIA, policy: { ...burning, queimaCredito: false } };
      expect(
        given(booked)
          .when(change({ status: 'cancelada' }, lenient))
          .events(),
      ).toEqual([
        statusChanged('agendada', 'cancelada', {
          cancelLimiteHoras: 24,
          queimaCredito: false,
          taxaPercent: 50,
          burnsCredit: false,
        }),
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
        .then([statusChanged('agendada', 'cancelada')]);
      given(booked, { type: 'SessionReassigned', data: { locationId: null } })
        .when(change({ status: 'cancelada' }))
        .then([statusChanged('agendada', 'cancelada')]);
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
      expect(events.at(-1)).toEqual(statusChanged('agendada', 'cancelada'));
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

  it("takes an erased student's session still ahead off the agenda, with no fee and no credit burnt; one past, done, cancelled or given to another student stays", () => {
    const erased: SessionCommand = { type: 'CancelForErasedStudent', studentId: ANA };
    given(booked).when(erased).then([statusChanged('agendada', 'cancelada')]);
    given(booked, statusChanged('agendada', 'feita')).when(erased).then([]);
    given(booked, statusChanged('agendada', 'cancelada')).when(erased).then([]);
    given(booked, { type: 'SessionReassigned', data: { studentId: BIA } }).when(erased).then([]);
    deciderSpec(sessionDecider, new Date('2030-03-02T10:30:00.000Z'))(booked).when(erased).then([]);
  });
});
