import { z } from 'zod';

/**
 * The box a student ticks where they already give data (accepting the invite, signing a contract,
 * booking on the public page). Unchecked until they tick it: under the LGPD consent is an
 * affirmative act.
 */
export const WHATSAPP_OPT_IN_LABEL = 'Quero receber lembretes e cobranças pelo WhatsApp';

/** The body's `whatsapp`: true when the box was ticked; absent or false, nothing is recorded. */
export const whatsAppOptInField = z
  .boolean("Campo 'Receber pelo WhatsApp' deve ser verdadeiro ou falso")
  .optional();
