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

/** A session's reminder or 'Horário alterado', offered to WhatsApp. */
export interface WhatsAppReminder {
  tenantId: string;
  studentId: string;
  sessionId: string;
  /** What it is about (one session at one time): one cause, one message. */
  cause: string;
  kind: 'lembrete' | 'horario-alterado';
  studentNome: string;
  trainerNome: string;
  /** e.g. 'amanhã (10/05) às 07:00' */
  quando: string;
  locationNome: string | null;
  /** The e-mail that goes if WhatsApp refuses it or reports it failed. */
  fallback: FallbackEmail;
}

/**
 * WhatsApp through the Cloud API (the messaging context provides it): a reminder goes there when
 * the student consented (and did not write 'PARAR'), their number is not 'não entregue', the
 * trainer's WhatsApp is on and the template is approved; then it is queued once per cause and
 * `remind` answers true. Otherwise false: the caller sends its e-mail as before.
 */
export abstract class WhatsAppMessages {
  abstract remind(reminder: WhatsAppReminder): Promise<boolean>;
}
