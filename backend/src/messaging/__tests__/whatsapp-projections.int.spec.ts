import { projectionSpec, SPEC_CLOCK } from '../../../../test/support/projection-spec';
import { anaProfile } from '../../../../test/support/spec-events';
import type {
  StudentChannelsEvent,
  WhatsAppAccountEvent,
  WhatsAppMessageEvent,
} from '../../contracts/messaging/events';
import type { StudentLifecycleEvent } from '../../contracts/students/events';
import { asTheAppRuns } from '../../contexts';
import { whatsAppAccountsProjection } from '../projections/whatsapp-accounts.projection';
import { whatsAppContactsProjection } from '../projections/whatsapp-contacts.projection';
import { whatsAppMessagesProjection } from '../projections/whatsapp-messages.projection';

const STUDENT = '0193a000-0000-7000-8000-0000000000bb';
const OTHER = '0193a000-0000-7000-8000-0000000000dd';
const TRAINER = '0193a000-0000-7000-8000-0000000000aa';
const SESSION = '0193a000-0000-7000-8000-0000000000cc';
const MESSAGE = '0193a000-0000-7000-8000-0000000000ee';
const WABA = '209000000000007';

describe('whatsapp accounts projection', () => {
  const given = projectionSpec(asTheAppRuns([whatsAppAccountsProjection]));
  const configured: WhatsAppAccountEvent = {
    type: 'WhatsAppConfigured',
    data: { modo: 'proprio', phoneNumberId: '109000000000007', wabaId: WABA },
  };
  const submitted = (nome: string, templateId: string): WhatsAppAccountEvent => ({
    type: 'WhatsAppTemplateSubmitted',
    data: { nome, wabaId: WABA, templateId, status: 'PENDING' },
  });

  it('keeps the account and each template with its review', () =>
    given(configured, submitted('vira_lembrete_sessao', '1'), submitted('vira_nova_cobranca', '2'))
      .when({
        type: 'WhatsAppTemplateReviewed',
        data: {
          nome: 'vira_nova_cobranca',
          wabaId: WABA,
          templateId: '2',
          status: 'REJECTED',
          motivo: 'INVALID_FORMAT',
        },
      })
      .then('whatsappTemplates', [
        { nome: 'vira_lembrete_sessao', templateId: '1', status: 'PENDING', motivo: null },
        {
          nome: 'vira_nova_cobranca',
          templateId: '2',
          status: 'REJECTED',
          motivo: 'INVALID_FORMAT',
        },
      ]));

  it("tells the trainer's browsers that their WhatsApp changed", async () => {
    const spec = given(configured).when(submitted('vira_lembrete_sessao', '1'));
    await spec.thenChanges([{ tenantId: spec.tenantId, type: 'whatsapp', id: spec.tenantId }]);
  });

  it('turning WhatsApp off forgets the templates', () =>
    given(configured, submitted('vira_lembrete_sessao', '1'))
      .when({
        type: 'WhatsAppConfigured',
        data: { modo: 'desligado', phoneNumberId: null, wabaId: null },
      })
      .then('whatsappTemplates', []));

  it("a closed account's rows go", () =>
    given(configured).when({ type: 'AccountClosed', data: {} }).then('whatsappAccounts', []));
});

