import { z } from 'zod';
import { booleanFromEnv, type ConfigWith } from '../config/config';
import { rateLimitSetting } from '../platform/http/rate-limiter';

const PROVIDER = /^[a-z0-9-]{1,32}$/;
/** The provider PIX_WEBHOOK_SECRET signs for, when there is one PSP. */
export const DEFAULT_WEBHOOK_PROVIDER = 'psp';
/**
 * API Pix notifications come to /api/webhooks/api-pix and are confirmed with the trainer's PSP:
 * no signed route may go by that name.
 */
const RESERVED_PROVIDER = 'api-pix';

/** Environment settings of the charges context. */
export const chargesConfigShape = {
  /**
   * The secret a PSP signs its payment notifications with (HMAC-SHA256 of the raw body, hex, in
   * `X-Signature`), for the provider `psp` (`POST /api/webhooks/pix/psp`); unset (and no
   * PIX_WEBHOOK_SECRETS), the route is disabled (404).
   */
  PIX_WEBHOOK_SECRET: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(16).optional(),
  ),
  /** One secret per provider, `provedor=segredo,outro=segredo`; wins over PIX_WEBHOOK_SECRET. */
  PIX_WEBHOOK_SECRETS: z
    .string()
    .optional()
    .transform((value, context) => {
      const secrets = new Map<string, string>();
      for (const pair of (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        const at = pair.indexOf('=');
        const provider = pair.slice(0, at);
        const secret = pair.slice(at + 1);
        if (
          at < 1 ||
          !PROVIDER.test(provider) ||
          provider === RESERVED_PROVIDER ||
          secret.length < 16
        ) {
          context.addIssue({
            code: 'custom',
            message: `use provedor=segredo (16+ caracteres), separados por vírgula; '${RESERVED_PROVIDER}' não é um provedor daqui`,
          });
          return z.NEVER;
        }
        secrets.set(provider, secret);
      }
      return secrets;
    }),
  /**
   * Seals the trainers' PSP secrets (client secret, certificate key) at rest; required in
   * production, elsewhere one is generated once into `.data/pix-secrets-key` (like JWT_SECRET's).
   */
  PIX_SECRETS_KEY: z.string().min(32).optional(),
  /** A PEM file of a CA trusted for PSP connections besides the system's (the loopback PSP's). */
  PIX_PSP_CA_FILE: z.string().min(1).optional(),
  /**
   * Whether a PSP's URL may be in a loopback or private network (the loopback PSP of tests, `npm run
   * dev` and the bench); unset, only outside production. Refused, a trainer cannot make the API
   * probe the network it runs in.
   */
  PIX_PSP_ALLOW_INTERNAL: booleanFromEnv.optional(),
  /** Where PSPs POST API Pix notifications (+ '/pix'); default APP_URL + '/api/webhooks/api-pix'. */
  PIX_WEBHOOK_URL: z.url().optional(),
  /**
   * API Pix notifications per client address (`max/seconds`). Generous: one PSP notifies for all
   * the trainers it serves from a few addresses; what an address can make Vira ask is bounded below.
   */
  RATE_LIMIT_API_PIX_PER_ADDRESS: rateLimitSetting('120/60'),
  /**
   * Questions a trainer's PSP is asked because of notifications (GET /cob, /cobv, /cobr, /rec),
   * per trainer: an unauthenticated POST can never make Vira hammer a trainer's PSP over mTLS.
   */
  RATE_LIMIT_API_PIX_PER_TENANT: rateLimitSetting('60/60'),
};
export type ChargesConfig = ConfigWith<typeof chargesConfigShape>;

/**
 * The secret of `provider`'s notifications: its own in PIX_WEBHOOK_SECRETS, or PIX_WEBHOOK_SECRET
 * for `psp`; undefined for any other name (not enabled: 404).
 */
export function webhookSecretOf(config: ChargesConfig, provider: string): string | undefined {
  if (!PROVIDER.test(provider) || provider === RESERVED_PROVIDER) return undefined;
  return (
    config.PIX_WEBHOOK_SECRETS.get(provider) ??
    (provider === DEFAULT_WEBHOOK_PROVIDER ? config.PIX_WEBHOOK_SECRET : undefined)
  );
}
