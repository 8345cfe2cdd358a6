import { z } from 'zod';
import type { ConfigWith } from '../config/config';
import { rateLimitSetting } from '../platform/http/rate-limiter';

const optionalBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

/** Environment settings of the identity context, merged into the app configuration. */
export const identityConfigShape = {
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * For this long after a refresh token is rotated, presenting it again (another tab refreshing at
   * the same moment) answers the same new token instead of counting as theft.
   */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** Default: true in production, false otherwise. */
  AUTH_REQUIRE_EMAIL_CONFIRMATION: optionalBoolean,
  /**
   * GET /api/dev/mailbox (the e-mails kept when SMTP_URL is unset): only when this is true (set
   * by `npm run dev`), never in production, and only to clients on this machine.
   */
  DEV_MAILBOX: optionalBoolean.transform((value) => value ?? false),
  RATE_LIMIT_LOGIN_PER_ADDRESS: rateLimitSetting('30/60'),
  RATE_LIMIT_LOGIN_PER_EMAIL: rateLimitSetting('10/60'),
  RATE_LIMIT_SIGNUP: rateLimitSetting('10/600'),
  RATE_LIMIT_RECOVER: rateLimitSetting('5/600'),
  RATE_LIMIT_RESET: rateLimitSetting('10/600'),
  /** Wrong two-factor codes (and passwords to turn it off) per account, whatever the challenge or address. */
  RATE_LIMIT_MFA_PER_ACCOUNT: rateLimitSetting('10/600'),
  /** Sign-in with Google is offered when its client id and secret are set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_ISSUER_URL: z.url().default('https://appleid.apple.com'),
};


/** The settings identity reads: the platform's and its own. */
export type IdentityConfig = ConfigWith<typeof identityConfigShape>;
