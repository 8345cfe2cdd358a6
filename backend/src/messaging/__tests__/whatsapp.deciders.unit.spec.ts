import { deciderSpec, expectOneStreamPerTrainer } from '../../../../test/support/decider-spec';
import type {
  StudentChannelsEvent,
  WhatsAppAccountEvent,
  WhatsAppMessageEvent,
} from '../../contracts/messaging/events';
import { CONSENT_REQUIRED_MESSAGE } from '../../contracts/messaging/api';
import { studentChannelsDecider } from '../domain/student-channels.decider';
import {
  whatsAppAccountDecider,
  whatsAppAccountStreamId,
} from '../domain/whatsapp-account.decider';
import { whatsAppMessageDecider, whatsAppMessageIdOf } from '../domain/whatsapp-message.decider';

const NOW = new Date('2030-05-09T10:00:00.000Z');
const STUDENT = '0193a000-0000-7000-8000-0000000000bb';
const TRAINER = '0193a000-0000-7000-8000-0000000000aa';
const STUDENT_USER = '0193a000-0000-7000-8000-0000000000dd';
const WABA = '209000000000007';

describe('whatsapp account decider', () => {
  const given = deciderSpec(whatsAppAccountDecider, NOW);
  const template = { nome: 'vira_lembrete_sessao', wabaId: WABA, templateId: '3000000000001' };
  const configured: WhatsAppAccountEvent = {
    type: 'WhatsAppConfigured',
    data: { modo: 'proprio', phoneNumberId: '109000000000007', wabaId: WABA },
  };
  const submitted: WhatsAppAccountEvent = {
    type: 'WhatsAppTemplateSubmitted',
    data: { ...template, status: 'PENDING' },
  };
  const connect = {
    type: 'ConfigureWhatsApp' as const,
    ...configured.data,
    templates: [{ ...template, status: 'PENDING' as const }],
  };

  it('connecting records the settings and the templates; the same again, nothing', () => {
    given().when(connect).then([configured, submitted]);
    given(configured, submitted).when(connect).then([]);
  });

  it("records Meta's review of a template it submitted, once; another WABA's, nothing", () => {
    const review = {
      type: 'ReviewTemplate' as const,
      wabaId: WABA,
      templateId: template.templateId,
      status: 'APPROVED' as const,
      motivo: null,
    };
    const reviewed: WhatsAppAccountEvent = {
      type: 'WhatsAppTemplateReviewed',
      data: { ...template, status: 'APPROVED', motivo: null },
    };
    given(configured, submitted).when(review).then([reviewed]);
    given(configured, submitted, reviewed).when(review).then([]);
    given(configured, submitted)
      .when({ ...review, wabaId: '209000000000014' })
      .then([]);
    given().when(review).then([]);
  });

  it('one stream per trainer', () => expectOneStreamPerTrainer(whatsAppAccountStreamId));
});

describe('student channels decider', () => {
  const given = deciderSpec(studentChannelsDecider, NOW);
  const channels = { whatsapp: true, email: true, push: false };
  const consentimento = { como: 'Assinou o termo na academia', quando: '2030-05-01T13:00:00.000Z' };
  const chosen: StudentChannelsEvent = {
    type: 'StudentChannelsChosen',
    data: { studentId: STUDENT, ...channels },
  };
  const consented: StudentChannelsEvent = {
    type: 'WhatsAppConsentGiven',
    data: { studentId: STUDENT, ...consentimento, registradoPor: TRAINER },
  };
  const choose = (consent: typeof consentimento | null, choice = channels) => ({
    type: 'ChooseChannels' as const,
    studentId: STUDENT,
    channels: choice,
    consentimento: consent,
    registradoPor: TRAINER,
  });

  it('WhatsApp needs the consent with its evidence: who, when, how', () => {
    given().when(choose(null)).thenFails('validation_error', CONSENT_REQUIRED_MESSAGE);
    given().when(choose(consentimento)).then([chosen, consented]);
    given(chosen, consented).when(choose(null)).then([]);
  });

  it("'PARAR' takes the consent back at once, and only once; asking again needs a new consent", () => {
    const stopped: StudentChannelsEvent = {
      type: 'WhatsAppConsentWithdrawn',
      data: { studentId: STUDENT, como: 'parar', quando: NOW.toISOString() },
    };
    given(chosen, consented).when({ type: 'StopWhatsApp', studentId: STUDENT }).then([stopped]);
    given(chosen, consented, stopped).when({ type: 'StopWhatsApp', studentId: STUDENT }).then([]);
    given(chosen, consented, stopped)
      .when(choose(null))
      .thenFails('validation_error', CONSENT_REQUIRED_MESSAGE);
  });

  it('turning WhatsApp off takes the consent back', () => {
    given(chosen, consented)
      .when(choose(null, { ...channels, whatsapp: false }))
      .then([
        {
          type: 'StudentChannelsChosen',
          data: { studentId: STUDENT, ...channels, whatsapp: false },
        },
        {
          type: 'WhatsAppConsentWithdrawn',
          data: { studentId: STUDENT, como: 'personal', quando: NOW.toISOString() },
        },
      ]);
  });

  it('the student opting in themselves records their consent with the act and turns WhatsApp on, keeping the other channels', () => {
    const optIn = {
      type: 'OptInByStudent' as const,
      studentId: STUDENT,
      como: 'Aceitou o convite',
      quando: '2030-05-01T13:15:00.000Z',
      registradoPor: STUDENT_USER,
      ato: { tipo: 'convite' as const, userId: STUDENT_USER },
    };
    const theirConsent: StudentChannelsEvent = {
      type: 'WhatsAppConsentGiven',
      data: {
        studentId: STUDENT,
        como: 'Aceitou o convite',
        quando: '2030-05-01T13:15:00.000Z',
        registradoPor: STUDENT_USER,
        ato: { tipo: 'convite', userId: STUDENT_USER },
      },
    };
    const whatsAppOn = (email: boolean, push: boolean): StudentChannelsEvent => ({
      type: 'StudentChannelsChosen',
      data: { studentId: STUDENT, whatsapp: true, email, push },
    });
    given()
      .when(optIn)
      .then([whatsAppOn(true, true), theirConsent]);
    const emailOnly: StudentChannelsEvent = {
      type: 'StudentChannelsChosen',
      data: { studentId: STUDENT, whatsapp: false, email: true, push: false },
    };
    given(emailOnly)
      .when(optIn)
      .then([whatsAppOn(true, false), theirConsent]);
    // Already on (the trainer recorded a consent): their own act is recorded as the evidence.
    given(chosen, consented).when(optIn).then([theirConsent]);
    // After 'PARAR', ticking the box again is a new consent.
    const stopped: StudentChannelsEvent = {
      type: 'WhatsAppConsentWithdrawn',
      data: { studentId: STUDENT, como: 'parar', quando: NOW.toISOString() },
    };
    given(chosen, consented, stopped)
      .when(optIn)
      .then([whatsAppOn(true, false), theirConsent]);
  });

  it("a number WhatsApp cannot deliver to is marked 'não entregue' once; a new consent clears it", () => {
    const undeliverable: StudentChannelsEvent = {
      type: 'WhatsAppUndeliverable',
      data: { studentId: STUDENT, codigo: 131026 },
    };
    const mark = { type: 'MarkWhatsAppUndeliverable' as const, studentId: STUDENT, codigo: 131026 };
    given(chosen, consented).when(mark).then([undeliverable]);
    given(chosen, consented, undeliverable).when(mark).then([]);
    given(chosen, consented, undeliverable, consented).when(mark).then([undeliverable]);
  });
});

