import { z } from 'zod';
import type { ConfigWith } from '../config/config';

const RATE_LIMIT = /^(\d+)\/(\d+(?:\.\d+)?)$/;

/** "max/seconds", e.g. "60/60": at most 60 requests per 60-second window. */
const rateLimit = (fallback: string) =>
  z
    .string()
    .regex(RATE_LIMIT, 'use o formato máximo/segundos, ex.: 60/60')
    .default(fallback)
    .transform((value) => {
      const [, max, seconds] = RATE_LIMIT.exec(value) as RegExpExecArray;
      return { max: Number(max), windowMs: Math.round(Number(seconds) * 1000) };
    });

/** Environment settings of public booking, merged into the app configuration. */
export const bookingConfigShape = {
  /** Reads of the public page and its slots, per client address. */
  RATE_LIMIT_PUBLIC_SLOTS: rateLimit('60/60'),
  /** Public bookings tried, per client address. */
  RATE_LIMIT_PUBLIC_BOOKINGS: rateLimit('10/60'),
  /** Public bookings one phone may make in a day (São Paulo) with one trainer. */
  PUBLIC_BOOKINGS_PER_PHONE_PER_DAY: z.coerce.number().int().min(1).max(100).default(3),
};

export type BookingConfig = ConfigWith<typeof bookingConfigShape>;
export type RateLimitSetting = { max: number; windowMs: number };
