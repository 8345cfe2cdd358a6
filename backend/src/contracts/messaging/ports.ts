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
