import { projectionSpec } from '../../../../test/support/projection-spec';
import type { WhatsAppMessageEvent } from '../../contracts/messaging/events';
import { asTheAppRuns } from '../../contexts';
import { sessionRemindersProjection } from '../projections/session-reminders.projection';

const STUDENT = '0193a000-0000-7000-8000-0000000000bb';
const SESSION = '0193a000-0000-7000-8000-0000000000cc';
const FIRST = '0193a000-0000-7000-8000-0000000000e1';
const SECOND = '0193a000-0000-7000-8000-0000000000e2';
const message = (messageId: string) => ({
  messageId,
  studentId: STUDENT,
  sessionId: SESSION,
  cause: `reminder-${messageId}`,
  modelo: 'vira_lembrete_sessao',
});
const sent = (messageId: string): WhatsAppMessageEvent => ({
  type: 'WhatsAppMessageSent',
  data: { ...message(messageId), wamid: `wamid.${messageId}` },
});
const given = projectionSpec(asTheAppRuns([sessionRemindersProjection]));

describe('session reminders projection', () => {
  it("keeps the state of the session's latest reminder and tells it as a change of the session", async () => {
    const spec = given(sent(FIRST)).when({
      type: 'WhatsAppMessageStatusChanged',
      data: { messageId: FIRST, estado: 'lido', codigo: null },
    });
    await spec.then('sessionReminders', [
      { sessionId: SESSION, canal: 'whatsapp', estado: 'lido' },
    ]);
    await spec.thenChanges([{ type: 'session', id: SESSION, studentId: STUDENT }]);
  });

  it("a later message (Horário alterado) replaces it; the earlier one's statuses no longer count", () =>
    given(sent(FIRST), sent(SECOND))
      .when({
        type: 'WhatsAppMessageStatusChanged',
        data: { messageId: FIRST, estado: 'lido', codigo: null },
      })
      .then('sessionReminders', [{ messageId: SECOND, estado: 'enviado' }]));

  it("'Falhou — enviado por e-mail'", () =>
    given(sent(FIRST))
      .when({
        type: 'WhatsAppMessageFellBack',
        data: { ...message(FIRST), canal: 'email', codigo: 131026 },
      })
      .then('sessionReminders', [{ canal: 'email', estado: 'falhou' }]));

  it("refused with no e-mail to send instead: 'Falhou' on WhatsApp", () =>
    given()
      .when({ type: 'WhatsAppMessageRefused', data: { ...message(FIRST), codigo: 131026 } })
      .then('sessionReminders', [{ messageId: FIRST, canal: 'whatsapp', estado: 'falhou' }]));

  it("an erased student's rows go", () =>
    given(sent(FIRST))
      .when({ type: 'PersonalDataErased', data: { studentId: STUDENT, subjectIds: [] } })
      .then('sessionReminders', []));
});