describe('whatsapp contacts projection', () => {
  const given = projectionSpec(asTheAppRuns([whatsAppContactsProjection]));
  const registered = (
    studentId: string,
    whatsapp: string | null,
  ): StudentLifecycleEvent & { streamId: string } => ({
    type: 'StudentRegistered',
    data: anaProfile({ whatsapp }),
    streamId: studentId,
  });
  const consented: StudentChannelsEvent = {
    type: 'WhatsAppConsentGiven',
    data: {
      studentId: STUDENT,
      como: 'No contrato',
      quando: '2030-05-01T13:00:00.000Z',
      registradoPor: TRAINER,
    },
  };
  const chosen: StudentChannelsEvent = {
    type: 'StudentChannelsChosen',
    data: { studentId: STUDENT, whatsapp: true, email: false, push: true },
  };

  it('keeps the number as WhatsApp writes it, the channels and the consent with its evidence', () =>
    given(registered(STUDENT, '(11) 98765-4321'))
      .when(chosen, consented)
      .then('whatsappContacts', [
        {
          studentId: STUDENT,
          telefone: '5511987654321',
          whatsapp: true,
          email: false,
          push: true,
          consentimentoComo: 'No contrato',
          consentimentoEm: new Date('2030-05-01T13:00:00.000Z'),
          consentimentoPor: TRAINER,
          paradoEm: null,
          naoEntregue: false,
        },
      ]));

  it("keeps a visitor's own opt-in on the public page as recorded by 'aluno'", () =>
    given(registered(STUDENT, '11987654321'))
      .when(
        {
          type: 'StudentChannelsChosen',
          data: { studentId: STUDENT, whatsapp: true, email: true, push: true },
        },
        {
          type: 'WhatsAppConsentGiven',
          data: {
            studentId: STUDENT,
            como: 'Agendamento público',
            quando: '2030-05-01T13:00:00.000Z',
            registradoPor: 'aluno',
            ato: { tipo: 'agendamento-publico', optInId: MESSAGE },
          },
        },
      )
      .then('whatsappContacts', [
        {
          studentId: STUDENT,
          whatsapp: true,
          consentimentoComo: 'Agendamento público',
          consentimentoEm: new Date('2030-05-01T13:00:00.000Z'),
          consentimentoPor: 'aluno',
        },
      ]));

  it("'PARAR' turns WhatsApp off and drops the consent; 'não entregue' is cleared by a new number", () =>
    given(registered(STUDENT, '11987654321'), chosen, consented, {
      type: 'WhatsAppUndeliverable',
      data: { studentId: STUDENT, codigo: 131026 },
    })
      .when(
        {
          type: 'WhatsAppConsentWithdrawn',
          data: { studentId: STUDENT, como: 'parar', quando: SPEC_CLOCK.toISOString() },
        },
        { type: 'StudentUpdated', data: { whatsapp: '11912345678' }, streamId: STUDENT },
      )
      .then('whatsappContacts', [
        {
          telefone: '5511912345678',
          whatsapp: false,
          consentimentoComo: null,
          paradoEm: SPEC_CLOCK,
          naoEntregue: false,
        },
      ]));

  it('a new telefone does not replace their WhatsApp', () =>
    given(registered(STUDENT, '11987654321'))
      .when({ type: 'StudentUpdated', data: { telefone: '1133334444' }, streamId: STUDENT })
      .then('whatsappContacts', [{ telefone: '5511987654321' }]));

  it("an erased student's row goes, the others stay", () =>
    given(registered(STUDENT, '11987654321'), registered(OTHER, '11912345678'), chosen, consented)
      .when({ type: 'PersonalDataErased', data: { studentId: STUDENT, subjectIds: [] } })
      .then('whatsappContacts', [{ studentId: OTHER }]));
});

describe('whatsapp messages projection', () => {
  const given = projectionSpec(asTheAppRuns([whatsAppMessagesProjection]));
  const message = {
    messageId: MESSAGE,
    studentId: STUDENT,
    sessionId: SESSION,
    cause: 'reminder-x-1',
    modelo: 'vira_lembrete_sessao',
  };
  const sent: WhatsAppMessageEvent = {
    type: 'WhatsAppMessageSent',
    data: { ...message, wamid: 'wamid.abc' },
  };

  it("keeps each message's state; its session's change is told", async () => {
    const spec = given(sent).when(
      {
        type: 'WhatsAppMessageStatusChanged',
        data: { messageId: MESSAGE, estado: 'entregue', codigo: null },
      },
      {
        type: 'WhatsAppMessageStatusChanged',
        data: { messageId: MESSAGE, estado: 'lido', codigo: null },
      },
    );
    await spec.then('whatsappMessages', [
      { id: MESSAGE, sessionId: SESSION, wamid: 'wamid.abc', estado: 'lido', porEmail: false },
    ]);
    await spec.thenChanges([
      { type: 'session', id: SESSION, studentId: STUDENT },
      { type: 'session', id: SESSION, studentId: STUDENT },
    ]);
  });

  it('a message refused when sent is recorded as failed, gone by e-mail', () =>
    given()
      .when({
        type: 'WhatsAppMessageFellBack',
        data: { ...message, canal: 'email', codigo: 131026 },
      })
      .then('whatsappMessages', [
        { id: MESSAGE, wamid: null, estado: 'falhou', erroCodigo: 131026, porEmail: true },
      ]));

  it('a message refused with no e-mail to send instead is recorded as failed, not by e-mail', () =>
    given()
      .when({ type: 'WhatsAppMessageRefused', data: { ...message, codigo: 131026 } })
      .then('whatsappMessages', [
        { id: MESSAGE, wamid: null, estado: 'falhou', erroCodigo: 131026, porEmail: false },
      ]));

  it("an erased student's messages go", () =>
    given(sent)
      .when({ type: 'PersonalDataErased', data: { studentId: STUDENT, subjectIds: [] } })
      .then('whatsappMessages', []));
});
