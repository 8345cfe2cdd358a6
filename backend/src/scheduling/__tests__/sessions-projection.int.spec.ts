import { projectionSpec, type SpecEvent, SPEC_CLOCK } from '../../../../test/support/projection-spec';
import { aBooking, ANA } from '../../../../test/support/spec-events';
import type { WhatsAppMessageEvent } from '../../contracts/messaging/events';
import { asTheAppRuns } from '../../contexts';
import type { SessionStreamEvent } from '../domain/session.events';
import { sessionsProjection } from '../projections/sessions.projection';

const BIA = '0190a0b0-0000-7000-8000-0000000000e2';
const booked = (origin: 'personal' | 'publico', nomeInformado?: string): SessionStreamEvent => ({
  type: 'SessionBooked',
  data: aBooking({ origin, ...(nomeInformado && { nomeInformado }) }),
});
const given = projectionSpec(asTheAppRuns([sessionsProjection]));

/** The spec's session: its events on this stream, its reminders' on theirs. */
const SESSION = '0193a000-0000-7000-8000-0000000000cc';
const FIRST = '0193a000-0000-7000-8000-0000000000e1';
const SECOND = '0193a000-0000-7000-8000-0000000000e2';
const ofSession = (event: SessionStreamEvent): SpecEvent => ({ ...event, streamId: SESSION });
const message = (messageId: string) => ({
  messageId,
  studentId: ANA,
  sessionId: SESSION,
  cause: `reminder-${messageId}`,
  modelo: 'vira_lembrete_sessao',
});
const onItsStream = (messageId: string, event: WhatsAppMessageEvent): SpecEvent => ({
  ...event,
  streamId: messageId,
});
const sent = (messageId: string) =>
  onItsStream(messageId, {
    type: 'WhatsAppMessageSent',
    data: { ...message(messageId), wamid: `wamid.${messageId}` },
  });
const read = (messageId: string) =>
  onItsStream(messageId, {
    type: 'WhatsAppMessageStatusChanged',
    data: { messageId, estado: 'lido', codigo: null },
  });

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

  describe("the session's latest reminder", () => {
    it('keeps its state and tells it as a change of the session', async () => {
      const spec = given(ofSession(booked('personal')), sent(FIRST)).when(read(FIRST));
      await spec.then('sessions', [
        { id: SESSION, lembreteMessageId: FIRST, lembreteCanal: 'whatsapp', lembreteEstado: 'lido', version: 1 },
      ]);
      await spec.thenChanges([{ type: 'session', id: SESSION, studentId: ANA }]);
    });

    it("a later message (Horário alterado) replaces it; the earlier one's statuses no longer count", () =>
      given(ofSession(booked('personal')), sent(FIRST), sent(SECOND))
        .when(read(FIRST))
        .then('sessions', [{ lembreteMessageId: SECOND, lembreteEstado: 'enviado' }]));

    it("'Falhou — enviado por e-mail'", () =>
      given(ofSession(booked('personal')), sent(FIRST))
        .when(
          onItsStream(FIRST, {
            type: 'WhatsAppMessageFellBack',
            data: { ...message(FIRST), canal: 'email', codigo: 131026 },
          }),
        )
        .then('sessions', [{ lembreteCanal: 'email', lembreteEstado: 'falhou' }]));

    it("refused with no e-mail to send instead: 'Falhou' on WhatsApp", () =>
      given(ofSession(booked('personal')))
        .when(
          onItsStream(FIRST, {
            type: 'WhatsAppMessageRefused',
            data: { ...message(FIRST), codigo: 131026 },
          }),
        )
        .then('sessions', [{ lembreteMessageId: FIRST, lembreteCanal: 'whatsapp', lembreteEstado: 'falhou' }]));

    it('stays when the session changes, in the same batch as its message or after', async () => {
      const rescheduled = ofSession({
        type: 'SessionRescheduled',
        data: { inicio: '2030-03-05T13:00:00.000Z', fim: '2030-03-05T14:00:00.000Z' },
      });
      await given(ofSession(booked('personal')))
        .when(sent(FIRST), rescheduled)
        .then('sessions', [{ lembreteCanal: 'whatsapp', lembreteEstado: 'enviado', version: 2 }]);
      await given(ofSession(booked('personal')), sent(FIRST))
        .when(rescheduled)
        .then('sessions', [{ lembreteCanal: 'whatsapp', lembreteEstado: 'enviado', version: 2 }]);
    });

    it("goes with an erased student, and their message's later statuses change nothing", () =>
      given(ofSession(booked('personal')), sent(FIRST))
        .when({ type: 'PersonalDataErased', data: { studentId: ANA, subjectIds: [] } }, read(FIRST))
        .then('sessions', [{ lembreteMessageId: null, lembreteCanal: null, lembreteEstado: null }]));

    it('a new session has none, and a message about no session changes nothing', async () => {
      await given(ofSession(booked('personal'))).then('sessions', [
        { lembreteMessageId: null, lembreteCanal: null, lembreteEstado: null },
      ]);
      const spec = given(ofSession(booked('personal'))).when(
        onItsStream(FIRST, {
          type: 'WhatsAppMessageSent',
          data: { ...message(FIRST), sessionId: null, wamid: `wamid.${FIRST}` },
        }),
      );
      await spec.then('sessions', [{ lembreteCanal: null }]);
      await spec.thenChanges([]);
    });
  });
});
