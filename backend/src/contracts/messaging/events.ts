import { eventData, type EventsOf, eventTypesOf } from '../shared/event-catalogue';
import { declarePersonalData } from '../shared/personal-data';

/**
 * The events of an account's push devices (stream type 'push-devices', id = the account's user
 * id): each subscription is the person's consent to be notified on that device, and its end
 * (their choice, signing out, or the push service forgetting it) is recorded the same way.
 */
export const PUSH_DEVICES_STREAM_TYPE = 'push-devices';

export interface PushSubscribedData {
  subscriptionId: string;
  userId: string;
  /** The student an aluno's account is; null for the trainer's. */
  studentId: string | null;
  /** Whose data the device's address and keys are: the student, or the trainer (the tenant). */
  subjectId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

export const pushDeviceEvents = {
  PushSubscribed: eventData<PushSubscribedData>(),
  /** 'aparelho': turned off on the device; 'saida': the account signed out there. */
  PushUnsubscribed: eventData<{ subscriptionId: string; motivo: 'aparelho' | 'saida' }>(),
  /** The push service answered 404 or 410: the device's subscription is gone. */
  PushSubscriptionExpired: eventData<{ subscriptionId: string; status: number }>(),
};
export const pushDevicePersonalData = declarePersonalData(pushDeviceEvents, {
  PushSubscribed: { subject: 'subjectId', fields: ['endpoint', 'p256dh', 'auth', 'userAgent'] },
});
export type PushDeviceEvent = EventsOf<typeof pushDeviceEvents>;
export const PUSH_DEVICE_EVENT_TYPES = eventTypesOf(pushDeviceEvents);

// ---- WhatsApp (Cloud API) -------------------------------------------------------------------

/** How a trainer sends WhatsApp: not at all, by the platform's number, or by their own. */
export type WhatsAppModo = 'desligado' | 'vira' | 'proprio';
/** A template's review at Meta (message_template_status_update), as Vira keeps it. */
export type WhatsAppTemplateStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED';

/**
 * The events of a trainer's WhatsApp account (stream type 'whatsapp-account', one per tenant):
 * how they send, and the templates Vira submitted to the WABA with their review status. The
 * access token is not an event: it is sealed in `whatsapp_credentials`.
 */
export const WHATSAPP_ACCOUNT_STREAM_TYPE = 'whatsapp-account';

export const whatsAppAccountEvents = {
  WhatsAppConfigured: eventData<{
    modo: WhatsAppModo;
    phoneNumberId: string | null;
    wabaId: string | null;
  }>(),
  /** A template created at the WABA (or found there already) with its status then. */
  WhatsAppTemplateSubmitted: eventData<{
    nome: string;
    wabaId: string;
    templateId: string;
    status: WhatsAppTemplateStatus;
  }>(),
  /** Meta's review of a template (the webhook's message_template_status_update). */
  WhatsAppTemplateReviewed: eventData<{
    nome: string;
    wabaId: string;
    templateId: string;
    status: WhatsAppTemplateStatus;
    motivo: string | null;
  }>(),
};
export type WhatsAppAccountEvent = EventsOf<typeof whatsAppAccountEvents>;
export const WHATSAPP_ACCOUNT_EVENT_TYPES = eventTypesOf(whatsAppAccountEvents);

/**
 * The events of how a student is reached (stream type 'student-channels', one per student): the
 * channels chosen, and the WhatsApp consent with its evidence (who recorded it, when and how the
 * student agreed), its withdrawal ('PARAR') and a number WhatsApp could not deliver to.
 */
export const STUDENT_CHANNELS_STREAM_TYPE = 'student-channels';

export interface ChannelChoice {
  whatsapp: boolean;
  email: boolean;
  push: boolean;
}

/**
 * The student's own act their WhatsApp opt-in came with (they ticked 'Quero receber lembretes e
 * cobranças pelo WhatsApp'): the event of the context where they did it.
 */
export type StudentOptInAct =
  | { tipo: 'convite'; userId: string }
  | { tipo: 'contrato'; contractId: string; signatureId: string }
  | { tipo: 'agendamento-publico'; optInId: string };

export const studentChannelsEvents = {
  StudentChannelsChosen: eventData<ChannelChoice & { studentId: string }>(),
  WhatsAppConsentGiven: eventData<{
    studentId: string;
    /**
     * How the student agreed: the trainer's words ('por mensagem', 'no contrato'...), or the act
     * they opted in with ('Aceitou o convite', 'Assinou o contrato', 'Agendamento público').
     */
    como: string;
    /** When they agreed. */
    quando: string;
    /**
     * Who recorded it: the trainer's user id; the student's own when they opted in themselves, or
     * RECORDED_BY_VISITOR (messaging api) for a visitor of the public page.
     */
    registradoPor: string;
    /** The student's own act, when they opted in themselves (absent: the trainer recorded it). */
    ato?: StudentOptInAct;
  }>(),
  /** 'PARAR' written to the business number, or the trainer turning WhatsApp off for them. */
  WhatsAppConsentWithdrawn: eventData<{
    studentId: string;
    como: 'parar' | 'personal';
    quando: string;
  }>(),
  /** WhatsApp said the number cannot receive (131026, invalid number): 'não entregue'. */
  WhatsAppUndeliverable: eventData<{ studentId: string; codigo: number }>(),
};
export const studentChannelsPersonalData = declarePersonalData(studentChannelsEvents, {
  WhatsAppConsentGiven: { subject: 'studentId', fields: ['como'] },
});
export type StudentChannelsEvent = EventsOf<typeof studentChannelsEvents>;
export const STUDENT_CHANNELS_EVENT_TYPES = eventTypesOf(studentChannelsEvents);

/** A business-initiated message's state as the Cloud API reports it. */
export type WhatsAppMessageEstado = 'enviado' | 'entregue' | 'lido' | 'falhou';

/**
 * The events of one WhatsApp message (stream type 'whatsapp-message', id derived from its cause):
 * sent through the Cloud API, each status its webhook reported (once each, in order), and the
 * e-mail that went instead when it could not be delivered (or that nothing went, without one).
 */
export const WHATSAPP_MESSAGE_STREAM_TYPE = 'whatsapp-message';

export const whatsAppMessageEvents = {
  WhatsAppMessageSent: eventData<{
    messageId: string;
    studentId: string;
    sessionId: string | null;
    cause: string;
    modelo: string;
    wamid: string;
  }>(),
  WhatsAppMessageStatusChanged: eventData<{
    messageId: string;
    estado: WhatsAppMessageEstado;
    /** Meta's error code when it failed. */
    codigo: number | null;
  }>(),
  /**
   * It went by e-mail instead: WhatsApp refused it (the number is undeliverable, the template is
   * gone) when it was sent, or reported it failed afterwards.
   */
  WhatsAppMessageFellBack: eventData<{
    messageId: string;
    studentId: string;
    sessionId: string | null;
    cause: string;
    modelo: string;
    canal: 'email';
    codigo: number | null;
  }>(),
  /**
   * Nothing went: WhatsApp refused it when it was sent (or the student stopped WhatsApp since it
   * was queued) and the student has no e-mail to send instead. Shown as 'Falhou'.
   */
  WhatsAppMessageRefused: eventData<{
    messageId: string;
    studentId: string;
    sessionId: string | null;
    cause: string;
    modelo: string;
    codigo: number | null;
  }>(),
  /**
   * The student answered with a quick-reply button ('Confirmo', 'Preciso remarcar'); `replyId` is
   * the answer's own message id (a webhook replayed carries it again).
   */
  WhatsAppReplyReceived: eventData<{
    messageId: string;
    sessionId: string | null;
    resposta: 'confirmo' | 'remarcar';
    replyId: string;
  }>(),
};
export type WhatsAppMessageEvent = EventsOf<typeof whatsAppMessageEvents>;
export const WHATSAPP_MESSAGE_EVENT_TYPES = eventTypesOf(whatsAppMessageEvents);