describe('whatsapp message decider', () => {
  const given = deciderSpec(whatsAppMessageDecider, NOW);
  const messageId = whatsAppMessageIdOf(TRAINER, 'reminder-x-1');
  const message = {
    messageId,
    studentId: STUDENT,
    sessionId: '0193a000-0000-7000-8000-0000000000cc',
    cause: 'reminder-x-1',
    modelo: 'vira_lembrete_sessao',
  };
  const sent: WhatsAppMessageEvent = {
    type: 'WhatsAppMessageSent',
    data: { ...message, wamid: 'wamid.abc' },
  };
  const status = (
    estado: 'enviado' | 'entregue' | 'lido' | 'falhou',
    codigo: number | null = null,
  ) => ({
    type: 'RecordStatus' as const,
    messageId,
    estado,
    codigo,
  });
  const changed = (
    estado: 'entregue' | 'lido' | 'falhou',
    codigo: number | null = null,
  ): WhatsAppMessageEvent => ({
    type: 'WhatsAppMessageStatusChanged',
    data: { messageId, estado, codigo },
  });

  it('is sent once', () => {
    given()
      .when({ type: 'RecordSent', ...message, wamid: 'wamid.abc' })
      .then([sent]);
    given(sent)
      .when({ type: 'RecordSent', ...message, wamid: 'wamid.abc' })
      .then([]);
  });

  it('statuses only move forward; a replay, a late one or one of a message never sent changes nothing', () => {
    given(sent)
      .when(status('entregue'))
      .then([changed('entregue')]);
    given(sent, changed('entregue')).when(status('entregue')).then([]);
    given(sent, changed('lido')).when(status('entregue')).then([]);
    given(sent).when(status('enviado')).then([]);
    given().when(status('lido')).then([]);
  });

  it('a failure ends it with Meta’s code; it falls back to e-mail once', () => {
    given(sent, changed('entregue'))
      .when(status('falhou', 131026))
      .then([changed('falhou', 131026)]);
    given(sent, changed('falhou', 131026)).when(status('lido')).then([]);
    const fallBack = { type: 'RecordFallBack' as const, ...message, codigo: 131026 };
    const fellBack: WhatsAppMessageEvent = {
      type: 'WhatsAppMessageFellBack',
      data: { ...message, canal: 'email', codigo: 131026 },
    };
    given(sent, changed('falhou', 131026)).when(fallBack).then([fellBack]);
    given(sent, changed('falhou', 131026), fellBack).when(fallBack).then([]);
  });

  it('refused with no e-mail to send instead, it is recorded refused once; never after it went', () => {
    const refuse = { type: 'RecordRefused' as const, ...message, codigo: 131026 };
    const refused: WhatsAppMessageEvent = {
      type: 'WhatsAppMessageRefused',
      data: { ...message, codigo: 131026 },
    };
    given().when(refuse).then([refused]);
    given(refused).when(refuse).then([]);
    given(sent).when(refuse).then([]);
  });

  it('one message per tenant and cause', () => {
    expect(whatsAppMessageIdOf(TRAINER, 'c')).toBe(whatsAppMessageIdOf(TRAINER, 'c'));
    expect(whatsAppMessageIdOf(TRAINER, 'c')).not.toBe(whatsAppMessageIdOf(STUDENT, 'c'));
  });
});
