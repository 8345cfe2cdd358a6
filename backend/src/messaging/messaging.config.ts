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
