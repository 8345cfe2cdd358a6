import { z } from 'zod';
import type { ConfigWith } from '../config/config';
import { rateLimitSetting } from '../platform/http/rate-limiter';

/** Environment settings of public booking, merged into the app configuration. */
export const bookingConfigShape = {
  /** Reads of the public page and its slots, per client address. */
  RATE_LIMIT_PUBLIC_SLOTS: rateLimitSetting('60/60'),
  /** Public bookings tried, per client address. */
  RATE_LIMIT_PUBLIC_BOOKINGS: rateLimitSetting('10/60'),
  /** Public bookings one phone may make in a day (São Paulo) with one trainer. */
  PUBLIC_BOOKINGS_PER_PHONE_PER_DAY: z.coerce.number().int().min(1).max(100).default(3),
};

export type BookingConfig = ConfigWith<typeof bookingConfigShape>;
