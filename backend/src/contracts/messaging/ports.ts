/**
 * What other contexts send people through (the messaging context provides it; a context never
 * imports another one).
 */

/** A notification as the device shows it: pt-BR words, and the screen a tap opens. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of the SPA ('/aluno', '/cobrancas/…'). */
  url: string;
}

/** Who is notified: a student of the tenant, or the tenant's trainer. */
export type PushRecipient =
  { tenantId: string; studentId: string } | { tenantId: string; trainer: true };

/**
 * Web Push to a person's devices, if they subscribed any and push is on: queued per device under
 * `cause` (what it is about, e.g. a session's reminder at a time), so one cause is pushed once.
 */
export abstract class PushNotifications {
  abstract notify(recipient: PushRecipient, cause: string, message: PushMessage): Promise<void>;
}

/** An e-mail as the mailer sends it: what goes instead when WhatsApp cannot deliver. */
export interface FallbackEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What a session's reminder and its 'Horário alterado' say. */
export interface SessionMessageWords {
  studentNome: string;
  trainerNome: string;
  /** e.g. 'amanhã (10/05) às 07:00' */
  quando: string;
  locationNome: string | null;
}

/** The words each kind of WhatsApp message takes (its template's variables, by name). */
export interface WhatsAppMessageWords {
  lembrete: SessionMessageWords;
  'horario-alterado': SessionMessageWords;
  'nova-cobranca': {
    studentNome: string;
    trainerNome: string;
    valorCentavos: number;
    /** What it is for: the plan's name, 'Taxa de cancelamento'. */
    descricao: string;
    pixCopiaECola: string;
  };
  'pagamento-recebido': {
    studentNome: string;
    valorCentavos: number;
    /** An absolute link where the student sees the payment. */
    reciboUrl: string;
  };
  'agendamento-publico': {
    studentNome: string;
    trainerNome: string;
    /** e.g. 'amanhã (10/05) às 07:00' */
    quando: string;
  };
}
export type WhatsAppMessageKind = keyof WhatsAppMessageWords;

/** A message offered to WhatsApp: its kind with its words, to a student, for a cause. */
export type WhatsAppOffer = {
  [Kind in WhatsAppMessageKind]: {
    tenantId: string;
    studentId: string;
    /** The session it is about, if any (its reminder's state shows on the agenda). */
    sessionId: string | null;
    /** What it is about (one session at one time, one charge): one cause, one message. */
    cause: string;
    kind: Kind;
    variables: WhatsAppMessageWords[Kind];
    /**
     * The e-mail that goes if WhatsApp refuses it or reports it failed; null when the student has
     * no e-mail: a failed message is then recorded ('Falhou') and nothing else goes.
     */
    fallback: FallbackEmail | null;
  };
}[WhatsAppMessageKind];

/**
 * WhatsApp through the Cloud API (the messaging context provides it): a message goes there when
 * the student consented (and did not write 'PARAR'), their number is not 'não entregue', the
 * trainer's WhatsApp is on and the kind's template is approved; then it is queued once per cause
 * and `offer` answers true. Otherwise false: the caller sends its e-mail, if any, as before.
 */
export abstract class WhatsAppMessages {
  abstract offer(message: WhatsAppOffer): Promise<boolean>;
}
