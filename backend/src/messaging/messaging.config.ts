import { z } from 'zod';
import type { ConfigWith } from '../config/config';
import { base64urlBytes } from '../contracts/messaging/api';

const keyOf = (bytes: number, what: string) =>
  z
    .string()
    .refine((text) => base64urlBytes(text)?.length === bytes, `${what} (${bytes} bytes, base64url)`)
    .optional();

/**
 * Environment settings of messaging. Web Push is on only with the three VAPID settings (RFC 8292):
 * never a key from the repository; unset, the vapid-key route answers 404 and nothing is pushed.
 */
export const messagingConfigShape = {
  /** The application server's P-256 public key, uncompressed. */
  VAPID_PUBLIC_KEY: keyOf(65, 'chave pública P-256 não comprimida'),
  /** Its private key (the scalar d). */
  VAPID_PRIVATE_KEY: keyOf(32, 'chave privada P-256'),
  /** Who push services contact about this server: `mailto:` or an https URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'use mailto:contato@... ou https://...')
    .optional(),
  /** A PEM CA trusted for push services besides the system's (the push service double's in tests). */
  PUSH_SERVICE_CA_FILE: z.string().min(1).optional(),
  /** The Graph API's base (the loopback Cloud API's in tests and `npm run dev`). */
  WHATSAPP_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  /** Vira's Meta app secret: every webhook POST is checked with it (X-Hub-Signature-256). */
  WHATSAPP_APP_SECRET: z.string().min(8).optional(),
  /** What Meta sends in the webhook's verification handshake (hub.verify_token). */
  WHATSAPP_VERIFY_TOKEN: z.string().min(8).optional(),
  /** 'Número do Vira': the platform's business number, its WABA and its token; unset, that mode is off. */
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, 'só dígitos').optional(),
  WHATSAPP_WABA_ID: z.string().regex(/^\d+$/, 'só dígitos').optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(8).optional(),
  /** Seals the trainers' own access tokens (AES-256-GCM); generated once outside production. */
  WHATSAPP_SECRETS_KEY: z.string().min(32).optional(),
  /** Messages per second per business number (the Cloud API's default throughput: 80). */
  WHATSAPP_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).max(1_000).default(80),
};

export type MessagingConfig = ConfigWith<typeof messagingConfigShape>;

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** The VAPID identity push is sent with, or undefined when push is off. */
export function vapidOf(config: MessagingConfig): VapidDetails | undefined {
  const {
    VAPID_PUBLIC_KEY: publicKey,
    VAPID_PRIVATE_KEY: privateKey,
    VAPID_SUBJECT: subject,
  } = config;
  return publicKey && privateKey && subject ? { subject, publicKey, privateKey } : undefined;
}

/** The platform's own number ('Número do Vira'), or undefined when the server has none. */
export function viraNumberOf(
  config: MessagingConfig,
): { phoneNumberId: string; wabaId: string; accessToken: string } | undefined {
  const {
    WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
    WHATSAPP_WABA_ID: wabaId,
    WHATSAPP_ACCESS_TOKEN: accessToken,
  } = config;
  return phoneNumberId && wabaId && accessToken
    ? { phoneNumberId, wabaId, accessToken }
    : undefined;
}
